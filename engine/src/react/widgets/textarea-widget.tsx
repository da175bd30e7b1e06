import type { WidgetProps } from '@rjsf/utils';
import { useEngineTexts } from '../engine-texts.tsx';
import { describedByIds } from '../templates/field-description-ids.ts';

/** docs/product.md#konstanten-und-grenzen: textareas have 5 rows. */
export const TEXTAREA_ROWS = 5;

/** From this share of its `maxLength` on, a text field shows how many characters it has. */
export const COUNTER_FROM = 0.8;

const germanNumber = new Intl.NumberFormat('de-DE');

/**
 * The characters of `text` as the schema's `maxLength` counts them (code points, like Ajv), once
 * the text is near `max`; undefined below {@link COUNTER_FROM} of it. A string's length is never
 * less than its code points, so short texts cost one comparison per keystroke.
 */
export function nearLimit(text: string, max: number | undefined): number | undefined {
  if (!max || text.length < max * COUNTER_FROM) return undefined;
  let count = 0;
  for (const _ of text) count += 1;
  return count >= max * COUNTER_FROM ? count : undefined;
}

/** A multi-line text field. */
export function TextareaWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  autofocus,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  rawErrors,
  hideError,
  uiSchema,
  schema,
}: WidgetProps) {
  const texts = useEngineTexts();
  const text = typeof value === 'string' ? value : '';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const count = nearLimit(text, max);
  const counterId = `${id}__count`;
  const described = describedByIds({ id, rawErrors, hideError, uiSchema });
  const field = (
    <textarea
      id={id}
      name={id}
      rows={TEXTAREA_ROWS}
      value={text}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      // rjsf hands "" when ui.json sets none; Chrome then builds a placeholder element anyway and
      // recalculates its style on every keystroke.
      placeholder={placeholder || undefined}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={
        count === undefined ? described : [described, counterId].filter(Boolean).join(' ')
      }
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
  if (count === undefined || max === undefined) return field;
  // Near the limit only: a quiet count below the field, marked once it is over (the message
  // saying so comes with the save, as for every rule).
  return (
    <>
      {field}
      <span id={counterId} className={count > max ? 'char-count is-over' : 'char-count'}>
        {texts.fill(texts.characterCount, {
          count: germanNumber.format(count),
          max: germanNumber.format(max),
        })}
      </span>
    </>
  );
}
