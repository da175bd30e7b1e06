import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EncodedBody } from '../common/encoded-body.ts';
import { CHECKS_MODULE } from './definition.providers.ts';

/**
 * The definition's schema checks as Ajv standalone code, built once at start from the loaded
 * definition and served as a same-origin ES module: the browser validates with the server's
 * schemas without compiling anything.
 */
@Controller('assets')
export class ChecksController {
  private readonly body: EncodedBody;

  constructor(@Inject(CHECKS_MODULE) module: string) {
    this.body = new EncodedBody(module);
  }

  /** Revalidated on every page load (`no-cache`): an unchanged module is an empty 304. */
  @Get('checks.js')
  checks(@Req() request: Request, @Res() response: Response) {
    this.body.send(request, response, 'application/javascript', 'no-cache');
  }
}
