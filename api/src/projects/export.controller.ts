import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ExportService, isExportFormat, unknownFormat } from './export.service.ts';
import type { ProjectAccess } from './project-access.service.ts';
import { Access, ForProject } from './project-access.guard.ts';

/**
 * GET /api/projects/{id}/export?format=docx|md|json: the results as a file named after customer
 * and project, for whoever may read the results view (intent `results`); at most 30 per caller
 * and project in 10 minutes (`ExportService.takeExport`).
 */
@Controller('api/projects/:id/export')
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Get()
  @ForProject('results')
  async get(
    @Access() access: ProjectAccess,
    @Query('format') format: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    if (!isExportFormat(format)) throw unknownFormat();
    await this.exports.takeExport(access, request.ip ?? 'unbekannt');
    const file = await this.exports.export(access, format);
    response.status(200).set({
      'Content-Type': file.contentType,
      'Content-Disposition': file.disposition,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    response.send(file.body);
  }
}
