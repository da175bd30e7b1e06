/** Types of the questionnaire definition as the engine uses it (JSON-serialisable throughout). */

export type JsonSchema = { [keyword: string]: unknown };
export type UiSchema = { [key: string]: unknown };

/** One entry of a preset list: a stable key and its German label, plus list-specific extras. */
export interface PresetEntry {
  key: string;
  label: string;
  /**
   * The entry's form inside a results sentence where the label does not fit there (sentence case,
   * article, verb: „persönliche Beratung“, „hat keine Kinder“). Titles always use the label.
   */
  prose?: string;
  /**
   * An illustration (the avatars): an SVG's path below `presets/` (`avatars/woman_office.svg`).
   * The API serves the file and hands the browser the entry with the file's URL here instead
   * (`/assets/presets/avatars/woman_office.svg?v=…`).
   */
  image?: string;
  [extra: string]: unknown;
}

/** Preset lists of one questionnaire section, e.g. `goals` → { company: [...], brand: [...] }. */
export type PresetSection = Record<string, PresetEntry[]>;

/** All presets by section (file name without `.de.json`). */
export type Presets = Record<string, PresetSection>;

export interface StageDefinition {
  key: string;
  title: string;
  steps: string[];
}

export interface ListGroup {
  value: string | boolean;
  key: string;
  heading: string;
  addLabel: string;
}

export interface ListCard {
  title: string;
  text?: string[];
  rating?: string;
  link?: string;
  badge?: string;
  avatar?: string;
}

export interface ListSettings {
  groupBy?: string;
  groups?: ListGroup[];
  addLabel?: string;
  newTitle: string;
  editTitle: string;
  addButton: string;
  saveButton: string;
  emptyText: string;
  card: ListCard;
}

export interface FormSettings {
  saveButton: string;
}

/**
 * When a list step counts as complete (step.json `completeness`): at least `minItems` valid
 * entries (default 1) and, per group key, at least `minItemsPerGroup[key]` of that group. A form
 * step is complete when its answers validate, so it has no such setting.
 */
export interface CompletenessSettings {
  minItems?: number;
  minItemsPerGroup?: Record<string, number>;
}

export interface StepMeta {
  key: string;
  slug: string;
  title: string;
  heading: string;
  kind: 'list' | 'form';
  list?: ListSettings;
  form?: FormSettings;
  completeness?: CompletenessSettings;
  prose?: ProseSettings;
}

/**
 * How a customer's own text in one field is cleaned before it stands in a sentence (step.json
 * `prose.normalize.<field>`). Phrases match whole words, ignoring case; „…“ inside a phrase stands
 * for one to six words.
 */
export interface NormalizeRule {
  /** Phrases removed from the start, e.g. „ich möchte“ in front of a user story's wish. */
  leading?: string[];
  /** Phrases removed from the end, e.g. a dangling „damit“. */
  trailing?: string[];
  /** Removes a final „.“, „!“ or „?“ because the template ends the sentence itself. */
  stripEnd?: boolean;
  /** Removes quotation marks around the whole text because the template quotes it. */
  unquote?: boolean;
  /**
   * Writes the first letter in upper case: for a noun the customer may type in lower case (a
   * role „pendler“ in „Als Pendler möchte ich …“, a stakeholder group, a title).
   */
  capitalize?: boolean;
}

/** The prose settings of a step (step.json `prose`). */
export interface ProseSettings {
  /** The field whose value picks the i18next `context` variant (e.g. gender). */
  context?: string;
  /** Per template key: the field whose number of values (or number) is i18next's `count`. */
  count?: Record<string, string>;
  /** Per field: how the customer's own text is cleaned for prose. */
  normalize?: Record<string, NormalizeRule>;
}

/** i18next resources of one namespace: nested objects of strings. */
export type ProseResources = { [key: string]: string | ProseResources };

export interface StepDefinition {
  meta: StepMeta;
  /** The stage the step belongs to. */
  stage: string;
  /** JSON Schema with preset references resolved into `enum`s and generated properties. */
  schema: JsonSchema;
  ui: UiSchema;
  prose: ProseResources;
  help: string;
}

/** The loaded, checked and resolved questionnaire definition. */
export interface Definition {
  /** The catalogue id: the name of the questionnaire's folder (`markenbriefing`). */
  id?: string;
  version: number;
  title: string;
  /** One or two sentences for the agency choosing a questionnaire. */
  description?: string;
  stages: StageDefinition[];
  /** Steps in questionnaire order. */
  steps: StepDefinition[];
  /** Non-questionnaire forms by name (`new-project`, `account`, …), resolved like steps. */
  forms: Record<string, JsonSchema>;
  presets: Presets;
  /** German validation message templates by Ajv keyword. */
  messages: Record<string, string>;
  /** Prose shared by every step (results view). */
  prose: ProseResources;
  /**
   * Migration maps by the version that brings them (`schemas/migrations/<version>.json`); only
   * present when there are any (docs/editors-guide.md#änderungen-veröffentlichen).
   */
  migrations?: Record<string, MigrationMap>;
  /**
   * Set by the server when it hands a stored revision out, never part of the content hash:
   * preset entries that other revisions offered and this one does not, so a stored key still
   * shows the label it had (display only; never offered for selection).
   */
  retired?: Presets;
  /** Set by the server when it hands a stored revision out: which one (not hashed). */
  revision?: RevisionRef;
}

/** A stored definition revision: its content hash and the manifest's `version` as its label. */
export interface RevisionRef {
  id: string;
  label: number;
}

/**
 * What a migration map does to the answers of one step, in this order: rename fields (their
 * `custom_` text goes along), map option keys of a field (named as in the new revision;
 * `null` removes the value), drop fields.
 */
export interface StepMigration {
  renameFields?: Record<string, string>;
  renameOptions?: Record<string, Record<string, string | null>>;
  dropFields?: string[];
}

/** `schemas/migrations/<version>.json`: deliberate renames a revision brings, per step. */
export interface MigrationMap {
  /** What the map is for, in German, for whoever reads the migration log. */
  description?: string;
  steps: Record<string, StepMigration>;
}

/** The definition files as read, before any checking. */
export interface RawStepFiles {
  step?: unknown;
  schema?: unknown;
  ui?: unknown;
  prose?: unknown;
  help?: string;
  /** `samples.de.json`: the editor's own sample answers for the studio; never loaded. */
  samples?: unknown;
}

export interface RawDefinition {
  questionnaire: unknown;
  messages: unknown;
  prose: unknown;
  steps: Record<string, RawStepFiles>;
  forms: Record<string, unknown>;
  presets: Record<string, unknown>;
  /** `migrations/<version>.json` by version. */
  migrations?: Record<string, unknown>;
  /**
   * How the files are named in problems: the questionnaire's folder (`definitions/<id>`) and each
   * preset list's file. Without it: `schemas` and `presets/<list>.de.json`.
   */
  files?: { folder: string; presets: Record<string, string> };
}
