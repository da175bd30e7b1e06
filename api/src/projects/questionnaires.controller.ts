import { Controller, Get, Inject } from '@nestjs/common';
import type { UserRow } from '../users/user-row.ts';
import { VerifiedUser } from '../users/session-user.decorator.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../definition/definition-revisions.ts';

/** The catalogue for the agency (docs/product.md#fragebögen): what a new project may ask. */
@Controller('api/questionnaires')
export class QuestionnairesController {
  constructor(@Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions) {}

  /**
   * GET /api/questionnaires: the offered questionnaires (retired ones not), the brand briefing
   * first – for verified members, who create projects.
   */
  @Get()
  list(@VerifiedUser() _user: UserRow) {
    return { data: this.revisions.offered() };
  }
}
