import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CHECKS_MODULE } from './definition.providers.ts';

/**
 * The definition's schema checks as Ajv standalone code, built once at start from the loaded
 * definition and served as a same-origin ES module: the browser validates with the server's
 * schemas without compiling anything.
 */
@Controller('assets')
export class ChecksController {
  constructor(@Inject(CHECKS_MODULE) private readonly module: string) {}

  @Get('checks.js')
  checks(@Res() response: Response) {
    response.type('application/javascript').set('Cache-Control', 'no-cache').send(this.module);
  }
}
