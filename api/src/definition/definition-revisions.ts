import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  briefingMinutes,
  canonicalDefinitionJson,
  checkedDocuments,
  compileChecks,
  ProseRenderer,
  retiredPresets,
  validatorFromChecks,
  type CompiledChecks,
  type Definition,
  type DocumentCheck,
  type Presets,
  type RevisionRef,
  type StepMeta,
  type Validators,
} from '@fragewerk/engine/core';
import {
  DEFAULT_QUESTIONNAIRE,
  revisionIdOf,
  standaloneChecksModule,
} from '@fragewerk/engine/core/node';
import type { OfferedQuestionnaireJson } from '@fragewerk/schemas/types';
import {
  findRevision,
  lockRevisions,
  revisionPresets,
  revisionSteps,
  storeRevision,
} from './definition-revisions.repository.ts';

/** Injection token of the {@link DefinitionRevisions} of this process. */
export const DEFINITION_REVISIONS = Symbol('DEFINITION_REVISIONS');

/** How many entries' verdicts a revision remembers for the progress (a few MB at most). */
const REMEMBERED_VERDICTS = 100_000;

/** A stored revision's presets, with the questionnaire it belongs to. */
type PresetsRow = { id: string; questionnaire: string; presets: Presets };

/** The catalogue id of a loaded definition (a definition from before the catalogue: the brand briefing). */
export function questionnaireId(definition: Definition): string {
  return definition.id ?? DEFAULT_QUESTIONNAIRE;
}

/** A revision's id: the hex SHA-256 of its canonical JSON. */
export const REVISION_ID = /^[0-9a-f]{64}$/;

/**
 * One stored revision, parsed once per process: its definition (with the labels of retired keys
 * and its own id and label, as the browser gets it), and its compiled checks, validators, browser
 * checks and results prose, each built on first use.
 */
export class LoadedRevision {
  private compiled?: CompiledChecks;
  private validators?: Validators;
  private documents?: DocumentCheck;
  private checksModule?: Promise<string>;
  private renderer?: ProseRenderer;

  constructor(
    readonly ref: RevisionRef,
    readonly definition: Definition,
    ready: { checks?: CompiledChecks; validator?: Validators; checksModule?: string } = {},
  ) {
    this.compiled = ready.checks;
    this.validators = ready.validator;
    if (ready.checksModule !== undefined) this.checksModule = Promise.resolve(ready.checksModule);
  }

  /** The compiled schema checks of this revision, on first use. */
  private get compiledChecks(): CompiledChecks {
    return (this.compiled ??= compileChecks(this.definition));
  }

  /** The validators of this revision (`step:<key>`, `form:<name>`), compiled on first use. */
  get validator(): Validators {
    return (this.validators ??= validatorFromChecks(this.definition, this.compiledChecks));
  }

  /**
   * Whether a stored document validates, for the progress of a project on this revision
   * (docs/architecture.md#vollständigkeit): the compiled checks alone, without normalising, as
   * answers were normalised when they were stored. Entries' verdicts are remembered by id and
   * version, so a project read checks only what changed since the last read (a large project has
   * 150 entries and more).
   */
  get documentCheck(): DocumentCheck {
    return (this.documents ??= checkedDocuments(this.compiledChecks, REMEMBERED_VERDICTS));
  }

  /** The results view's prose of this revision (its templates compiled on first use). */
  get prose(): ProseRenderer {
    return (this.renderer ??= new ProseRenderer(this.definition));
  }

  /** The browser's precompiled checks of this revision (an ES module), built on first use. */
  checks(): Promise<string> {
    return (this.checksModule ??= standaloneChecksModule(this.definition));
  }
}

/** A questionnaire of the catalogue as the server loaded it from its folder at start. */
export interface LoadedQuestionnaire {
  definition: Definition;
  /** `retired` in the manifest: no longer offered for new projects (its projects stay). */
  retired: boolean;
  /** Checks, validators and the browser's module when they were built at start already. */
  ready?: { checks?: CompiledChecks; validator: Validators; checksModule: string };
}

