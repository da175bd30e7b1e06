import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { etagOf } from '../common/etag.ts';
import { CHECKS_MODULE } from './definition.providers.ts';

/**
 * The definition's schema checks as Ajv standalone code, built once at start from the loaded
 * definition and served as a same-origin ES module: the browser validates with the server's
 * schemas without compiling anything.
 */
@Controller('assets')
export class ChecksController {
  private readonly etag: string;

  constructor(@Inject(CHECKS_MODULE) private readonly module: string) {
    this.etag = etagOf(module);
  }

  /** Revalidated on every page load (`no-cache`): an unchanged module is an empty 304. */
  @Get('checks.js')
  checks(@Res() response: Response) {
    response
      .type('application/javascript')
      .set('Cache-Control', 'no-cache')
      .set('ETag', this.etag)
      .send(this.module);
  }
}
