/** Types of the questionnaire definition as the engine uses it (JSON-serialisable throughout). */

export type JsonSchema = { [keyword: string]: unknown };
export type UiSchema = { [key: string]: unknown };

/** One entry of a preset list: a stable key and its German label, plus list-specific extras. */
export interface PresetEntry {
  key: string;
  label: string;
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

export interface StepMeta {
  key: string;
  slug: string;
  title: string;
  heading: string;
  kind: 'list' | 'form';
  list?: ListSettings;
  form?: FormSettings;
  prose?: { context?: string };
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
  version: number;
  title: string;
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
}

/** The definition files as read, before any checking. */
export interface RawStepFiles {
  step?: unknown;
  schema?: unknown;
  ui?: unknown;
  prose?: unknown;
  help?: string;
}

export interface RawDefinition {
  questionnaire: unknown;
  messages: unknown;
  prose: unknown;
  steps: Record<string, RawStepFiles>;
  forms: Record<string, unknown>;
  presets: Record<string, unknown>;
}
