import type { WidgetProps } from '@rjsf/utils';
import { useEngineTexts } from '../engine-texts.tsx';
import { type EngineFormContext, presetOptions, retiredOptions } from '../preset-options.ts';
import { describedByIds } from '../templates/field-description-ids.ts';

/** A select of German preset labels with 'Bitte auswählen' and, where allowed, 'Sonstiges'. */
export function PresetSelectWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  autofocus,
  schema,
  onChange,
  onBlur,
  onFocus,
  registry,
  rawErrors,
  hideError,
  uiSchema,
}: WidgetProps) {
  const texts = useEngineTexts();
  const { definition } = registry.formContext as EngineFormContext;
  const options = presetOptions(definition, schema, texts.custom);
  // A stored key the revision no longer offers stays selected, with its old label and a marker.
  const retired = retiredOptions(definition, schema, options, [value]);
  return (
    <select
      id={id}
      name={id}
      className="select"
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={describedByIds({ id, rawErrors, hideError, uiSchema })}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    >
      <option value="">{texts.placeholder}</option>
      {options.map((option) => (
        <option key={option.key} value={option.key}>
          {option.label}
        </option>
      ))}
      {retired.map((option) => (
        <option key={option.key} value={option.key}>
          {`${option.label} (${texts.notOffered})`}
        </option>
      ))}
    </select>
  );
}
