/**
 * Sample answers for every step of any definition, generated from its schema and presets: valid
 * against the schema (checked with the product's Ajv), German-looking, and the same on every run
 * (seeded by the step's key). The studio shows a step and its results prose with them; a content
 * editor's own `samples.de.json` beside the step takes precedence (docs/editors-guide.md). The
 * demo project (`demo-answers.ts`) draws from the same seeded sequence and the same texts.
 */
import {
  CUSTOM_KEY,
  createAjv,
  createValidator,
  pointer,
  presetEntry,
  samplesMetaSchema,
  metaSchemaProblems,
  type Definition,
  type DefinitionProblem,
  type JsonSchema,
  type RawDefinition,
  type StepDefinition,
  type Validators,
} from '@fragewerk/engine/core';
import { SAMPLES_FILE } from '@fragewerk/engine/core/node';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One entry's or one form's answers. */
export type Answers = Record<string, unknown>;

/** A deterministic pseudo-random sequence in [0, 1): the same seed, the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** A seed from a text (FNV-1a), so each step has its own sequence. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 2147483648;
}

/** German texts the samples and the demo project are made of. */
export const SAMPLE_TEXTS = {
  names: {
    female: [
      'Anna Berger',
      'Mira Schulz',
      'Lea Hoffmann',
      'Sophie Wagner',
      'Hanna Schröder',
      'Clara Wolf',
    ],
    male: [
      'Jonas Weber',
      'Tobias Krüger',
      'Paul Neumann',
      'Emil Becker',
      'Luca Fischer',
      'Ben Richter',
    ],
    neutral: [
      'Kim Wagner',
      'Alex Schulz',
      'Robin Fischer',
      'Sascha Berger',
      'Charlie Neumann',
      'Toni Krüger',
    ],
  },
  jobs: {
    female: ['Projektleiterin', 'Architektin', 'Lehrerin', 'Studentin', 'Ärztin', 'Designerin'],
    male: ['Schreiner', 'Einkäufer', 'Ingenieur', 'Handwerksmeister', 'Vertriebsleiter', 'Rentner'],
    neutral: [
      'Lehrkraft',
      'Pflegefachkraft',
      'Fachkraft für Buchhaltung',
      'Führungskraft im Einkauf',
    ],
  },
  companies: [
    'Tischlerei Berger',
    'Holzwerk Nord GmbH',
    'Möbelhaus Schröder',
    'Küchenstudio Weber & Söhne',
    'Raumdesign Krüger',
    'Werkstätten Hoffmann KG',
  ],
  /** Wishes that continue „Als … möchte ich“ (user stories). */
  stories: [
    'schnell sehen, welche Leistungen angeboten werden, damit ich einschätzen kann, ob das Angebot passt',
    'online einen Beratungstermin buchen, damit ich nicht anrufen muss',
    'Referenzprojekte mit Bildern ansehen, damit ich Vertrauen fasse',
    'ein Angebot anfragen, damit ich Preise vergleichen kann',
    'den Stand meines Auftrags verfolgen, damit ich planen kann',
  ],
  expectations: [
    'Klare Prioritäten und regelmäßige Abstimmung',
    'Mehr qualifizierte Anfragen über die Website',
    'Ein moderner, glaubwürdiger Auftritt',
    'Transparente Informationen zu Preisen und Lieferzeiten',
    'Schnelle Antworten auf Rückfragen',
    'Verlässliche Termine und ehrliche Beratung',
  ],
  sentences: [
    'Handgefertigte Möbel aus der Region, die ein Leben lang halten.',
    'Meisterbetrieb in dritter Generation mit eigener Werkstatt und persönlicher Beratung vor Ort.',
    'Jedes Stück wird für den Raum geplant, in dem es stehen wird.',
    'Transparente Preise, ehrliche Empfehlungen und verlässliche Termine.',
    'Nachhaltige Materialien und kurze Wege von der Werkstatt bis zur Kundschaft.',
    'Ein Ansprechpartner von der ersten Skizze bis zur Montage.',
  ],
  hobbies: [
    'Wandern und Fotografie',
    'Kochen für Freunde',
    'Radfahren, Gärtnern',
    'Lesen und Reisen',
  ],
  missions: [
    'Wir bauen Möbel, die Geschichten erzählen.',
    'Gutes Handwerk für Menschen, die bleiben wollen.',
    'Wir machen aus Räumen ein Zuhause.',
  ],
  /** Own texts under „Sonstiges“, by what the field is about (its name). */
  custom: [
    [/goal|ziel/, 'Mehr Auszubildende gewinnen'],
    [/role|rolle/, 'Vereinsmitglied'],
    [/age|alter/, 'Anfang 40'],
    [/industry|branche/, 'Bäckerhandwerk'],
    [/channel|kanal/, 'Podcast'],
    [/type|typ/, 'Förderverein'],
  ],
  phrases: ['Regionale Verbundenheit', 'Persönliche Beratung vor Ort', 'Kurze Lieferzeiten'],
} as const;

