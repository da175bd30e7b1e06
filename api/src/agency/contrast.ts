/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) for the agency's primary
 * colour. Pure, so the API's check and its tests need no browser.
 */

/** The contrast an agency colour needs against white: AA for normal text (1.4.3). */
export const MIN_CONTRAST_ON_WHITE = 4.5;

/** An sRGB channel (0–255) in linear light, as the WCAG definition linearises it. */
function linear(channel: number): number {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of `#rrggbb` (0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Keine Farbe im Format #rrggbb: ${hex}`);
  const [red, green, blue] = match.slice(1).map((part) => linear(Number.parseInt(part, 16)));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** The contrast ratio of two `#rrggbb` colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  );
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** The contrast ratio of `#rrggbb` against white. */
export const contrastOnWhite = (hex: string): number => contrastRatio(hex, '#ffffff');

/**
 * A ratio as a message names it: German decimals, rounded *down* to two places, so a colour
 * just below the limit never reads as reaching it („4,49:1“, not „4,5:1“).
 */
export function ratioText(ratio: number): string {
  const floored = Math.floor(ratio * 100) / 100;
  return `${floored.toLocaleString('de-DE', { maximumFractionDigits: 2 })}:1`;
}
