import type { WidgetProps } from '@rjsf/utils';
import { useEngineTexts } from '../engine-texts.tsx';
import { describedByIds } from '../templates/field-description-ids.ts';

const POINTS = [-3, -2, -1, 0, 1, 2, 3];

/**
 * One row of the polarity profile: seven radios labelled 3 2 1 0 1 2 3 between the preset's
 * left and right label; unset is allowed and can be restored.
 */
export function PolarityWidget({
  id,
  value,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
  schema,
  rawErrors,
  hideError,
  uiSchema,
}: WidgetProps) {
  const texts = useEngineTexts();
  // The loader puts the preset's two poles on each generated property.
  const [left = '', right = ''] = ((schema as { 'x-poles'?: string[] })['x-poles'] ??
    []) as string[];
  const current = typeof value === 'number' ? value : undefined;
  const describe = (point: number) =>
    point === 0
      ? texts.polarityNeutral
      : texts.fill(texts.polarityTowards, {
          value: Math.abs(point),
          pole: point < 0 ? left : right,
        });
  return (
    <fieldset
      className="polarity"
      id={id}
      aria-describedby={describedByIds({ id, rawErrors, hideError, uiSchema })}
    >
      <legend className="visually-hidden">
        {left} – {right}
      </legend>
      <span className="polarity-pole polarity-left" aria-hidden="true">
        {left}
      </span>
      <div className="polarity-points">
        {POINTS.map((point) => (
          <label
            key={point}
            className={current === point ? 'polarity-point is-on' : 'polarity-point'}
          >
            <input
              type="radio"
              name={id}
              value={point}
              checked={current === point}
              disabled={disabled || readonly}
              onChange={() => onChange(point)}
              onBlur={() => onBlur(id, current)}
              onFocus={() => onFocus(id, current)}
              aria-label={describe(point)}
            />
            <span aria-hidden="true">{Math.abs(point)}</span>
          </label>
        ))}
      </div>
      <span className="polarity-pole polarity-right" aria-hidden="true">
        {right}
      </span>
      {!disabled && !readonly ? (
        // Always there, hidden without a choice: its row stays reserved (widgets.css).
        <button
          type="button"
          className={
            current === undefined
              ? 'button-link polarity-clear is-idle'
              : 'button-link polarity-clear'
          }
          aria-hidden={current === undefined ? true : undefined}
          tabIndex={current === undefined ? -1 : undefined}
          onClick={() => onChange(null)}
        >
          {texts.polarityClear}
        </button>
      ) : null}
    </fieldset>
  );
}
