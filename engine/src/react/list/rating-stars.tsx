import { useEngineTexts } from '../engine-texts.tsx';

/** A read-only star rating: ★★★★☆ for the eye, "4 von 5 Sternen" for screen readers and print. */
export function RatingStars({ value, max = 5 }: { value: number; max?: number }) {
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
