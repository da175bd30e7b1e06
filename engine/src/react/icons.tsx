/**
 * Icons, drawn on a 24-unit grid with round 2-unit strokes. One shape list serves two ways of
 * drawing them:
 * - inline SVG in `currentColor` (no icon font: crisp in print and without extra requests), for
 *   icons that appear a few times on a page;
 * - `ImageIcon`, a background image in token colours, for the icons every list entry repeats.
 *   Chrome paints each inline `<svg>` as paint chunks of its own, and re-layerizes every chunk of
 *   the page on each frame that changes a text field: the persona step's twelve cards with five
 *   icons each cost more per keystroke than the whole rest of the page (BENCHMARKS.md, "Typing,
 *   round six"). A background image is drawn within its element's chunk.
 */
import type { CSSProperties } from 'react';

/** The shapes, as SVG markup on the 24-unit grid. */
export const ICON_SHAPES = {
  settings:
    '<circle cx="12" cy="12" r="3"/><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"/>',
  eye: '<path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z"/><circle cx="12" cy="12" r="3"/>',
  arrow: '<path d="M5 12h14"/><path d="M13 6l6 6-6 6"/>',
  copy: '<rect x="9" y="9" width="13" height="13" rx="2"/><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"/>',
  warning:
    '<path d="M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"/><path d="M12 9v4"/><path d="M12 17h.01"/>',
  plus: '<path d="M12 5v14"/><path d="M5 12h14"/>',
  arrowUp: '<path d="M12 19V5"/><path d="M6 11l6-6 6 6"/>',
  arrowDown: '<path d="M12 5v14"/><path d="M6 13l6 6 6-6"/>',
  edit: '<path d="M12 20h9"/><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z"/>',
  trash: '<path d="M3 6h18"/><path d="M8 6V4h8v2"/><path d="M19 6l-1 14H6L5 6"/>',
  drag: '<circle cx="9" cy="6" r="1"/><circle cx="15" cy="6" r="1"/><circle cx="9" cy="12" r="1"/><circle cx="15" cy="12" r="1"/><circle cx="9" cy="18" r="1"/><circle cx="15" cy="18" r="1"/>',
} as const;

export type IconShape = keyof typeof ICON_SHAPES;

/** The drawing attributes every icon shares, for the inline element and the image document. */
const STROKE = {
  fill: 'none',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

interface IconProps {
  className?: string;
}

const inlineIcon = (shape: IconShape, { className }: IconProps) => (
  <svg
    className={className ?? 'icon'}
    viewBox="0 0 24 24"
    width="20"
    height="20"
    stroke="currentColor"
    {...STROKE}
    aria-hidden="true"
    focusable="false"
    dangerouslySetInnerHTML={{ __html: ICON_SHAPES[shape] }}
  />
);

export const SettingsIcon = (props: IconProps) => inlineIcon('settings', props);
export const EyeIcon = (props: IconProps) => inlineIcon('eye', props);
export const ArrowIcon = (props: IconProps) => inlineIcon('arrow', props);
export const CopyIcon = (props: IconProps) => inlineIcon('copy', props);
export const WarningIcon = (props: IconProps) => inlineIcon('warning', props);
export const PlusIcon = (props: IconProps) => inlineIcon('plus', props);

/** The icon as a stand-alone SVG document in one colour, as a data: URL. */
export function iconDataUrl(shape: IconShape, color: string): string {
  const markup =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${STROKE.fill}" ` +
    `stroke="${color}" stroke-width="${STROKE.strokeWidth}" stroke-linecap="${STROKE.strokeLinecap}" ` +
    `stroke-linejoin="${STROKE.strokeLinejoin}">${ICON_SHAPES[shape]}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(markup)}`;
}

/** Black: what an image icon is drawn in where the page has no tokens (tests, a bare host). */
const FALLBACK_COLOR = '#000000';
const tokenColors = new Map<string, string>();

/**
 * The value of a colour token on :root, read once per token (a host sets tokens on :root, see
 * tokens.css). An image document cannot see the page's custom properties, so the colour goes in
 * as a value.
 */
function tokenColor(token: `--${string}`): string {
  let color = tokenColors.get(token);
  if (color === undefined) {
    const value =
      typeof document === 'undefined'
        ? ''
        : getComputedStyle(document.documentElement).getPropertyValue(token).trim();
    color = value || FALLBACK_COLOR;
    tokenColors.set(token, color);
  }
  return color;
}

const imageStyles = new Map<string, CSSProperties>();

interface ImageIconProps {
  shape: IconShape;
  /** The colour token the icon is drawn in. */
  color: `--${string}`;
  /** The colour token while the pointer is on the icon's button (default: `color`). */
  hoverColor?: `--${string}`;
}

/**
 * An icon drawn as the background of a `<span>` (see the top of this file for why). Its look
 * matches the inline icons in the given token colours; in forced-colours mode it is a mask in
 * the system's button text colour (icons.css), so it follows the user's colours as
 * `currentColor` would.
 */
export function ImageIcon({ shape, color, hoverColor = color }: ImageIconProps) {
  const key = `${shape} ${color} ${hoverColor}`;
  let style = imageStyles.get(key);
  if (!style) {
    style = {
      '--icon-image': `url("${iconDataUrl(shape, tokenColor(color))}")`,
      '--icon-image-hover': `url("${iconDataUrl(shape, tokenColor(hoverColor))}")`,
    } as CSSProperties;
    imageStyles.set(key, style);
  }
  return <span className="icon icon-image" aria-hidden="true" style={style} />;
}
