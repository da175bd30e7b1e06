/**
 * `ImageIcon`: an icon of icons.tsx drawn as a background image in token colours instead of an
 * inline SVG (why: see icons.tsx). A module of its own: it travels with the list step's code,
 * not with every page that draws an inline icon.
 */
import type { CSSProperties } from 'react';
import { ICON_STROKE } from './icons.tsx';

/** The icon as a stand-alone SVG document in one colour, as a data: URL. */
export function iconDataUrl(shape: string, color: string): string {
  const markup =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${ICON_STROKE.fill}" ` +
    `stroke="${color}" stroke-width="${ICON_STROKE.strokeWidth}" stroke-linecap="${ICON_STROKE.strokeLinecap}" ` +
    `stroke-linejoin="${ICON_STROKE.strokeLinejoin}">${shape}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(markup)}`;
}

/** Black: what an image icon is drawn in where the page has no tokens (tests, a bare host). */
const FALLBACK_COLOR = '#000000';

/**
 * The value of a colour token on :root (a host sets tokens on :root, see tokens.css). An image
 * document cannot see the page's custom properties, so the colour goes in as a value.
 */
function tokenColor(token: `--${string}`): string {
  const value =
    typeof document === 'undefined'
      ? ''
      : getComputedStyle(document.documentElement).getPropertyValue(token).trim();
  return value || FALLBACK_COLOR;
}

/** Each icon's style, made once per shape and colours: the tokens are read once, on first use. */
const imageStyles = new Map<string, CSSProperties>();

interface ImageIconProps {
  /** One of the `…_SHAPE` constants. */
  shape: string;
  /** The colour token the icon is drawn in. */
  color: `--${string}`;
  /** The colour token while the pointer is on the icon's button (default: `color`). */
  hoverColor?: `--${string}`;
}

/**
 * An icon drawn as the background of a `<span>` (why: see icons.tsx). Its look
 * matches the inline icons in the given token colours; in forced-colours mode it is a mask in
 * the system's button text colour (base.css), so it follows the user's colours as
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
