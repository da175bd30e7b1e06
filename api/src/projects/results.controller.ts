import { Controller, Get } from '@nestjs/common';
import type { ProjectAccess } from './project-access.service.ts';
import { Access, ForProject } from './project-access.guard.ts';
import { ResultsService } from './results.service.ts';

@Controller('api/projects/:id/results')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Get()
  @ForProject('results')
  async get(@Access() access: ProjectAccess) {
    return { data: await this.results.results(access) };
  }
}
