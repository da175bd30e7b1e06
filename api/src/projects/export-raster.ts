import { Resvg } from '@resvg/resvg-js';

// SVG to PNG for the Word file (`@resvg/resvg-js`, a native renderer): Word 2016 and later draw
// the SVG itself, every other program (LibreOffice, older Word, previews) the PNG beside it.
// Loaded only with the Word export (export-docx.ts is imported on its first use).

/** A rendered PNG and its size in pixels. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Renders an SVG to a PNG `height` pixels high (its width follows its proportions); undefined
 * for an SVG the renderer cannot read. External files and system fonts are not loaded: the
 * avatars have no text, and an agency's logo may not reach out of the file.
 */
export function svgToPng(svg: Buffer, height: number, fonts = false): Raster | undefined {
  try {
    const image = new Resvg(svg, {
      fitTo: { mode: 'height', value: height },
      font: { loadSystemFonts: fonts },
    }).render();
    return { data: image.asPng(), width: image.width, height: image.height };
  } catch {
    return undefined;
  }
}

/**
 * The preset images' PNGs by their path below `presets/`: each rendered on its first use and then
 * kept – the presets are a fixed set of a few dozen small files, read once at start.
 */
const presetRasters = new Map<string, Raster | undefined>();

export function presetPng(image: string, svg: Buffer, height: number): Raster | undefined {
  const key = `${height}:${image}`;
  if (!presetRasters.has(key)) presetRasters.set(key, svgToPng(svg, height));
  return presetRasters.get(key);
}

/** The agencies' SVG logos' PNGs by the logo's hash, the most recent few. */
const logoRasters = new Map<string, Raster | undefined>();
const LOGOS_KEPT = 32;

/**
 * An agency's SVG logo as a PNG, rendered once per logo (its hash changes with every upload);
 * system fonts are loaded for a logo's lettering.
 */
export function logoPng(hash: string, svg: Buffer, height: number): Raster | undefined {
  const key = `${height}:${hash}`;
  if (logoRasters.has(key)) {
    const known = logoRasters.get(key);
    // Most recently used last, so the oldest goes first.
    logoRasters.delete(key);
    logoRasters.set(key, known);
    return known;
  }
  const raster = svgToPng(svg, height, true);
  logoRasters.set(key, raster);
  if (logoRasters.size > LOGOS_KEPT) logoRasters.delete(logoRasters.keys().next().value!);
  return raster;
}
