import { formatDate } from '@fragewerk/engine/core';

/**
 * A date as German text (format "LL", docs/product.md#konstanten-und-grenzen), empty for a missing
 * value.
 */
export function germanDate(value: string | null | undefined): string {
  return value ? formatDate(value) : '';
}

/** The largest unit first: each applies from its size in seconds on. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let relative: Intl.RelativeTimeFormat | undefined;

/**
 * Made on the first `timeAgo`, not when the module loads: creating an Intl formatter loads the
 * browser's locale data (15–30 ms in the results view's profile), and the results view imports
 * this module for `germanDate` alone.
 */
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat('de', { numeric: 'auto' }));

/**
 * How long ago a moment was, in German words: „jetzt“, „vor 5 Minuten“, „vor 2 Stunden“,
 * „gestern“, „vor 3 Wochen“ (`Intl.RelativeTimeFormat`, counted down to whole units).
 */
export function timeAgo(value: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(value)) / 1000);
  const [unit, size] = UNITS.find(([, length]) => seconds >= length) ?? ['second', 0];
  return relativeFormat().format(size ? -Math.floor(seconds / size) : 0, unit);
}