type Gender = 'female' | 'male' | 'neutral';

/** Everything the schema says about one field for the data so far (the branches that apply). */
interface FieldSchema {
  types: string[];
  options?: unknown[];
  itemOptions?: unknown[];
  minItems: number;
  maxItems: number;
  minimum?: number;
  maximum?: number;
  minLength: number;
  maxLength: number;
  format?: string;
  pattern?: string;
  poles: boolean;
  /** A list of addresses (url-list widget): its entries are URIs or `x-normalize: url`. */
  itemUrls?: boolean;
  /** A range `{ min, max }` (`x-range`): the bounds and type of its sides. */
  range?: Pick<FieldSchema, 'minimum' | 'maximum'> & { integer: boolean };
}

/** A step's schema, compiled once, with the `if` conditions to choose branches by. */
/** One Ajv for every step's schema and condition: creating one costs more than a compile. */
let sharedAjv: ReturnType<typeof createAjv> | undefined;

/**
 * Whether `data` meets a simple condition without compiling it: the `if` blocks of a definition
 * look at `properties` with `const` or `enum` and at `required`. Undefined for anything else.
 */
function simplyHolds(condition: JsonSchema, data: Answers): boolean | undefined {
  const known = new Set(['properties', 'required']);
  if (Object.keys(condition).some((keyword) => !known.has(keyword))) return undefined;
  const required = Array.isArray(condition.required) ? (condition.required as string[]) : [];
  if (!required.every((name) => data[name] !== undefined)) return false;
  for (const [name, property] of Object.entries(
    isObject(condition.properties) ? condition.properties : {},
  )) {
    if (!isObject(property)) return undefined;
    if (Object.keys(property).some((keyword) => keyword !== 'const' && keyword !== 'enum'))
      return undefined;
    if (data[name] === undefined) continue;
    if ('const' in property && data[name] !== property.const) return false;
    if (Array.isArray(property.enum) && !property.enum.includes(data[name])) return false;
  }
  return true;
}

/** A step's schema, compiled once, with the `if` conditions to choose branches by. */
class StepSchema {
  readonly schema: JsonSchema;
  readonly validate: ReturnType<ReturnType<typeof createAjv>['compile']>;
  private readonly conditions = new Map<unknown, (data: unknown) => boolean>();

  constructor(schema: JsonSchema) {
    this.schema = schema;
    this.validate = (sharedAjv ??= createAjv()).compile(schema);
  }

  private holds(condition: JsonSchema, data: Answers): boolean {
    const simple = simplyHolds(condition, data);
    if (simple !== undefined) return simple;
    let check = this.conditions.get(condition);
    if (!check) {
      const compiled = (sharedAjv ??= createAjv()).compile(condition);
      check = (value) => compiled(value) as boolean;
      this.conditions.set(condition, check);
    }
    return check(data);
  }

