import { starsMarkup } from '../../core/index.ts';
import { useEngineTexts } from '../engine-texts.tsx';

/** "4 von 5 Sternen": the rating's accessible name and title. */
export const ratingLabel = (
  texts: { rating: string; fill: (text: string, values: Record<string, number>) => string },
  value: number,
  max: number,
) => texts.fill(texts.rating, { value, max });

/** A read-only star rating: ★★★★☆ for the eye, "4 von 5 Sternen" for screen readers and print. */
export function RatingStars({ value, max = 5 }: { value: number; max?: number }) {
  const texts = useEngineTexts();
  const label = ratingLabel(texts, value, max);
  return (
    <span
      className="rating"
      role="img"
      aria-label={label}
      title={label}
      dangerouslySetInnerHTML={{ __html: starsMarkup(value, max) }}
    />
  );
}
