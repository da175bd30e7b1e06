import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import type { UserRow } from '../users/user-row.ts';
import { VerifiedUser } from '../users/session-user.decorator.ts';
import type { ProjectAccess } from './project-access.service.ts';
import { Access, ForProject } from './project-access.guard.ts';
import { ProjectsService } from './projects.service.ts';

@Controller('api/projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  async list(@VerifiedUser() user: UserRow) {
    return { data: await this.projects.list(user) };
  }

  @Post('create')
  async create(@VerifiedUser() user: UserRow, @Body() body: unknown) {
    return { data: await this.projects.create(user, body) };
  }

  @Get(':id')
  @ForProject('read')
  async get(@Access() access: ProjectAccess) {
    return { data: await this.projects.json(access) };
  }

  @Patch(':id')
  @ForProject('manage')
  async update(@Access() access: ProjectAccess, @Body() body: unknown) {
    return { data: await this.projects.update(access, body) };
  }

  @Delete(':id')
  @ForProject('manage')
  async remove(@Access() access: ProjectAccess, @Param('id') id: string) {
    await this.projects.remove(access);
    return { data: { id } };
  }

  @Put(':id/approve')
  @HttpCode(200)
  @ForProject('approve')
  async approve(@Access() access: ProjectAccess) {
    return { data: await this.projects.approve(access) };
  }

  @Put(':id/edit-token')
  @HttpCode(200)
  @ForProject('change')
  async regenerateToken(@Access() access: ProjectAccess) {
    return { data: await this.projects.regenerateToken(access) };
  }
}
