import { Body, Controller, Delete, Param, Patch, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { QuestionnaireService } from './questionnaire.service.ts';

/** `{kind}` is a step key of the definition; the routes exist for every step, with no code per step. */
@Controller('api/projects/:id/:kind')
export class QuestionnaireController {
  constructor(private readonly questionnaire: QuestionnaireService) {}

  @Post()
  async add(
    @Req() request: Request,
    @Param('id') id: string,
    @Param('kind') kind: string,
    @Body() body: unknown,
  ) {
    return { data: await this.questionnaire.addItem(request, id, kind, body) };
  }

  @Patch()
  async saveForm(
    @Req() request: Request,
    @Param('id') id: string,
    @Param('kind') kind: string,
    @Body() body: unknown,
  ) {
    return { data: await this.questionnaire.saveForm(request, id, kind, body) };
  }

  @Put('order')
  async reorder(
    @Req() request: Request,
    @Param('id') id: string,
    @Param('kind') kind: string,
    @Body() body: unknown,
  ) {
    return { data: await this.questionnaire.reorder(request, id, kind, body) };
  }

  @Patch(':itemId')
  async update(
    @Req() request: Request,
    @Param('id') id: string,
    @Param('kind') kind: string,
    @Param('itemId') itemId: string,
    @Body() body: unknown,
  ) {
    return { data: await this.questionnaire.updateItem(request, id, kind, itemId, body) };
  }

  @Delete(':itemId')
  async remove(
    @Req() request: Request,
    @Param('id') id: string,
    @Param('kind') kind: string,
    @Param('itemId') itemId: string,
  ) {
    await this.questionnaire.deleteItem(request, id, kind, itemId);
    return { data: { id: itemId } };
  }
}
