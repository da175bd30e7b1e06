import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EncodedBody } from '../common/encoded-body.ts';
import type { Definition } from './definition.providers.ts';
import { BROWSER_DEFINITION } from './preset-assets.ts';

/**
 * The definition and its presets for the web app (fetched before it renders,
 * docs/product.md#daten), with preset images as their URLs.
 */
@Controller('api/config')
export class ConfigController {
  /** The same for every request of this process: serialised and compressed once. */
  private readonly definitionBody: EncodedBody;

  constructor(@Inject(BROWSER_DEFINITION) private readonly definition: Definition) {
    this.definitionBody = new EncodedBody(JSON.stringify({ data: definition }));
  }

  @Get('presets')
  presets() {
    return { data: { questionnaire: this.definition.presets } };
  }

  /** Revalidated on every page load (`no-cache`): while the server runs, an empty 304. */
  @Get('definition')
  definitionJson(@Req() request: Request, @Res() response: Response) {
    this.definitionBody.send(request, response, 'application/json', 'no-cache');
  }
}
