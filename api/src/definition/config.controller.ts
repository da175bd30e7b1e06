import { Controller, Get, Inject } from '@nestjs/common';
import type { Definition } from './definition.providers.ts';
import { BROWSER_DEFINITION } from './preset-assets.ts';

/**
 * The definition and its presets for the web app (fetched before it renders,
 * docs/product.md#daten), with preset images as their URLs.
 */
@Controller('api/config')
export class ConfigController {
  constructor(@Inject(BROWSER_DEFINITION) private readonly definition: Definition) {}

  @Get('presets')
  presets() {
    return { data: { questionnaire: this.definition.presets } };
  }

  @Get('definition')
  definitionJson() {
    return { data: this.definition };
  }
}
