import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  displayValues,
  formatDate,
  resultsDocument,
  resultsMarkdown,
  visibleDefinition,
  type Definition,
  type ResultsDocument,
} from '@fragewerk/engine/core';
import { ApiError } from '../common/api-error.ts';
import {
  secondsUntilNextAttempt,
  takeAttempt,
  type KeyPolicy,
} from '../common/attempts.repository.ts';
import { clientAddressKey } from '../common/client-address.ts';
import { t } from '../common/messages.ts';
import { waitText } from '../common/wait-text.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../definition/definition-revisions.ts';
import { PRESET_ASSETS, type PresetAssets } from '../definition/preset-assets.ts';
import { projectDocuments } from './answers.repository.ts';
import type { DocxCover } from './export-docx.ts';

/**
 * This module's own file extension: `.ts` where the sources run (tests, tsx), `.js` in the build.
 * A dynamic import names its file with it – the build rewrites only static imports' extensions.
 */
const MODULE_EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
import { attachmentHeader } from './export-file-name.ts';
import { agencyLogo } from './export.repository.ts';
import type { ProjectAccess } from './project-access.service.ts';
import { stepAnswers } from './project-json.ts';

export const EXPORT_FORMATS = ['docx', 'md', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A file to download: its bytes, type and `Content-Disposition`. */
export interface ExportFile {
  body: Buffer;
  contentType: string;
  disposition: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The card texts that do not come from the definition, from the server's locale. */
const RATING = (value: number, max: number) => t('results.rating', { value, max });

/** Marks the data export as ours and its shape, for whoever reads it back. */
const JSON_FORMAT = { format: 'fragewerk-results', format_version: 1 } as const;

/**
 * Exports one caller may take of one project per {@link EXPORT_WINDOW_MINUTES} – generous for
 * people, a brake on a script (a share link's holder) that keeps the server busy with Word files.
 */
export const EXPORT_POLICY: KeyPolicy = { limit: 30 };
export const EXPORT_WINDOW_MINUTES = 10;

/** 422 for a format the route does not know. */
export const unknownFormat = () =>
  new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, {
    message: t('export.unknownFormat'),
    errors: { format: [t('export.unknownFormat')] },
  });

export const isExportFormat = (value: unknown): value is ExportFormat =>
  typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);

/** A PNG's or JPEG's size in pixels from its header; undefined for anything else. */
export function rasterSize(
  data: Buffer,
): { type: 'png' | 'jpg'; width: number; height: number } | undefined {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47)
    return { type: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let at = 2;
    while (at + 9 < data.length && data[at] === 0xff) {
      const marker = data[at + 1]!;
      const length = data.readUInt16BE(at + 2);
      // A start of frame (SOF0–SOF15 but DHT, JPG and DAC) carries the size.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { type: 'jpg', height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
      at += 2 + length;
    }
  }
  return undefined;
}

