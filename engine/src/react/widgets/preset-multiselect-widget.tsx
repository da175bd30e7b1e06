import type { WidgetProps } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import { searchMatches } from '../../core/index.ts';
import { useEngineTexts } from '../engine-texts.tsx';
import { type EngineFormContext, presetOptions, retiredOptions } from '../preset-options.ts';
import { WidgetLegend } from './widget-legend.tsx';
import { describedByIds } from '../templates/field-description-ids.ts';

/**
 * docs/product.md#konstanten-und-grenzen: a multiselect shows at most this many options at once.
 */
const OPTION_LIMIT = 1000;

/**
 * A searchable multiselect: the chosen values as removable chips, a search field, and the
 * matching options as checkboxes ('Keine Ergebnisse für diesen Begriff gefunden' when none match).
 */
export function PresetMultiselectWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  label,
  schema,
  uiSchema,
  onChange,
  onBlur,
  registry,
  rawErrors,
  hideError,
}: WidgetProps) {
  const texts = useEngineTexts();
  const searchId = useId();
  const { definition } = registry.formContext as EngineFormContext;
  const options = useMemo(
    () => presetOptions(definition, schema, texts.custom),
    [definition, schema, texts.custom],
  );
  const [query, setQuery] = useState('');
  const selected: string[] = Array.isArray(value) ? value : [];
  const noResults =
    (uiSchema?.['ui:options'] as { noResultsText?: string } | undefined)?.noResultsText ??
    texts.noResults;
  // „grossz“ finds „großzügig“: umlauts and ß match however they are typed.
  const matches = options
    .filter((option) => searchMatches(option.label, query))
    .slice(0, OPTION_LIMIT);
  const locked = disabled || readonly;
  const toggle = (key: string) => {
    const next = selected.includes(key)
      ? selected.filter((item) => item !== key)
      : [...selected, key];
    onChange(next.length ? next : undefined);
  };
  // Stored keys the revision no longer offers keep their old label, marked until removed.
  const retired = retiredOptions(definition, schema, options, selected);
  const labelOf = (key: string) =>
    [...options, ...retired].find((option) => option.key === key)?.label ?? key;

  return (
    <fieldset
      className="multiselect"
      id={id}
      aria-describedby={describedByIds({ id, rawErrors, hideError, uiSchema })}
      aria-invalid={rawErrors?.length ? true : undefined}
      onBlur={() => onBlur(id, selected)}
    >
      <WidgetLegend label={label} required={required} />
      {selected.length ? (
        <ul className="chips" aria-label={texts.selected}>
          {selected.map((key) => (
            <li key={key} className="chip">
              {labelOf(key)}
              {retired.some((option) => option.key === key) ? (
                <span className="chip-note"> ({texts.notOffered})</span>
              ) : null}
              {!locked ? (
                <button
                  type="button"
                  className="chip-remove"
                  onClick={() => toggle(key)}
                  aria-label={texts.fill(texts.removeValue, { label: labelOf(key) })}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {!locked ? (
        <>
          <label className="visually-hidden" htmlFor={searchId}>
            {texts.search}
          </label>
          <input
            id={searchId}
            type="search"
            className="multiselect-search"
            placeholder={texts.search}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
          <div className="multiselect-options">
            {matches.length === 0 ? <p className="multiselect-empty">{noResults}</p> : null}
            {matches.map((option) => (
              <label key={option.key} className="multiselect-option">
                <input
                  type="checkbox"
                  checked={selected.includes(option.key)}
                  onChange={() => toggle(option.key)}
                />
                {option.label}
              </label>
            ))}
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
