import type { WidgetProps } from '@rjsf/utils';
import { describedByIds } from '../templates/field-description-ids.ts';

/** docs/product.md#konstanten-und-grenzen: textareas have 5 rows. */
export const TEXTAREA_ROWS = 5;

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
}: WidgetProps) {
  return (
    <textarea
      id={id}
      name={id}
      rows={TEXTAREA_ROWS}
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      // rjsf hands "" when ui.json sets none; Chrome then builds a placeholder element anyway and
      // recalculates its style on every keystroke.
      placeholder={placeholder || undefined}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedByIds({ id, rawErrors, hideError, uiSchema })}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
