import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { notFound } from '../common/api-error.ts';
import { encodedOnce, type EncodedBody } from '../common/encoded-body.ts';
import {
  PRESET_ASSETS,
  PRESET_ASSETS_ROUTE,
  PRESET_SPRITE,
  type PresetAsset,
  type PresetAssets,
} from './preset-assets.ts';

/** A year: a versioned URL (`?v=` the file's hash) never changes its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The preset illustrations (the avatars) of the loaded definition, all in one sprite
 * (`/assets/presets/_sprite.svg`) and each on its own (`/assets/presets/avatars/woman_office.svg`).
 * Only files a preset entry names are served, from memory; the definition hands the browser their
 * URLs with the version. Sent compressed where the browser accepts it (the sprite: 59 KB as SVG).
 */
@Controller(PRESET_ASSETS_ROUTE)
export class PresetAssetsController {
  /** Each file's body, compressed at its first request. */
  private readonly bodies = new WeakMap<PresetAsset, EncodedBody>();

  constructor(@Inject(PRESET_ASSETS) private readonly assets: PresetAssets) {}

  @Get('*path')
  async asset(@Req() request: Request, @Res() response: Response) {
    const file = decodeURIComponent(request.path.slice(`/${PRESET_ASSETS_ROUTE}/`.length));
    const asset = file === PRESET_SPRITE ? this.assets.sprite : this.assets.files.get(file);
    if (!asset) throw notFound();
    const body = await encodedOnce(this.bodies, asset, () => asset.body);
    const cacheControl = request.query.v === asset.version ? IMMUTABLE : 'no-cache';
    body.send(request, response, 'image/svg+xml', cacheControl);
  }
}
