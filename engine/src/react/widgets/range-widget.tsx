import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { amountText, parseAmount, unitLabel } from '../../core/index.ts';
import { useEngineTexts } from '../engine-texts.tsx';
import { describedByIds } from '../templates/field-description-ids.ts';
import { WidgetLegend } from './widget-legend.tsx';

type Side = 'min' | 'max';
type Range = Partial<Record<Side, number | string>>;

/**
 * One side of a range: a text input, not `type="number"`, so „5.000“ reads as five thousand the
 * German way ({@link parseAmount}); what is no number stays as typed and the schema's type check
 * says so. The text typed is kept while it still means the stored value („5.000“ stays „5.000“).
 */
function RangeInput({
  id,
  value,
  label,
  unit,
  integer,
  invalid,
  disabled,
  onChange,
  onBlur,
  onFocus,
}: {
  id: string;
  value: number | string | undefined;
  label: string;
  unit: string | undefined;
  integer: boolean;
  invalid: boolean;
  disabled: boolean;
  onChange: (value: number | string | undefined) => void;
  onBlur: () => void;
  onFocus: () => void;
}) {
  const [text, setText] = useState(() => amountText(value));
  const shown = parseAmount(text) === value ? text : amountText(value);
  return (
    <div className="range-side">
      <label className="range-side-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        className="form-control"
        value={shown}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={unit ? `${id}_unit` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseAmount(event.target.value));
        }}
        onBlur={onBlur}
        onFocus={onFocus}
      />
      {unit ? (
        <span className="range-unit" id={`${id}_unit`}>
          {unit}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A range „von … bis …“ (`"x-range": true`, e.g. a budget): two inputs side by side, with the
 * schema's unit (`"x-unit": "EUR"` shows „€“). The value is `{ min, max }` with only the sides
 * filled in; both empty is no value. That „bis“ is not below „von“ is the schema's rule, checked
 * with every other one; its message stands below the range.
 */
export function RangeWidget({
  id,
  value,
  schema,
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
  const range: Range = typeof value === 'object' && value !== null ? (value as Range) : {};
  const unit = typeof schema['x-unit'] === 'string' ? unitLabel(schema['x-unit']) : undefined;
  const sideSchema = (side: Side) => schema.properties?.[side];
  const integer = (side: Side) => {
    const property = sideSchema(side);
    return typeof property === 'object' && property.type === 'integer';
  };
  const invalid = Boolean(rawErrors?.length);
  const change = (side: Side, sideValue: number | string | undefined) => {
    const next: Range = { ...range, [side]: sideValue };
    if (sideValue === undefined) delete next[side];
    onChange(next.min === undefined && next.max === undefined ? undefined : next);
  };
  return (
    <fieldset
      className="range"
      id={id}
      aria-describedby={describedByIds({ id, rawErrors, hideError, uiSchema })}
    >
      <WidgetLegend label={label} required={required} />
      <div className="range-row">
        {(['min', 'max'] as const).map((side) => (
          <RangeInput
            key={side}
            id={`${id}_${side}`}
            value={range[side]}
            label={side === 'min' ? texts.rangeFrom : texts.rangeTo}
            unit={unit}
            integer={integer(side)}
            invalid={invalid}
            disabled={Boolean(disabled || readonly)}
            onChange={(sideValue) => change(side, sideValue)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
        ))}
      </div>
    </fieldset>
  );
}
