import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { notFound } from '../common/api-error.ts';
import { encodedOnce, type EncodedBody } from '../common/encoded-body.ts';
import { DEFINITION_REVISIONS, type DefinitionRevisions } from './definition-revisions.ts';
import { browserDefinition, PRESET_ASSETS, type PresetAssets } from './preset-assets.ts';

/**
 * The stored revisions for the browser (docs/architecture.md#revisionen): a project that is not on
 * the current revision (an approved one) is shown and checked with its own.
 */
@Controller()
export class DefinitionRevisionsController {
  /** Each revision's definition for the browser and its checks module, by revision id. */
  private readonly definitions = new Map<string, EncodedBody>();
  private readonly checksModules = new Map<string, EncodedBody>();

  constructor(
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
    @Inject(PRESET_ASSETS) private readonly assets: PresetAssets,
  ) {}

  /**
   * GET /api/definitions/{id}: the revision as `/api/config/definition` gives the current one.
   * Its content never changes; the labels of retired keys can still grow when a later start
   * brings back an older revision, so the browser revalidates (ETag, an empty 304).
   */
  @Get('api/definitions/:id')
  async definition(@Param('id') id: string, @Req() request: Request, @Res() response: Response) {
    const revision = await this.revisions.get(id);
    if (!revision) throw notFound();
    const body = await encodedOnce(this.definitions, revision.ref.id, () =>
      JSON.stringify({ data: browserDefinition(revision.definition, this.assets) }),
    );
    body.send(request, response, 'application/json', 'no-cache');
  }

  /**
   * GET /assets/checks/{id}.js: the precompiled checks of one revision (like /assets/checks.js).
   * Revalidated (`no-cache`, an empty 304 while unchanged), not cached for good: they hold the
   * platform's forms too, which belong to no revision and change with the server.
   */
  @Get('assets/checks/:file')
  async checks(@Param('file') file: string, @Req() request: Request, @Res() response: Response) {
    const revision = file.endsWith('.js') ? await this.revisions.get(file.slice(0, -3)) : undefined;
    if (!revision) throw notFound();
    const module = await encodedOnce(this.checksModules, revision.ref.id, () => revision.checks());
    module.send(request, response, 'application/javascript', 'no-cache');
  }
}
