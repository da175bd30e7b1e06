import type { WidgetProps } from '@rjsf/utils';
import { useEngineTexts } from '../engine-texts.tsx';
import { WidgetLegend } from './widget-legend.tsx';
import { describedByIds } from '../templates/field-description-ids.ts';

const STARS = [1, 2, 3, 4, 5];

/** A 1–5 star rating as a real radio group: arrow keys move, screen readers hear "4 Sterne". */
export function StarRatingWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  label,
  onChange,
  onBlur,
  onFocus,
  rawErrors,
  hideError,
  uiSchema,
}: WidgetProps) {
  const texts = useEngineTexts();
  const current = typeof value === 'number' ? value : undefined;
  return (
    <fieldset
      className="stars"
      id={id}
      aria-describedby={describedByIds({ id, rawErrors, hideError, uiSchema })}
    >
      <WidgetLegend label={label} required={required} />
      <div className="stars-row">
        {STARS.map((star) => (
          <label
            key={star}
            className={current !== undefined && star <= current ? 'star is-on' : 'star'}
          >
            <input
              type="radio"
              name={id}
              value={star}
              checked={current === star}
              disabled={disabled || readonly}
              required={required}
              onChange={() => onChange(star)}
              onBlur={() => onBlur(id, current)}
              onFocus={() => onFocus(id, current)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{texts.fill(texts.star, { value: star })}</span>
          </label>
        ))}
        {!required && current !== undefined && !disabled && !readonly ? (
          <button
            type="button"
            className="button-link stars-clear"
            onClick={() => onChange(undefined)}
          >
            {texts.notRated}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