  /** The sub-schemas that apply to `data`: the root, allOf, and the `then`/`else` chosen. */
  applying(data: Answers, node: JsonSchema = this.schema): JsonSchema[] {
    const found = [node];
    if (Array.isArray(node.allOf))
      for (const branch of node.allOf)
        if (isObject(branch)) found.push(...this.applying(data, branch));
    if (isObject(node.if)) {
      const chosen = this.holds(node.if, data) ? node.then : node.else;
      if (isObject(chosen)) found.push(...this.applying(data, chosen));
    }
    return found;
  }

  /** The field names in the order of the schema's properties, then the branches' own. */
  fields(): string[] {
    const names = new Set<string>();
    const visit = (node: unknown) => {
      if (!isObject(node)) return;
      if (isObject(node.properties))
        Object.keys(node.properties).forEach((name) => names.add(name));
      if (Array.isArray(node.allOf)) node.allOf.forEach(visit);
      visit(node.then);
      visit(node.else);
    };
    visit(this.schema);
    return [...names];
  }

  /** The names the `if` conditions look at (goal type, internal or external, Sonstiges). */
  switches(): Set<string> {
    const names = new Set<string>();
    const visit = (node: unknown) => {
      if (!isObject(node)) return;
      if (isObject(node.if) && isObject(node.if.properties))
        Object.keys(node.if.properties).forEach((name) => names.add(name));
      if (Array.isArray(node.allOf)) node.allOf.forEach(visit);
      visit(node.then);
      visit(node.else);
    };
    visit(this.schema);
    return names;
  }

  required(data: Answers): Set<string> {
    return new Set(
      this.applying(data).flatMap((node) =>
        Array.isArray(node.required) ? (node.required as string[]) : [],
      ),
    );
  }

  field(name: string, data: Answers): FieldSchema {
    const field: FieldSchema = {
      types: [],
      minItems: 0,
      maxItems: Infinity,
      minLength: 0,
      maxLength: Infinity,
      poles: false,
    };
    for (const node of this.applying(data)) {
      const property = isObject(node.properties) ? node.properties[name] : undefined;
      if (!isObject(property)) continue;
      if (property.type !== undefined) field.types = [property.type].flat().map(String);
      if (Array.isArray(property.enum)) field.options = property.enum;
      if (isObject(property.items) && Array.isArray(property.items.enum))
        field.itemOptions = property.items.enum;
      if (typeof property.minItems === 'number') field.minItems = property.minItems;
      if (typeof property.maxItems === 'number') field.maxItems = property.maxItems;
      if (typeof property.minimum === 'number') field.minimum = property.minimum;
      if (typeof property.maximum === 'number') field.maximum = property.maximum;
      if (typeof property.minLength === 'number')
        field.minLength = Math.max(field.minLength, property.minLength);
      if (typeof property.maxLength === 'number') field.maxLength = property.maxLength;
      if (typeof property.format === 'string') field.format = property.format;
      if (typeof property.pattern === 'string') field.pattern = property.pattern;
      if (Array.isArray(property['x-poles'])) field.poles = true;
      const items = property.items;
      if (isObject(items) && (items.format === 'uri' || items['x-normalize'] === 'url'))
        field.itemUrls = true;
      if (property['x-range'] === true) {
        const side = isObject(property.properties) ? property.properties.min : undefined;
        const bounds = isObject(side) ? side : {};
        field.range = {
          integer: bounds.type !== 'number',
          ...(typeof bounds.minimum === 'number' ? { minimum: bounds.minimum } : {}),
          ...(typeof bounds.maximum === 'number' ? { maximum: bounds.maximum } : {}),
        };
      }
    }
    return field;
  }
}

/** Compiled step schemas by their JSON: the studio reads the definition again on every save. */
const compiledSteps = new Map<string, StepSchema>();
function stepSchema(step: StepDefinition): StepSchema {
  const text = JSON.stringify(step.schema);
  let compiled = compiledSteps.get(text);
  if (!compiled) {
    if (compiledSteps.size >= 100) compiledSteps.clear();
    compiled = new StepSchema(step.schema);
    compiledSteps.set(text, compiled);
  }
  return compiled;
}

