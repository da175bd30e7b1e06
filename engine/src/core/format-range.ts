import { isObject } from './is-object.ts';

/** An ISO 4217 currency code (`EUR`); any other unit is a word written after the number. */
const CURRENCY = /^[A-Z]{3}$/;

const formats = new Map<string, Intl.NumberFormat>();

/** One German number format per unit, made on first use (creating one costs some milliseconds). */
function numberFormat(unit: string | undefined): Intl.NumberFormat {
  const key = unit && CURRENCY.test(unit) ? unit : '';
  let format = formats.get(key);
  if (!format) {
    format = key
      ? new Intl.NumberFormat('de-DE', {
          style: 'currency',
          currency: key,
          maximumFractionDigits: 0,
        })
      : new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format;
}

/** A number the German way, with its currency („5.000 €“) or followed by its unit („5 Seiten“). */
export function formatAmount(value: number, unit?: string): string {
  const number = numberFormat(unit).format(value);
  return unit && !CURRENCY.test(unit) ? `${number} ${unit}` : number;
}

/**
 * A range `{ min, max }` the German way: „5.000 € bis 10.000 €“, one side alone „ab 5.000 €“ or
 * „bis 10.000 €“, both the same „5.000 €“. A unit that is no currency stands once, at the end
 * („5 bis 10 Seiten“). Undefined without a number on either side.
 */
export function formatRange(value: unknown, unit?: string): string | undefined {
  if (!isObject(value)) return undefined;
  const min = typeof value.min === 'number' && Number.isFinite(value.min) ? value.min : undefined;
  const max = typeof value.max === 'number' && Number.isFinite(value.max) ? value.max : undefined;
  if (min === undefined && max === undefined) return undefined;
  if (max === undefined) return `ab ${formatAmount(min!, unit)}`;
  if (min === undefined) return `bis ${formatAmount(max, unit)}`;
  if (min === max) return formatAmount(min, unit);
  if (unit && !CURRENCY.test(unit))
    return `${numberFormat(unit).format(min)} bis ${formatAmount(max, unit)}`;
  return `${formatAmount(min, unit)} bis ${formatAmount(max, unit)}`;
}

/** The unit as it stands beside an input: a currency's symbol („€“), else the unit itself. */
export function unitLabel(unit: string): string {
  if (!CURRENCY.test(unit)) return unit;
  return (
    numberFormat(unit)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? unit
  );
}

const GROUPED = /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const PLAIN = /^-?\d+(?:[.,]\d+)?$/;

/**
 * A number as people in Germany type it: „5000“, „5.000“, „5.000,50“, „2,5“ (a point between
 * groups of three digits separates thousands, a comma the decimals; „2.5“ is two and a half).
 * Blank is undefined; a text that is no number comes back as it is, so the schema's type check
 * says so at the field instead of the input dropping it.
 */
export function parseAmount(text: string): number | string | undefined {
  const value = text.replace(/[\s\u00a0]/g, '');
  if (value === '') return undefined;
  if (GROUPED.test(value)) return Number(value.replace(/\./g, '').replace(',', '.'));
  if (PLAIN.test(value)) return Number(value.replace(',', '.'));
  return text;
}

/** A number for an input, the German way and without grouping: 5000 → „5000“, 2.5 → „2,5“. */
export function amountText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value).replace('.', ',');
  return typeof value === 'string' ? value : '';
}
