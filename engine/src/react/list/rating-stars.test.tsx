// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineTextsProvider, useEngineTexts } from '../engine-texts.tsx';
import { GERMAN_TEXTS } from '../test/german-texts.ts';
import { RatingStars } from './rating-stars.tsx';

/** The stars as React made them from one element each, before they became markup. */
function ReactStars({ value, max = 5 }: { value: number; max?: number }) {
  const texts = useEngineTexts();
  const label = texts.fill(texts.rating, { value, max });
  return (
    <span className="rating" role="img" aria-label={label} title={label}>
      {Array.from({ length: max }, (_, index) => (
        <span
          key={index}
          className={index < value ? 'rating-star is-on' : 'rating-star'}
          aria-hidden="true"
        >
          {index < value ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}

const html = (ui: React.ReactElement) =>
  render(<EngineTextsProvider texts={GERMAN_TEXTS}>{ui}</EngineTextsProvider>).container.innerHTML;

afterEach(cleanup);

describe('RatingStars', () => {
  it('makes the same elements as one React element per star', () => {
    for (const [value, max] of [
      [0, 5],
      [1, 5],
      [3, 5],
      [5, 5],
      [2.5, 5],
      [4, 3],
    ] as const)
      expect(html(<RatingStars value={value} max={max} />)).toBe(
        html(<ReactStars value={value} max={max} />),
      );
  });

  it('is one image for screen readers: "4 von 5 Sternen"', () => {
    const { getByRole } = render(
      <EngineTextsProvider texts={GERMAN_TEXTS}>
        <RatingStars value={4} />
      </EngineTextsProvider>,
    );
    expect(getByRole('img').getAttribute('aria-label')).toBe('4 von 5 Sternen');
  });
});
