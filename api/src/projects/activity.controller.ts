import { Controller, Get, Query } from '@nestjs/common';
import { ActivityService } from './activity.service.ts';
import type { ProjectAccess } from './project-access.service.ts';
import { Access, ForProject } from './project-access.guard.ts';

/** A project's history: the agency's members only, never the customer. */
@Controller('api/projects/:id/activity')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get()
  @ForProject('manage')
  list(@Access() access: ProjectAccess, @Query('before') before: unknown) {
    return this.activity.list(access, before);
  }
}
