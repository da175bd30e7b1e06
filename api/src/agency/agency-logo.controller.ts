import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { notFound } from '../common/api-error.ts';
import { isUuid } from '../common/secrets.ts';
import { AgencyService } from './agency.service.ts';

/**
 * What an SVG logo may do when opened on its own: nothing but draw with its inline styles (the
 * sanitiser already removed scripts and outside references; this holds even if it missed one).
 */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * GET /api/agencies/{agencyId}/logo/{hash}: the agency's logo for everyone (its customers have no
 * login; a share-link page shows it). The hash is part of the address, so the answer never
 * changes and may be cached for ever; an older hash is a 404.
 */
@Controller('api/agencies')
export class AgencyLogoController {
  constructor(private readonly agency: AgencyService) {}

  @Get(':agencyId/logo/:hash')
  async logo(
    @Param('agencyId') agencyId: string,
    @Param('hash') hash: string,
    @Res() response: Response,
  ) {
    if (!isUuid(agencyId) || !/^[0-9a-f]{64}$/.test(hash)) throw notFound();
    const logo = await this.agency.logo(agencyId, hash);
    if (!logo) throw notFound();
    response.set({
      'Content-Type': logo.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      ETag: `"${hash}"`,
    });
    if (logo.contentType === 'image/svg+xml') response.set('Content-Security-Policy', SVG_POLICY);
    response.send(logo.data);
  }
}
