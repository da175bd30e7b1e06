import { Controller, Get, Inject } from '@nestjs/common';
import { DEFINITION, type Definition } from './definition.providers.ts';

/**
 * The definition and its presets for the web app (fetched before it renders,
 * docs/product.md#daten).
 */
@Controller('api/config')
export class ConfigController {
  constructor(@Inject(DEFINITION) private readonly definition: Definition) {}

  @Get('presets')
  presets() {
    return { data: { questionnaire: this.definition.presets } };
  }

  @Get('definition')
  definitionJson() {
    return { data: this.definition };
  }
}
