// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineTextsProvider } from '../engine-texts.tsx';
import { GERMAN_TEXTS } from '../test/german-texts.ts';
import { RatingStars } from './rating-stars.tsx';

afterEach(cleanup);

describe('RatingStars', () => {
  it('shows the lit stars, then the unlit ones, in two hidden spans at most', () => {
    for (const [value, max, lit] of [
      [0, 5, 0],
      [1, 5, 1],
      [3, 5, 3],
      [5, 5, 5],
      [2.5, 5, 3],
      [4, 3, 3],
    ] as const) {
      const { container } = render(
        <EngineTextsProvider texts={GERMAN_TEXTS}>
          <RatingStars value={value} max={max} />
        </EngineTextsProvider>,
      );
      const rating = container.querySelector('.rating')!;
      expect(rating.textContent).toBe('★'.repeat(lit) + '☆'.repeat(max - lit));
      expect(rating.querySelector('.is-on')?.textContent ?? '').toBe('★'.repeat(lit));
      const stars = rating.querySelectorAll('.rating-star');
      expect(stars.length).toBe((lit > 0 ? 1 : 0) + (lit < max ? 1 : 0));
      stars.forEach((star) => expect(star.getAttribute('aria-hidden')).toBe('true'));
      cleanup();
    }
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
