import type { WidgetProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { useEngineTexts } from '../engine-texts.tsx';
import { describedByIds } from '../templates/field-description-ids.ts';
import { WidgetLegend } from './widget-legend.tsx';

const isBlank = (entry: unknown) => typeof entry !== 'string' || entry.trim() === '';

/**
 * A list of web addresses (an array whose entries are `"format": "uri"` or
 * `"x-normalize": "url"`): one address field per entry, „Weitere Adresse hinzufügen“ below them
 * while the schema's `maxItems` allows another, „Entfernen“ beside each. An empty list shows one
 * empty field; empty fields are no entries (normalizeInput drops them before the check).
 */
export function UrlListWidget({
  id,
  value,
  schema,
  required,
  disabled,
  readonly,
  label,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  rawErrors,
  hideError,
  uiSchema,
}: WidgetProps) {
  const texts = useEngineTexts();
  const stored = Array.isArray(value) ? (value as unknown[]) : [];
  const entries = stored.length > 0 ? stored : [''];
  // Stable keys, so a removed field takes its own text and focus along, not its neighbour's.
  const keys = useRef<number[]>([]);
  const nextKey = useRef(0);
  while (keys.current.length < entries.length) keys.current.push(nextKey.current++);
  keys.current.length = entries.length;
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const focusKey = useRef<number | undefined>(undefined);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusKey.current === undefined) return;
    (inputs.current.get(focusKey.current) ?? addButton.current)?.focus();
    focusKey.current = undefined;
  });

  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  // rjsf hands an array's widget no placeholder: ui:placeholder is read here, for every field.
  const hint = placeholder || String(getUiOptions(uiSchema).placeholder ?? '');
  const locked = Boolean(disabled || readonly);
  const invalid = Boolean(rawErrors?.length);
  const emit = (next: unknown[]) =>
    onChange(next.length === 0 || (next.length === 1 && isBlank(next[0])) ? undefined : next);
  const add = () => {
    focusKey.current = nextKey.current;
    emit([...entries, '']);
  };
  const remove = (index: number) => {
    keys.current.splice(index, 1);
    // The field before takes the focus, else the next one (which now has this index), else the
    // empty field that stands in for an empty list.
    focusKey.current = keys.current.length ? keys.current[Math.max(0, index - 1)] : nextKey.current;
    emit(entries.filter((_entry, position) => position !== index));
  };
  return (
    <fieldset
      className="url-list"
      id={id}
      aria-describedby={describedByIds({ id, rawErrors, hideError, uiSchema })}
    >
      <WidgetLegend label={label} required={required} />
      <ul className="url-list-entries">
        {entries.map((entry, index) => {
          const key = keys.current[index]!;
          const position = index + 1;
          return (
            <li key={key} className="url-list-entry">
              <input
                ref={(element) => {
                  if (element) inputs.current.set(key, element);
                  else inputs.current.delete(key);
                }}
                id={`${id}_${index}`}
                type="url"
                inputMode="url"
                autoComplete="url"
                className="form-control"
                value={typeof entry === 'string' ? entry : ''}
                placeholder={hint || undefined}
                aria-label={texts.fill(texts.urlEntry, { label, position })}
                aria-invalid={invalid || undefined}
                disabled={locked}
                onChange={(event) =>
                  emit(
                    entries.map((old, position) => (position === index ? event.target.value : old)),
                  )
                }
                onBlur={() => onBlur(id, value)}
                onFocus={() => onFocus(id, value)}
              />
              {!locked && (entries.length > 1 || !isBlank(entry)) ? (
                <button
                  type="button"
                  className="button-link url-list-remove"
                  aria-label={texts.fill(texts.urlRemoveLabel, { position })}
                  onClick={() => remove(index)}
                >
                  {texts.urlRemove}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {locked ? null : max !== undefined && entries.length >= max ? (
        <p className="url-list-full">{texts.fill(texts.urlMax, { max })}</p>
      ) : (
        <button type="button" ref={addButton} className="button-link url-list-add" onClick={add}>
          {texts.urlAdd}
        </button>
      )}
    </fieldset>
  );
}