/** „Küchenstudio Weber & Söhne“ → „kuechenstudio-weber-soehne“, for a sample web address. */
function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The gender a context value stands for: the preset keys of the gender lists. */
function genderOf(value: unknown): Gender {
  return value === 'female' ? 'female' : value === 'male' ? 'male' : 'neutral';
}

/** Generates the answers of one entry or form. */
class AnswerMaker {
  private readonly random: () => number;
  private readonly schema: StepSchema;
  private readonly step: StepDefinition;
  private readonly context?: string;
  private readonly definition?: Definition;

  constructor(step: StepDefinition, seed: string, definition?: Definition) {
    this.step = step;
    this.definition = definition;
    this.schema = stepSchema(step);
    this.random = seededRandom(seedOf(seed));
    this.context = step.meta.prose?.context;
  }

  private pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.random() * values.length)]!;
  }

  /** A number from the middle of the allowed range (an age of 1 to 99 reads oddly at 2). */
  private number(field: FieldSchema, integer: boolean): number {
    const low = field.minimum ?? 1;
    const high = field.maximum ?? low + 9;
    const span = high - low;
    const [from, to] = span <= 10 ? [low, high] : [low + span * 0.2, low + span * 0.6];
    const value = from + this.random() * (to - from);
    return integer ? Math.round(value) : Math.round(value * 10) / 10;
  }

  private placeholder(name: string): string | undefined {
    const ui = this.step.ui[name];
    const text = isObject(ui) ? ui['ui:placeholder'] : undefined;
    return typeof text === 'string' && text.trim()
      ? text.replace(/^z\.\s*B\.\s*/u, '').trim()
      : undefined;
  }

  private widget(name: string): unknown {
    const ui = this.step.ui[name];
    return isObject(ui) ? ui['ui:widget'] : undefined;
  }

  /** Texts a list already shows, so that its entries differ. */
  private readonly used = new Set<string>();

  /** A text from `pool`, one the list does not show yet where there is one. */
  private fresh(pool: readonly string[]): string {
    const unused = pool.filter((text) => !this.used.has(text));
    const text = this.pick(unused.length ? unused : pool);
    this.used.add(text);
    return text;
  }

  /**
   * A German text for a text field, chosen by its format, its name and its placeholder; the
   * first entry uses the placeholder's example (it is written to fit the sentence).
   */
  private text(name: string, field: FieldSchema, data: Answers, index: number): string {
    const gender = genderOf(this.context ? data[this.context] : undefined);
    const example = this.placeholder(name);
    const widget = this.widget(name);
    const company = typeof data.name === 'string' ? data.name : this.pick(SAMPLE_TEXTS.companies);
    if (field.format === 'uri' || widget === 'url' || /https\?/.test(field.pattern ?? ''))
      return `https://www.${slugOf(company)}.de`;
    if (field.format === 'email' || widget === 'email') return `kontakt@${slugOf(company)}.de`;
    if (field.format === 'date') return `2027-0${1 + (index % 9)}-15`;
    if (name.startsWith('custom_')) {
      const about = name.slice('custom_'.length);
      return SAMPLE_TEXTS.custom.find(([pattern]) => pattern.test(about))?.[1] ?? 'Eigene Angabe';
    }
    if (/(^|_)name$/.test(name))
      return this.fresh(
        this.context || this.schema.fields().includes('gender')
          ? SAMPLE_TEXTS.names[gender]
          : SAMPLE_TEXTS.companies,
      );
    if (/job/.test(name)) return this.fresh(SAMPLE_TEXTS.jobs[gender]);
    if (example && index === 0) return example;
    if (example && /^\p{Ll}/u.test(example)) return this.fresh(SAMPLE_TEXTS.stories);
    if (/hobb/.test(name)) return this.fresh(SAMPLE_TEXTS.hobbies);
    if (/mission/.test(name)) return this.fresh(SAMPLE_TEXTS.missions);
    if (/expect|requirement|erwart/.test(name)) return this.fresh(SAMPLE_TEXTS.expectations);
    if (widget === 'textarea' || field.maxLength > 500) return this.fresh(SAMPLE_TEXTS.sentences);
    return this.fresh(SAMPLE_TEXTS.phrases);
  }

  /**
   * Options whose label names the gender of the answer („Frau mit Locken“ for a woman), where a
   * list has such labels (the avatars); else all of them.
   */
  private fitting(name: string, options: unknown[], data: Answers): unknown[] {
    if (!this.definition || !this.context || name === this.context) return options;
    const word = { female: /\bFrau\b/, male: /\bMann\b/, neutral: /\bPerson\b/ }[
      genderOf(data[this.context])
    ];
    const fitting = options.filter((option) =>
      word.test(presetEntry(this.definition!, this.step, name, option)?.label ?? ''),
    );
    return fitting.length ? fitting : options;
  }

  private value(name: string, field: FieldSchema, data: Answers, index: number): unknown {
    if (field.poles) return Math.round(this.random() * 6) - 3;
    const options = field.options?.filter((option) => option !== CUSTOM_KEY);
    if (options?.length) return this.pick(this.fitting(name, options, data));
    if (field.range) {
      const sides = [0, 1].map(() =>
        this.number({ ...field, ...field.range, types: [] }, field.range!.integer),
      );
      return { min: Math.min(...sides), max: Math.max(...sides) };
    }
    if (field.types.includes('array') && field.itemUrls) {
      const count = Math.min(Math.max(field.minItems, 2), field.maxItems);
      return Array.from(
        { length: count },
        () => `https://www.${slugOf(this.fresh(SAMPLE_TEXTS.companies))}.de`,
      );
    }
    if (field.types.includes('array')) {
      const choices = [...(field.itemOptions ?? [])].filter((option) => option !== CUSTOM_KEY);
      const count = Math.min(
        Math.max(field.minItems, 2 + Math.floor(this.random() * 2)),
        field.maxItems,
      );
      if (!choices.length)
        return Array.from({ length: count }, () => this.pick(SAMPLE_TEXTS.phrases));
      const picked: unknown[] = [];
      while (picked.length < Math.min(count, choices.length)) {
        const option = this.pick(choices);
        if (!picked.includes(option)) picked.push(option);
      }
      return picked;
    }
    if (field.types.includes('boolean')) return index % 2 === 0;
    if (field.types.includes('integer')) return this.number(field, true);
    if (field.types.includes('number')) return this.number(field, false);
    if (field.types.includes('string')) {
      const text = this.text(name, field, data, index);
      return text.length > field.maxLength ? text.slice(0, field.maxLength).trimEnd() : text;
    }
    return undefined;
  }

  /**
   * One answer: every field filled in the schema's order, each with the options of the branches
   * that apply by then (the goal list of the goal type); `custom_<feld>` only beside Sonstiges.
   */
  make(index: number, preset: Answers = {}, custom = false): Answers {
    const data: Answers = { ...preset };
    const fields = this.schema.fields();
    // The context first: names and jobs follow it.
    if (this.context && fields.includes(this.context) && !(this.context in data)) {
      const value = this.value(this.context, this.schema.field(this.context, data), data, index);
      if (value !== undefined) data[this.context] = value;
    }
    for (const name of fields) {
      if (name in data) continue;
      if (name.startsWith('custom_')) continue;
      const field = this.schema.field(name, data);
      if (custom && field.options?.includes(CUSTOM_KEY) && this.schema.switches().has(name))
        data[name] = CUSTOM_KEY;
      else {
        const value = this.value(name, field, data, index);
        if (value !== undefined) data[name] = value;
      }
    }
    for (const name of fields)
      if (name.startsWith('custom_') && data[name.slice('custom_'.length)] === CUSTOM_KEY)
        data[name] = this.value(name, this.schema.field(name, data), data, index);
    return this.repaired(data);
  }

  /** Leaves out optional fields the schema still refuses, so the answer is valid. */
  private repaired(data: Answers): Answers {
    const result = { ...data };
    for (let attempt = 0; attempt < 5 && !this.schema.validate(result); attempt += 1) {
      const required = this.schema.required(result);
      for (const error of this.schema.validate.errors ?? []) {
        const name = error.instancePath.split('/')[1];
        if (name && !required.has(name)) delete result[name];
      }
    }
    return result;
  }
}