/** One questionnaire as `GET /api/questionnaires` offers it (`schemas/api/offered-questionnaire`). */
export type OfferedQuestionnaire = OfferedQuestionnaireJson;

/**
 * The definition revisions of the catalogue (docs/architecture.md#revisionen). At start the server
 * stores each questionnaire it loaded as a revision of that questionnaire – once per content,
 * however many processes start – and from then on hands out any stored revision by id: parsed
 * once, cached, with validators and checks built lazily. Projects name the revision they are on;
 * an approved one stays on its own. A change to one questionnaire never makes a revision of
 * another.
 */
export class DefinitionRevisions {
  private readonly loaded = new Map<string, Promise<LoadedRevision | undefined>>();

  private constructor(
    private readonly orm: MikroORM,
    /** The revision each questionnaire of the catalogue runs now, by questionnaire id. */
    private readonly currents: Map<string, LoadedRevision>,
    /** Ids of the questionnaires whose manifest says `retired`. */
    private readonly retiredIds: ReadonlySet<string>,
    /** The questionnaire of projects created without a choice (the brand briefing). */
    readonly defaultId: string,
    /** The presets of every stored revision, oldest first. */
    private readonly presets: PresetsRow[],
    /** Step key → the kinds it has in any stored revision. */
    private readonly steps: Map<string, Set<StepMeta['kind']>>,
    /** The platform's forms, which every revision handed out carries (none is stored with one). */
    private readonly forms: Definition['forms'],
  ) {
    for (const current of currents.values())
      this.loaded.set(current.ref.id, Promise.resolve(current));
  }

  /**
   * Stores each questionnaire as a revision (in one transaction under the revisions' advisory
   * lock, so that two processes starting on the same changed files store one row each) and loads
   * what the revisions need from the database. `defaultId` must be one of them.
   */
  static async start(
    orm: MikroORM,
    questionnaires: LoadedQuestionnaire[],
    defaultId: string,
  ): Promise<DefinitionRevisions> {
    const refs = questionnaires.map(({ definition }) => {
      const text = canonicalDefinitionJson(definition);
      return { ref: { id: revisionIdOf(text), label: definition.version }, text };
    });
    const em = orm.em.fork();
    await em.transactional(async (tx) => {
      await lockRevisions(tx);
      for (const [index, { ref, text }] of refs.entries())
        await storeRevision(tx, {
          id: ref.id,
          questionnaire: questionnaireId(questionnaires[index]!.definition),
          version: ref.label,
          definition: text,
        });
    });
    const presets = (await revisionPresets(em)).map((row) => ({
      ...row,
      presets: row.presets ?? {},
    }));
    const steps = new Map<string, Set<StepMeta['kind']>>();
    for (const { key, kind } of await revisionSteps(em)) {
      if (!steps.has(key)) steps.set(key, new Set());
      steps.get(key)!.add(kind);
    }
    const currents = new Map<string, LoadedRevision>();
    for (const [index, { definition, ready }] of questionnaires.entries()) {
      const { ref } = refs[index]!;
      const served = DefinitionRevisions.served(ref, definition, presets);
      currents.set(questionnaireId(definition), new LoadedRevision(ref, served, ready));
    }
    if (!currents.has(defaultId))
      throw new Error(`Der Fragebogen „${defaultId}“ fehlt im Katalog.`);
    const retired = new Set(
      questionnaires
        .filter((entry) => entry.retired)
        .map((entry) => questionnaireId(entry.definition)),
    );
    const forms = questionnaires[0]?.definition.forms ?? {};
    return new DefinitionRevisions(orm, currents, retired, defaultId, presets, steps, forms);
  }

  /** The revision the brand briefing runs now: what the web app loads before it renders. */
  get current(): LoadedRevision {
    return this.currents.get(this.defaultId)!;
  }

  /** The revision questionnaire `id` runs now; undefined when its folder is gone. */
  currentOf(id: string): LoadedRevision | undefined {
    return this.currents.get(id);
  }

