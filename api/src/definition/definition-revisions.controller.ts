import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Definition } from '@fragewerk/engine/core';
import type { Request, Response } from 'express';
import { notFound } from '../common/api-error.ts';
import { EncodedBody } from '../common/encoded-body.ts';
import { etagOf } from '../common/etag.ts';
import { DEFINITION_REVISIONS, type DefinitionRevisions } from './definition-revisions.ts';
import { browserDefinition, PRESET_ASSETS, type PresetAssets } from './preset-assets.ts';

/** A year: the checks of a revision id never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The stored revisions for the browser (docs/architecture.md#revisionen): a project that is not on
 * the current revision (an approved one) is shown and checked with its own.
 */
@Controller()
export class DefinitionRevisionsController {
  /** What a revision's route serves, with its ETag, built at its first request. */
  private readonly browser = new Map<string, { body: { data: Definition }; etag: string }>();
  /** Each revision's checks module, built and compressed at its first request. */
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
  async definition(@Param('id') id: string, @Res({ passthrough: true }) response: Response) {
    const revision = await this.revisions.get(id);
    if (!revision) throw notFound();
    let served = this.browser.get(id);
    if (!served) {
      const body = { data: browserDefinition(revision.definition, this.assets) };
      served = { body, etag: etagOf(JSON.stringify(body)) };
      this.browser.set(id, served);
    }
    response.set('Cache-Control', 'no-cache').set('ETag', served.etag);
    return served.body;
  }

  /** GET /assets/checks/{id}.js: the precompiled checks of one revision (like /assets/checks.js). */
  @Get('assets/checks/:file')
  async checks(@Param('file') file: string, @Req() request: Request, @Res() response: Response) {
    const revision = file.endsWith('.js') ? await this.revisions.get(file.slice(0, -3)) : undefined;
    if (!revision) throw notFound();
    let module = this.checksModules.get(revision.ref.id);
    if (!module) {
      module = new EncodedBody(await revision.checks());
      this.checksModules.set(revision.ref.id, module);
    }
    module.send(request, response, 'application/javascript', IMMUTABLE);
  }
}