/**
 * GET /projects/{id}/export: the project's results as a Word file, Markdown or JSON – renderers of
 * the one results document (engine results-document.ts) the results view renders as well, on
 * the revision the project is on (an approved project's frozen one).
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
    @Inject(PRESET_ASSETS) private readonly assets: PresetAssets,
  ) {}

  /**
   * Counts one export of the project by its caller – a member by their account, a share link's
   * holder by the client address – in the database (for all API processes), before any work;
   * 429 with the wait when the caller has had {@link EXPORT_POLICY}'s exports in the window.
   */
  async takeExport(access: ProjectAccess, ip: string): Promise<void> {
    const caller = access.memberId ? `user:${access.memberId}` : `ip:${clientAddressKey(ip)}`;
    const key = `export:${access.project.id}:${caller}`;
    const em = this.orm.em.fork();
    if (await takeAttempt(em, key, EXPORT_POLICY, EXPORT_WINDOW_MINUTES)) return;
    const seconds = await secondsUntilNextAttempt(
      em,
      key,
      EXPORT_POLICY.limit,
      EXPORT_WINDOW_MINUTES,
    );
    throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, {
      message: t('export.tooMany', { limit: EXPORT_POLICY.limit, wait: waitText(seconds) }),
    });
  }

  async export(access: ProjectAccess, format: ExportFormat, now = new Date()): Promise<ExportFile> {
    const { project } = access;
    const [{ answers, items }, revision] = await Promise.all([
      projectDocuments(this.orm.em, project.id),
      this.revisions.of(project),
    ]);
    // Without the steps the agency switched off for this project, as the results view.
    const definition = visibleDefinition(revision.definition, project.hidden_steps ?? []);
    const stepData = stepAnswers(definition, answers, items);
    const document = resultsDocument(definition, stepData, revision.prose, { rating: RATING });
    const name = t('export.fileName', {
      customer: project.customer_firm,
      project: project.project_name,
    });
    const disposition = attachmentHeader(name, format, t('export.fallbackName'));
    const revisionRef = definition.revision ?? {
      id: project.definition_revision?.id ?? '',
      label: project.definition_version,
    };
    const lines = [
      t('export.questionnaire', { questionnaire: definition.title, version: revisionRef.label }),
      t('export.exportedAt', { date: formatDate(now) }),
      ...(project.is_approved && project.approved_at
        ? [t('export.approvedAt', { date: formatDate(project.approved_at) })]
        : []),
    ];
    let body: Buffer;
    if (format === 'md')
      body = Buffer.from(
        resultsMarkdown(
          document,
          {
            title: name,
            lines: [t('export.preparedBy', { agency: project.agency.name }), ...lines],
          },
          {
            polarity: {
              left: t('export.polarityLeft'),
              scale: t('export.polarityScale'),
              right: t('export.polarityRight'),
            },
          },
        ),
        'utf8',
      );
    else if (format === 'json')
      body = Buffer.from(
        `${JSON.stringify(
          {
            ...JSON_FORMAT,
            exported_at: now.toISOString(),
            project: {
              id: project.id,
              customer_firm: project.customer_firm,
              project_name: project.project_name,
              approved_at: project.is_approved
                ? (project.approved_at?.toISOString() ?? null)
                : null,
            },
            questionnaire: { id: definition.id ?? project.questionnaire, title: definition.title },
            revision: revisionRef,
            stages: dataStages(definition, stepData, document),
          },
          null,
          2,
        )}\n`,
        'utf8',
      );
    else
      // The Word library (a few MB in memory) loads with the first Word export, not at start.
      body = await (
        (await import(
          /* @vite-ignore */ `./export-docx${MODULE_EXTENSION}`
        )) as typeof import('./export-docx.ts')
      ).resultsDocx(
        document,
        await this.cover(access, name, lines),
        (image) => this.assets.files.get(image)?.body,
      );
    return { body, contentType: CONTENT_TYPES[format], disposition };
  }

  /**
   * The Word file's cover: the agency with its logo (a PNG, JPEG or SVG one – Word takes no WebP),
   * title, lines.
   */
  private async cover(
    { project }: ProjectAccess,
    title: string,
    lines: string[],
  ): Promise<DocxCover> {
    const stored = project.agency.logo_hash
      ? await agencyLogo(this.orm.em, project.agency.id)
      : undefined;
    const size = stored ? rasterSize(stored.data) : undefined;
    const logo: DocxCover['logo'] =
      stored && size
        ? { ...size, data: stored.data }
        : stored?.contentType === 'image/svg+xml' && project.agency.logo_hash
          ? { type: 'svg', data: stored.data, hash: project.agency.logo_hash }
          : undefined;
    return {
      title,
      header: `${project.customer_firm} – ${project.project_name}`,
      agency: project.agency.name,
      lines,
      ...(logo ? { logo } : {}),
    };
  }
}

/**
 * The data export's stages: per step its heading, every answer as stored and with its labels
 * (`displayValues`: preset keys as German labels, dates and ranges written out) – per entry for a
 * list – and its part of the results document (the sentences of the results view).
 */
function dataStages(
  definition: Definition,
  answers: Record<string, unknown>,
  document: ResultsDocument,
) {
  return document.stages.map((stage) => ({
    key: stage.key,
    title: stage.title,
    steps: stage.steps.map((part) => {
      const step = definition.steps.find((candidate) => candidate.meta.key === part.key)!;
      const data = answers[part.key];
      const { key, heading, kind, ...results } = part;
      if (kind === 'list') {
        const entries = (Array.isArray(data) ? data : []).filter(isObject).map((entry) => ({
          ...(typeof entry.id === 'string' ? { id: entry.id } : {}),
          answers: withoutMeta(entry),
          labels: displayValues(definition, step, entry),
        }));
        return { key, heading, kind, entries, results };
      }
      const form = isObject(data) ? withoutMeta(data) : {};
      return {
        key,
        heading,
        kind,
        answers: form,
        labels: displayValues(definition, step, form),
        results,
      };
    }),
  }));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An answer document without the bookkeeping the API adds (id, version, position). */
function withoutMeta(data: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, version: _version, position: _position, ...rest } = data;
  return rest;
}
