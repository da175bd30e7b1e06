import i18next, { type i18n } from 'i18next';
import type { Definition, ProseResources, StepDefinition } from './definition-types.ts';
import { displayValues, type DisplayValue } from './display-values.ts';
import { lowerLeadingArticle, normalizeProseText, tidySentence } from './prose-normalize.ts';
import {
  compileTemplate,
  hasDottedKeys,
  hasI18nextOption,
  isFound,
  lookupKeys,
  resourceAt,
  type CompiledTemplate,
  type Variant,
} from './prose-templates.ts';

/** Prose of one list item: its title and the sentences about it. */
export interface ItemProse {
  title: string;
  lines: string[];
}

/** One answered row of a profile: the two poles and the chosen point (-3 … 3). */
export interface ProfileRow {
  key: string;
  left: string;
  right: string;
  value: number;
}

export interface ProfileProse {
  rows: ProfileRow[];
  /** One paragraph per strength, the strongest first: one sentence, or several for many rows. */
  sentences: string[];
}

/** The most rows one sentence of a profile names; a strength with more is told in several. */
export const PAIRS_PER_SENTENCE = 4;

/** The contexts of a strength's further sentences, in turn, so that they open differently. */
const CONTINUED = ['more', 'also', 'still'];

/** `items` in as few parts of at most `size` as possible, the parts' lengths differing by one at most. */
function evenChunks<T>(items: T[], size: number): T[][] {
  const count = Math.ceil(items.length / size);
  const parts: T[][] = [];
  let start = 0;
  for (let index = 0; index < count; index += 1) {
    const length = Math.ceil((items.length - start) / (count - index));
    parts.push(items.slice(start, start + length));
    start += length;
  }
  return parts;
}

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The variable names a template interpolates (`{{name}}`, `{{traits, list}}`). */
export function templateVariables(template: string): string[] {
  return [...template.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]!);
}

/**
 * A German list with its conjunction: „A“, „A und B“, „A, B und C“ — what `Intl.ListFormat('de',
 * {type: 'conjunction', style: 'long'})` writes. Creating that formatter loads the browser's
 * locale data, ~20 ms on the first list of the results view.
 */
