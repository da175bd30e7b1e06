import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { visibleDefinition } from '@fragewerk/engine/core';
import type { ResultsJson } from '@fragewerk/schemas/types';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../definition/definition-revisions.ts';
import {
  browserDefinition,
  PRESET_ASSETS,
  type PresetAssets,
} from '../definition/preset-assets.ts';
import { projectDocuments } from './answers.repository.ts';
import type { ProjectAccess } from './project-access.service.ts';
import { stepAnswers } from './project-json.ts';
import { resultsJson } from './project-results.ts';

/** The results view's parts, rendered on the server (GET /projects/{id}/results). */
@Injectable()
export class ResultsService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
    @Inject(PRESET_ASSETS) private readonly assets: PresetAssets,
  ) {}

  /** The steps' parts of the project's results view, on the revision it is on. */
  async results({ project }: ProjectAccess): Promise<ResultsJson> {
    const [{ answers, items }, revision] = await Promise.all([
      projectDocuments(this.orm.em, project.id),
      this.revisions.of(project),
    ]);
    // As the browser gets it: preset images as their URLs (the cards' avatars); without the steps
    // the agency switched off for this project.
    const definition = visibleDefinition(
      browserDefinition(revision.definition, this.assets),
      project.hidden_steps ?? [],
    );
    return resultsJson(definition, revision.prose, stepAnswers(definition, answers, items));
  }
}
