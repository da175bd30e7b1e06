/**
 * The preset illustrations joined into one SVG file, each below the next with a `<view>` around
 * it, so that `sprite.svg#<view>` shows one of them. Why: a page that shows 24 avatars from 24
 * files holds 24 SVG documents, and Chrome does work for each of them after every task – in the
 * persona editor ~0.5 ms per keystroke unthrottled; one file with 24 views costs what one image
 * costs (docs/benchmarks-history.md, "Typing, round five").
 */

/** One illustration in the sprite: the view that shows it. */
export interface SpriteView {
  id: string;
}

export interface PresetSprite {
  svg: string;
  /** The view of each illustration by its path below `presets/`; missing ones stay files. */
  views: Map<string, SpriteView>;
}

/** `avatars/woman_office.svg` → `avatars.woman_office`: image paths hold no dots but the extension. */
export const viewIdOf = (image: string) => image.replace(/\.svg$/, '').replaceAll('/', '.');

const ROOT = /^[\s\S]*?<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/;

const attribute = (attributes: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(attributes)?.[1];

/** The illustration's own coordinate box: its viewBox, else its width and height. */
function boxOf(attributes: string): [number, number, number, number] | undefined {
  const viewBox = attribute(attributes, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (viewBox?.length === 4 && viewBox.every(Number.isFinite) && viewBox[2]! > 0 && viewBox[3]! > 0)
    return viewBox as [number, number, number, number];
  const width = Number(attribute(attributes, 'width'));
  const height = Number(attribute(attributes, 'height'));
  return width > 0 && height > 0 ? [0, 0, width, height] : undefined;
}

/** Every id of an illustration and each reference to one get `prefix`: ids share one document. */
const prefixIds = (svg: string, prefix: string) =>
  svg
    .replace(/(\sid\s*=\s*")([^"]+)"/g, `$1${prefix}$2"`)
    .replace(/url\(\s*#([^)\s]+)\s*\)/g, `url(#${prefix}$1)`)
    .replace(/(\s(?:xlink:)?href\s*=\s*")#([^"]+)"/g, `$1#${prefix}$2"`);

/**
 * Joins the illustrations (path below `presets/` → SVG text) into one sprite. An illustration
 * without a root `<svg>` whose size is known is left out (it stays a file of its own).
 */
export function presetSprite(images: Map<string, string>): PresetSprite {
  const views = new Map<string, SpriteView>();
  const parts: string[] = [];
  let top = 0;
  let width = 0;
  for (const [image, text] of images) {
    const root = ROOT.exec(text);
    const box = root && boxOf(root[1]!);
    if (!root || !box) continue;
    const id = viewIdOf(image);
    const [, , boxWidth, boxHeight] = box;
    // The root keeps its attributes (namespaces, viewBox) but is placed below the previous one.
    const attributes = root[1]!.replace(/\s(?:x|y|width|height)\s*=\s*"[^"]*"/g, '');
    parts.push(
      `<view id="${id}" viewBox="0 ${top} ${boxWidth} ${boxHeight}"/>`,
      prefixIds(
        `<svg${attributes} x="0" y="${top}" width="${boxWidth}" height="${boxHeight}">${root[2]!}</svg>`,
        `${id}.`,
      ),
    );
    views.set(image, { id });
    top += boxHeight;
    width = Math.max(width, boxWidth);
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"` +
    ` viewBox="0 0 ${width} ${top}" width="${width}" height="${top}">\n${parts.join('\n')}\n</svg>\n`;
  return { svg, views };
}
