import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { notFound } from '../common/api-error.ts';
import {
  PRESET_ASSETS,
  PRESET_ASSETS_ROUTE,
  PRESET_SPRITE,
  type PresetAssets,
} from './preset-assets.ts';

/** A year: a versioned URL (`?v=` the file's hash) never changes its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The preset illustrations (the avatars) of the loaded definition, all in one sprite
 * (`/assets/presets/_sprite.svg`) and each on its own (`/assets/presets/avatars/woman_office.svg`).
 * Only files a preset entry names are served, from memory; the definition hands the browser their
 * URLs with the version.
 */
@Controller(PRESET_ASSETS_ROUTE)
export class PresetAssetsController {
  constructor(@Inject(PRESET_ASSETS) private readonly assets: PresetAssets) {}

  @Get('*path')
  asset(@Req() request: Request, @Res() response: Response) {
    const file = decodeURIComponent(request.path.slice(`/${PRESET_ASSETS_ROUTE}/`.length));
    const asset = file === PRESET_SPRITE ? this.assets.sprite : this.assets.files.get(file);
    if (!asset) throw notFound();
    response
      .type('image/svg+xml')
      .set('Cache-Control', request.query.v === asset.version ? IMMUTABLE : 'no-cache')
      .set('ETag', `"${asset.version}"`)
      .send(asset.body);
  }
}