export function joinList(items: string[], and: string): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)!}`;
}

function isEmpty(value: DisplayValue | undefined): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The possible values of the step's context field (e.g. gender: male, female, diverse). */
function contextValues(definition: Definition, step: StepDefinition): string[] {
  const field = step.meta.prose?.context;
  if (!field) return [];
  const property = (step.schema.properties as Record<string, { enum?: unknown[] }> | undefined)?.[
    field
  ];
  return (property?.enum ?? []).map(String);
}

/** Keys of a resource block without their context and plural variants, in file order. */
export function baseKeys(block: ProseResources, contexts: string[]): string[] {
  const suffixes = [...contexts, ...PLURAL_SUFFIXES];
  const keys: string[] = [];
  for (const key of Object.keys(block)) {
    let base = key;
    let stripped = true;
    while (stripped) {
      stripped = false;
      for (const suffix of suffixes) {
        if (base.endsWith(`_${suffix}`) && base.length > suffix.length + 1) {
          base = base.slice(0, -(suffix.length + 1));
          stripped = true;
        }
      }
    }
    if (!keys.includes(base)) keys.push(base);
  }
  return keys;
}

/** i18next's `count` for a value: the number of listed values, or the number itself. */
function countOf(value: DisplayValue | undefined): number | undefined {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'number' ? value : undefined;
}

/**
 * Renders the results-view prose of every step from its `prose.de.json` with i18next's rules:
 * `context` for gender-dependent wording, plurals with `count` (step.json `prose.count` names the
 * field), and the `list` formatter ("A, B und C"). Titles show the labels; sentences show the
 * in-sentence forms of presets (`prose`), `phrase.<field>` around other values, and the
 * customer's texts cleaned by step.json `prose.normalize`. Templates are compiled once per key
 * and variant (prose-templates.ts); i18next itself is made only for a template they do not cover.
 */
export class ProseRenderer {
  private readonly definition: Definition;
  /** The prose resources by namespace: `common` and each step's key, as i18next gets them. */
  private readonly resources: Record<string, ProseResources>;
  /** False: every sentence goes through i18next's `t()` (tests compare both ways). */
  private readonly compiled: boolean;
  private instance: i18n | undefined;
  private plurals: Intl.PluralRules | undefined;
  /** Compiled templates by namespace, key and variant; null where i18next renders. */
  private readonly compiledTemplates = new Map<string, CompiledTemplate | null>();
  private readonly dotted = new Map<string, boolean>();
  private readonly listFormat = (value: unknown) => this.list(value, 'de');

  constructor(definition: Definition, { compiled = true }: { compiled?: boolean } = {}) {
    this.definition = definition;
    this.compiled = compiled;
    const resources: Record<string, ProseResources> = { common: definition.prose };
    for (const step of definition.steps) resources[step.meta.key] = step.prose;
    this.resources = resources;
  }

  /** i18next with the prose resources, made on first use. */
  private get i18n(): i18n {
    if (this.instance) return this.instance;
    const instance = i18next.createInstance();
    void instance.init({
      lng: 'de',
      fallbackLng: false,
      resources: { de: this.resources },
      ns: Object.keys(this.resources),
      defaultNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instance.services.formatter?.add('list', (value, lng) => this.list(value, lng));
    return (this.instance = instance);
  }
  /**
   * The `list` formatter: „A, B und C“ (`joinList` with `listAnd`; `Intl.ListFormat` only for a
   * definition without that word); when an item itself joins two words with the list's
   * conjunction („Blogs und Foren“), the last item follows `listPaired` instead („A, Blogs und
   * Foren sowie C“), as an editor would write it. Both words are in prose.de.json.
   */
  private list(value: unknown, lng: string | undefined): string {
    if (!Array.isArray(value)) return String(value);
    const items = value.map(String);
    const and = this.definition.prose.listAnd;
    const paired = this.definition.prose.listPaired;
    if (
      items.length > 1 &&
      typeof and === 'string' &&
      typeof paired === 'string' &&
      items.some((item) => item.includes(` ${and} `))
    )
      return `${items.slice(0, -1).join(', ')} ${paired} ${items.at(-1)!}`;
    if (typeof and === 'string') return joinList(items, and);
    const locale = lng ?? 'de';
    let format = this.listFormats.get(locale);
    if (!format) {
      format = new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' });
      this.listFormats.set(locale, format);
    }
    return format.format(items);
  }

  private readonly listFormats = new Map<string, Intl.ListFormat>();

  /** Looks up a text of a namespace (`common` or a step key). */
  t(namespace: string, key: string, values: Record<string, unknown> = {}): string {
    return this.text(namespace, key, values);
  }

  /**
   * A text as `i18n.t(key, {ns, ...values, count, context})` writes it: from the compiled
   * template of its variant where there is one, else from i18next.
   */
  private text(
    ns: string,
    key: string,
    values: Record<string, unknown>,
    count?: number,
    context?: string,
  ): string {
    const template =
      this.compiled && !hasI18nextOption(values)
        ? this.template(ns, key, count, context)
        : undefined;
    if (template) return template(values, this.listFormat);
    return this.i18n.t(key, {
      ns,
      ...values,
      ...(count === undefined ? {} : { count }),
      ...(context === undefined ? {} : { context }),
    });
  }

  /** Whether a text has a template for this number and context (its own or a fallback). */
  private has(ns: string, key: string, count?: number, context?: string): boolean {
    if (this.compiled) return this.template(ns, key, count, context) !== undefined;
    return this.i18n.exists(key, {
      ns,
      ...(count === undefined ? {} : { count }),
      ...(context === undefined ? {} : { context }),
    });
  }

  /** The compiled template i18next would pick for a key and variant (once per variant). */
  private template(
    ns: string,
    key: string,
    count: number | undefined,
    context: string | undefined,
  ): CompiledTemplate | undefined {
    // i18next's plural suffix: `Intl.PluralRules` of the language (its PluralResolver).
    const plural =
      count === undefined
        ? undefined
        : `_${(this.plurals ??= new Intl.PluralRules('de', { type: 'cardinal' })).select(count)}`;
    const cacheKey = `${ns}\u0000${key}\u0000${plural ?? ''}\u0000${count === 0 ? 0 : 1}\u0000${context ?? ''}`;
    let found = this.compiledTemplates.get(cacheKey);
    if (found === undefined) {
      found = this.compile(ns, key, { plural, zero: count === 0, context }) ?? null;
      this.compiledTemplates.set(cacheKey, found);
    }
    return found ?? undefined;
  }

  private compile(ns: string, key: string, variant: Variant): CompiledTemplate | undefined {
    // A namespace separator or i18next's `###` in the key, dotted resource keys: i18next's way.
    if (key.includes(':') || key.includes('###')) return undefined;
    const namespace = Object.hasOwn(this.resources, ns) ? this.resources[ns] : undefined;
    if (!namespace) return undefined;
    let dotted = this.dotted.get(ns);
    if (dotted === undefined) this.dotted.set(ns, (dotted = hasDottedKeys(namespace)));
    if (dotted) return undefined;
    for (const candidate of lookupKeys(key, variant)) {
      const resource = resourceAt(namespace, candidate);
      if (isFound(resource))
        return typeof resource === 'string' ? compileTemplate(resource) : undefined;
    }
    return undefined;
  }

  private step(stepKey: string): StepDefinition {
    const step = this.definition.steps.find((candidate) => candidate.meta.key === stepKey);
    if (!step) throw new Error(`Unbekannter Schritt: ${stepKey}`);
    return step;
  }

  /** The values of an answer document as titles (labels) or sentences (in-sentence forms). */
  private values(
    step: StepDefinition,
    data: Record<string, unknown>,
    sentence: boolean,
  ): Record<string, DisplayValue> {
    const rules = step.meta.prose?.normalize ?? {};
    const phrases = step.prose.phrase;
    return displayValues(this.definition, step, data, {
      sentence,
      ownText: (field, text) =>
        normalizeProseText(text, Object.hasOwn(rules, field) ? rules[field] : undefined),
      wrap:
        sentence && typeof phrases === 'object'
          ? (field, text) =>
              typeof phrases[field] === 'string'
                ? this.text(step.meta.key, `phrase.${field}`, { value: lowerLeadingArticle(text) })
                : text
          : undefined,
    });
  }

  /** Renders every template of `block` whose variables all have a value; `title` with labels. */
  private lines(
    step: StepDefinition,
    block: string,
    data: Record<string, unknown>,
    withTitle = true,
    position = 0,
  ): { key: string; text: string }[] {
    // Every second entry of a group takes a template's `next` wording where the step has one,
    // so that neighbouring cards do not open alike („Das Unternehmen versteht darunter: …“,
    // „Konkret heißt das für das Unternehmen: …“).
    const next = block === 'item' && position % 2 === 1 ? step.prose.next : undefined;
    const nextKeys = typeof next === 'object' && next ? Object.keys(next) : [];
    const contextField = step.meta.prose?.context;
    const context = contextField ? data[contextField] : undefined;
    const counts = step.meta.prose?.count ?? {};
    const sentences = this.values(step, data, true);
    let labels: Record<string, DisplayValue> | undefined;
    const lines: { key: string; text: string }[] = [];
    for (const { key, needed } of this.templates(step, block)) {
      if (key === 'title' && !withTitle) continue;
      const values = key === 'title' ? (labels ??= this.values(step, data, false)) : sentences;
      const countField = Object.hasOwn(counts, key) ? counts[key] : undefined;
      const count = countField ? countOf(values[countField]) : undefined;
      if (needed.some((name) => isEmpty(values[name]))) continue;
      if (countField && count === undefined) continue;
      const contextValue = typeof context === 'string' ? context : undefined;
      // The `next` wording only where it has this entry's variant; else the template's own.
      const source =
        nextKeys.some((name) => name === key || name.startsWith(`${key}_`)) &&
        this.has(step.meta.key, `next.${key}`, count, contextValue)
          ? 'next'
          : block;
      lines.push({
        key,
        text: tidySentence(
          this.text(
            step.meta.key,
            `${source}.${key}`,
            values,
            count,
            typeof context === 'string' ? context : undefined,
          ),
        ),
      });
    }
    return lines;
  }

  private readonly templateCache = new Map<string, { key: string; needed: string[] }[]>();

  /** The base keys of a prose block with the variables all their variants need (once per block). */
  private templates(step: StepDefinition, block: string): { key: string; needed: string[] }[] {
    const cacheKey = `${step.meta.key}:${block}`;
    const cached = this.templateCache.get(cacheKey);
    if (cached) return cached;
    const resources = step.prose[block];
    const found =
      typeof resources !== 'object'
        ? []
        : baseKeys(resources, contextValues(this.definition, step)).map((key) => ({
            key,
            needed: Object.entries(resources)
              .filter(([name]) => name === key || name.startsWith(`${key}_`))
              .flatMap(([, template]) =>
                typeof template === 'string' ? templateVariables(template) : [],
              ),
          }));
    this.templateCache.set(cacheKey, found);
    return found;
  }

  /**
   * The title and sentences of one item of a list step. `title: false` leaves the title out (the
   * results view shows the item's card as its title), which spares its template and labels.
   * `position` is the entry's place in its group (0 for the first): every second entry takes the
   * step's `next` wording of a template where there is one.
   */
  describeItem(
    stepKey: string,
    item: Record<string, unknown>,
    { title = true, position = 0 }: { title?: boolean; position?: number } = {},
  ): ItemProse {
    const step = this.step(stepKey);
    const lines = this.lines(step, 'item', item, title, position);
    return {
      title: lines.find((line) => line.key === 'title')?.text ?? '',
      lines: lines.filter((line) => line.key !== 'title').map((line) => line.text),
    };
  }

  /** The paragraphs about a form step's answers; empty when nothing was answered. */
  describeForm(stepKey: string, data: Record<string, unknown>): string[] {
    const step = this.step(stepKey);
    if (Object.keys(displayValues(this.definition, step, data)).length === 0) return [];
    return this.lines(step, 'form', data).map((line) => line.text);
  }

  /**
   * A profile step (properties generated from presets with two poles, e.g. the polarity profile):
   * the set rows in order, and paragraphs for the strong, mild and balanced ones. Undefined for
   * other steps.
   */
  describeProfile(stepKey: string, data: Record<string, unknown>): ProfileProse | undefined {
    const step = this.step(stepKey);
    const properties = (step.schema.properties ?? {}) as Record<
      string,
      { 'x-poles'?: [string, string] }
    >;
    const poled = Object.entries(properties).filter(([, property]) =>
      Array.isArray(property['x-poles']),
    );
    if (poled.length === 0) return undefined;
    const rows: ProfileRow[] = poled
      .filter(([key]) => typeof data[key] === 'number')
      .map(([key, property]) => ({
        key,
        left: property['x-poles']![0],
        right: property['x-poles']![1],
        value: data[key] as number,
      }));
    const ns = step.meta.key;
    const profile = step.prose.profile;
    const grouped = typeof profile === 'object' && typeof profile.level_3 === 'string';
    return { rows, sentences: (grouped ? this.levelSentences : this.strengthSentences)(ns, rows) };
  }

  /**
   * The profile as two to four paragraphs, one per strength (`profile.level_3` … `level_1`, and
   * `level_0` for the balanced rows): the chosen poles as `{{poles, list}}`, the opposite ones as
   * `{{others, list}}`, a balanced row's pair („laut und leise“) as `{{pairs, list}}`. The first
   * sentence names the brand (`_first`), the ones after it may refer back to it. A strength of
   * more than {@link PAIRS_PER_SENTENCE} rows is told in as few sentences as that allows, of
   * even length; its sentences after the first take the contexts of {@link CONTINUED} in turn
   * („Ebenso klar ist sie …“) that the revision has. A revision with fewer than two of them tells
   * the strength in at most one sentence more than it has continuations, never opening two
   * sentences alike.
   */
  private readonly levelSentences = (ns: string, rows: ProfileRow[]): string[] => {
    const paragraphs: string[] = [];
    const profile = this.step(ns).prose.profile;
    const templates = typeof profile === 'object' ? Object.keys(profile) : [];
    for (const level of [3, 2, 1, 0]) {
      const chosen = rows.filter((row) => Math.min(3, Math.abs(row.value)) === level);
      if (!chosen.length) continue;
      // Only the continuations the revision has: an older one (a frozen, approved project's)
      // without `_more` … would repeat the strength's opening („Die Marke ist ganz klar … Die
      // Marke ist ganz klar …“). Without any the strength stays one sentence; with one, two.
      const continued = CONTINUED.filter((context) =>
        templates.some(
          (name) =>
            name === `level_${level}_${context}` || name.startsWith(`level_${level}_${context}_`),
        ),
      );
      const most = continued.length < 2 ? 1 + continued.length : Infinity;
      const size = Math.max(PAIRS_PER_SENTENCE, Math.ceil(chosen.length / most));
      const sentences = evenChunks(chosen, size).map((part, index) => {
        const poles = part.map((row) => (row.value < 0 ? row.left : row.right));
        const others = part.map((row) => (row.value < 0 ? row.right : row.left));
        const pairs = part.map((row) => `${row.left} und ${row.right}`);
        const context =
          index > 0
            ? continued[(index - 1) % continued.length]
            : paragraphs.length === 0
              ? 'first'
              : undefined;
        return tidySentence(
          this.text(ns, `profile.level_${level}`, { poles, others, pairs }, part.length, context),
        );
      });
      paragraphs.push(sentences.join(' '));
    }
    return paragraphs;
  };

  /**
   * The profile as a definition without `profile.level_*` writes it (revisions before them): one
   * sentence for the strong rows (`strong`, each row as `strength_2` or `strength_3`), one for the
   * mild ones, one for the balanced ones.
   */
  private readonly strengthSentences = (ns: string, rows: ProfileRow[]): string[] => {
    const statement = (row: ProfileRow) => {
      const strength = Math.min(3, Math.abs(row.value));
      const [pole, other] = row.value < 0 ? [row.left, row.right] : [row.right, row.left];
      return this.text(ns, `profile.strength_${strength}`, { pole, other });
    };
    // The first sentence names the brand; the ones after it may refer back to it (`_first`).
    const sentences: string[] = [];
    const sentence = (key: string, chosen: ProfileRow[], text: (row: ProfileRow) => string) =>
      chosen.length
        ? [
            this.text(
              ns,
              `profile.${key}`,
              { statements: chosen.map(text) },
              undefined,
              sentences.length === 0 ? 'first' : undefined,
            ),
          ]
        : [];
    sentences.push(
      ...sentence(
        'strong',
        rows.filter((row) => Math.abs(row.value) >= 2),
        statement,
      ),
    );
    sentences.push(
      ...sentence(
        'mild',
        rows.filter((row) => Math.abs(row.value) === 1),
        statement,
      ),
    );
    sentences.push(
      ...sentence(
        'neutral',
        rows.filter((row) => row.value === 0),
        (row) => this.text(ns, 'profile.balance', { left: row.left, right: row.right }),
      ),
    );
    return sentences;
  };
}
