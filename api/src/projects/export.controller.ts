import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ExportService, isExportFormat, unknownFormat } from './export.service.ts';
import type { ProjectAccess } from './project-access.service.ts';
import { Access, ForProject } from './project-access.guard.ts';

/**
 * GET /api/projects/{id}/export?format=docx|md|json: the results as a file named after customer
 * and project, for whoever may read the results view (intent `results`).
 */
@Controller('api/projects/:id/export')
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Get()
  @ForProject('results')
  async get(
    @Access() access: ProjectAccess,
    @Query('format') format: unknown,
    @Res() response: Response,
  ) {
    if (!isExportFormat(format)) throw unknownFormat();
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
