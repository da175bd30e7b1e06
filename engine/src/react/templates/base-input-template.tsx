import type { BaseInputTemplateProps } from '@rjsf/utils';
import { getInputProps } from '@rjsf/utils';
import { describedByIds } from './field-description-ids.ts';

/**
 * The plain `<input>` of text, e-mail, URL, number and password fields. Unlike rjsf's default it
 * marks an invalid field with `aria-invalid`, as the engine's other widgets do.
 */
export function BaseInputTemplate({
  id,
  htmlName,
  value,
  readonly,
  disabled,
  autofocus,
  placeholder,
  required,
  onBlur,
  onFocus,
  onChange,
  onChangeOverride,
  options,
  schema,
  type,
  rawErrors,
  hideError,
  uiSchema,
}: BaseInputTemplateProps) {
  const inputProps = getInputProps(schema, type, options);
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  const shown = numeric ? (value || value === 0 ? value : '') : (value ?? '');
  return (
    <input
      id={id}
      name={htmlName || id}
      className="form-control"
      {...inputProps}
      value={shown}
      // No attribute without text: Chrome builds a placeholder element even for "" (see TextareaWidget).
      placeholder={placeholder || undefined}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedByIds({ id, rawErrors, hideError, uiSchema })}
      onChange={
        onChangeOverride ??
        ((event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value))
      }
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