/** How many entries a list step's samples have: three, and at least one in every group. */
function listSize(step: StepDefinition): number {
  return Math.max(3, step.meta.list?.groups?.length ?? 0);
}

/**
 * Sample answers of a step: the entries of a list step (every group filled, the last entry with
 * „Sonstiges“ where the schema offers it) or the answers of a form step. With `context`, every
 * answer has that value in the step's context field (e.g. `female`), names and jobs to match.
 */
export function sampleAnswers(
  step: StepDefinition,
  options: {
    context?: unknown;
    count?: number;
    /** For pictures and options that fit the gender of an answer (by their labels). */
    definition?: Definition;
  } = {},
): Answers[] | Answers {
  const contextField = step.meta.prose?.context;
  const preset: Answers =
    contextField && options.context !== undefined ? { [contextField]: options.context } : {};
  const maker = new AnswerMaker(step, step.meta.key, options.definition);
  const list = step.meta.list;
  if (step.meta.kind !== 'list' || !list) return maker.make(0, preset);
  const size = options.count ?? listSize(step);
  const groups = list.groupBy && list.groups ? list.groups : undefined;
  return Array.from({ length: size }, (_, index) => {
    const group = groups?.[index % groups.length];
    return maker.make(
      index,
      { ...preset, ...(group && list.groupBy ? { [list.groupBy]: group.value } : {}) },
      size >= 3 && index === size - 1,
    );
  });
}

