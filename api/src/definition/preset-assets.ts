import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Definition, Presets } from '@fragewerk/engine/core';
import { definitionDirsFrom } from '@fragewerk/engine/core/node';
import { presetSprite, type SpriteView } from './preset-sprite.ts';

/** Injection token of the preset illustrations (the avatars) of the loaded definition. */
export const PRESET_ASSETS = Symbol('PRESET_ASSETS');
/** Injection token of the definition as the browser gets it: `image` paths become URLs. */
export const BROWSER_DEFINITION = Symbol('BROWSER_DEFINITION');

/** Where the preset illustrations are served; the file's path below `presets/` follows. */
export const PRESET_ASSETS_ROUTE = 'assets/presets';

export interface PresetAsset {
  body: Buffer;
  /** The first hex digits of the file's SHA-256: the `v` of its URL, so it can be cached for good. */
  version: string;
}

/**
 * The files by their path below `presets/` (`avatars/woman_office.svg`), and all of them in one
 * sprite (preset-sprite.ts) with the view of each.
 */
export interface PresetAssets {
  files: Map<string, PresetAsset>;
  sprite: PresetAsset;
  views: Map<string, SpriteView>;
}

/**
 * The sprite's path below the route: an image path can not start with `_` (the meta-schema's
 * pattern), so no preset file is ever named so.
 */
export const PRESET_SPRITE = '_sprite.svg';

const assetOf = (body: Buffer): PresetAsset => ({
  body,
  version: createHash('sha256').update(body).digest('hex').slice(0, 12),
});

const imagesOf = (presets: Presets): string[] =>
  Object.values(presets).flatMap((lists) =>
    Object.values(lists).flatMap((entries) =>
      entries.flatMap((entry) => (typeof entry.image === 'string' ? [entry.image] : [])),
    ),
  );

/**
 * Reads every file a preset entry of any questionnaire names as its `image` from the shared
 * `presets/` folder of the catalogue (`DEFINITION_DIR` or the repository's). The meta-schema only lets through lower-case
 * `.svg` paths without `..`; a missing file stops the start, as the definition lint reports it.
 */
export async function readPresetAssets(
  definitions: Definition[],
  definitionDir: string | undefined,
): Promise<PresetAssets> {
  const { presetsDir } = definitionDirsFrom(definitionDir);
  const files = new Map<string, PresetAsset>();
  const missing: string[] = [];
  const images = new Set(definitions.flatMap((definition) => imagesOf(definition.presets)));
  for (const image of images) {
    const body = await readFile(path.join(presetsDir, image)).catch(() => undefined);
    if (!body) missing.push(`${presetsDir}/${image}`);
    else files.set(image, assetOf(body));
  }
  if (missing.length > 0)
    throw new Error(`Bilder der Presets fehlen (npm run definition:lint): ${missing.join(', ')}`);
  const { svg, views } = presetSprite(
    new Map([...files].map(([image, file]) => [image, file.body.toString('utf8')])),
  );
  return { files, sprite: assetOf(Buffer.from(svg)), views };
}

/** Where the browser finds an image: its view in the sprite, else its own file, else nowhere. */
function imageUrl(assets: PresetAssets, image: string): string | undefined {
  const view = assets.views.get(image);
  if (view) return `/${PRESET_ASSETS_ROUTE}/${PRESET_SPRITE}?v=${assets.sprite.version}#${view.id}`;
  const file = assets.files.get(image);
  return file && `/${PRESET_ASSETS_ROUTE}/${image}?v=${file.version}`;
}

/** Each definition's browser form, made once (per revision: its route and its results). */
const browserForms = new WeakMap<Definition, { assets: PresetAssets; served: Definition }>();

/**
 * The definition for the browser: every preset `image` becomes the URL it is served at, with the
 * version in it: its view in the sprite (`/assets/presets/_sprite.svg?v=…#avatars.woman_office`),
 * else its own file (`/assets/presets/avatars/woman_office.svg?v=…`). Made once per definition.
 */
export function browserDefinition(definition: Definition, assets: PresetAssets): Definition {
  const known = browserForms.get(definition);
  if (known?.assets === assets) return known.served;
  const presets: Presets = Object.fromEntries(
    Object.entries(definition.presets).map(([section, lists]) => [
      section,
      Object.fromEntries(
        Object.entries(lists).map(([list, entries]) => [
          list,
          entries.map((entry) => {
            const url = typeof entry.image === 'string' && imageUrl(assets, entry.image);
            return url ? { ...entry, image: url } : entry;
          }),
        ]),
      ),
    ]),
  );
  const served = { ...definition, presets };
  browserForms.set(definition, { assets, served });
  return served;
}