  /** Every questionnaire of the catalogue this process runs (retired ones too). */
  get questionnaires(): LoadedRevision[] {
    return [...this.currents.values()];
  }

  /** The title questionnaire `id` runs under now (its id when its folder is gone). */
  titleOf(id: string): string {
    return this.currentOf(id)?.definition.title ?? id;
  }

  /** Whether new projects may ask questionnaire `id`: in the catalogue and not retired. */
  offers(id: string): boolean {
    return this.currents.has(id) && !this.retiredIds.has(id);
  }

  /** The questionnaires new projects may ask, the brand briefing first, then by title. */
  offered(): OfferedQuestionnaire[] {
    return [...this.currents.entries()]
      .filter(([id]) => this.offers(id))
      .sort(([a, left], [b, right]) =>
        a === this.defaultId
          ? -1
          : b === this.defaultId
            ? 1
            : left.definition.title.localeCompare(right.definition.title, 'de'),
      )
      .map(([id, { definition }]) => ({
        id,
        title: definition.title,
        description: definition.description ?? '',
        steps: definition.steps.length,
        minutes: briefingMinutes(definition),
      }));
  }

  /**
   * The definition as it is handed out: with its id and label, and with the labels of the keys
   * other revisions offered and this one does not – from the revisions before it first (the label
   * the key had), else from later ones.
   */
  private static served(ref: RevisionRef, definition: Definition, rows: PresetsRow[]): Definition {
    // Only the same questionnaire's revisions: another one's lists are not this one's history.
    const all = rows.filter((row) => row.questionnaire === questionnaireId(definition));
    const at = all.findIndex((row) => row.id === ref.id);
    const before = at < 0 ? all : all.slice(0, at);
    const after = at < 0 ? [] : all.slice(at + 1);
    // The last one to offer a key gives its label: later revisions first, so earlier ones win.
    const others = [...after, ...before].map((row) => row.presets);
    return { ...definition, retired: retiredPresets(definition.presets, others), revision: ref };
  }

  /**
   * The stored revision `id`, parsed on first use; undefined when there is none. `em`: read through
   * this entity manager (inside a transaction, which on the embedded database must not wait for a
   * second connection).
   */
  get(id: string, em?: EntityManager): Promise<LoadedRevision | undefined> {
    if (!REVISION_ID.test(id)) return Promise.resolve(undefined);
    let loading = this.loaded.get(id);
    if (!loading) {
      loading = this.load(id, em ?? this.orm.em.fork());
      this.loaded.set(id, loading);
      // A failed read is not remembered: the next request tries again.
      loading.then(
        (revision) => revision ?? this.loaded.delete(id),
        () => this.loaded.delete(id),
      );
    }
    return loading;
  }

  private async load(id: string, em: EntityManager): Promise<LoadedRevision | undefined> {
    const row = await findRevision(em, id);
    if (!row) return undefined;
    // Stored without the platform's forms: handed out with those of the running server.
    const definition = { ...(JSON.parse(row.definition) as Definition), forms: this.forms };
    for (const step of definition.steps) {
      if (!this.steps.has(step.meta.key)) this.steps.set(step.meta.key, new Set());
      this.steps.get(step.meta.key)!.add(step.meta.kind);
    }
    const ref = { id: row.id, label: row.version };
    return new LoadedRevision(ref, DefinitionRevisions.served(ref, definition, this.presets));
  }

  /**
   * The revision a project is on (for a project that has none yet, the current one of its
   * questionnaire).
   */
  async of(project: {
    questionnaire?: string;
    definition_revision?: { id: string } | null;
  }): Promise<LoadedRevision> {
    const current = this.currentOf(project.questionnaire ?? this.defaultId) ?? this.current;
    const id = project.definition_revision?.id;
    if (!id || id === current.ref.id) return current;
    return (await this.get(id)) ?? current;
  }

  /** Whether any stored revision has a step `key` of `kind` (an unknown one is a 404 at once). */
  hasStep(key: string, kind: StepMeta['kind']): boolean {
    return this.steps.get(key)?.has(kind) ?? false;
  }
}
