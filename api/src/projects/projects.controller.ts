import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Req,
} from '@nestjs/common';
import type { Request } from 'express';
import { ProjectsService } from './projects.service.ts';

@Controller('api/projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  async list(@Req() request: Request) {
    return { data: await this.projects.list(request) };
  }

  @Post('create')
  async create(@Req() request: Request, @Body() body: unknown) {
    return { data: await this.projects.create(request, body) };
  }

  @Get(':id')
  async get(@Req() request: Request, @Param('id') id: string) {
    return { data: await this.projects.get(request, id) };
  }

  @Patch(':id')
  async update(@Req() request: Request, @Param('id') id: string, @Body() body: unknown) {
    return { data: await this.projects.update(request, id, body) };
  }

  @Delete(':id')
  async remove(@Req() request: Request, @Param('id') id: string) {
    await this.projects.remove(request, id);
    return { data: { id } };
  }

  @Put(':id/approve')
  @HttpCode(200)
  async approve(@Req() request: Request, @Param('id') id: string) {
    return { data: await this.projects.approve(request, id) };
  }

  @Put(':id/edit-token')
  @HttpCode(200)
  async regenerateToken(@Req() request: Request, @Param('id') id: string) {
    return { data: await this.projects.regenerateToken(request, id) };
  }
}