const validatorsOf = new WeakMap<Definition, Validators>();

/** A step's own samples from `samples.de.json`, if there are any and they fit the step. */
export function ownSamples(
  step: StepDefinition,
  raw: RawDefinition,
  definition: Definition,
): { samples?: Answers[] | Answers; problems: DefinitionProblem[] } {
  const file = `${raw.files?.folder ?? 'schemas'}/steps/${step.meta.key}/${SAMPLES_FILE}`;
  const own = raw.steps[step.meta.key]?.samples;
  if (own === undefined || own === null) return { problems: [] };
  const meta = createAjv({ verbose: true }).compile(samplesMetaSchema);
  if (!meta(own)) return { problems: metaSchemaProblems(meta.errors, file) };
  const { items, answers } = own as { items?: Answers[]; answers?: Answers };
  const list = step.meta.kind === 'list';
  if (list ? !items : !answers)
    return {
      problems: [
        {
          file,
          path: '',
          message: list
            ? 'Ein Listen-Schritt bekommt seine Beispiele als „items“: [ {…}, {…} ].'
            : 'Ein Formular-Schritt bekommt seine Beispiele als „answers“: {…}.',
        },
      ],
    };
  // The product's validator: the same German messages a customer would read.
  let validators = validatorsOf.get(definition);
  if (!validators) {
    validators = createValidator(definition);
    validatorsOf.set(definition, validators);
  }
  const validate = validators(`step:${step.meta.key}`);
  const problems: DefinitionProblem[] = [];
  const check = (value: Answers, at: (string | number)[]) => {
    const result = validate(value);
    if (result.valid) return;
    for (const [field, messages] of Object.entries(result.errors))
      for (const message of messages)
        problems.push({
          file,
          path: pointer(...at, ...(field ? field.split('.') : [])),
          message,
        });
  };
  if (list) items!.forEach((item, index) => check(item, ['items', index]));
  else check(answers!, ['answers']);
  return problems.length ? { problems } : { samples: list ? items : answers, problems };
}
