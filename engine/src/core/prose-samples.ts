/**
 * Answer combinations for every step, generated from the definition and its presets, and the
 * checks a German editor would make on the prose they produce. A step added as files is covered
 * with no code change: the combinations come from its schema, its prose and its presets.
 */
import { createAjv } from './create-ajv.ts';
import type { Definition, JsonSchema, PresetEntry, StepDefinition } from './definition-types.ts';
import { displayValues, presetEntry } from './display-values.ts';
import { isObject } from './is-object.ts';
import { ProseRenderer, templateVariables } from './prose.ts';
import { CUSTOM_KEY } from './resolve-presets.ts';

/** One rendered answer combination. */
export interface ProseSample {
  step: string;
  /** What the combination varies, e.g. `gender = female · personal_values = [freedom]`. */
  label: string;
  data: Record<string, unknown>;
  /** The title of a list item (empty for forms). */
  title: string;
  lines: string[];
  /** In-sentence forms of fields that list exactly one value. */
  singles: string[];
  /** For a customer text that normalisation must clean: the lines of the clean text. */
  cleanLines?: string[];
}

/** Everything the schema says about one property, over all its branches. */
interface FieldInfo {
  name: string;
  title: string;
  types: Set<string>;
  /** Allowed values (enums of every branch, in order). */
  options: unknown[];
  /** Allowed values of the items of an array. */
  itemOptions: unknown[];
  minItems: number;
  maxItems: number;
  minimum?: number;
  maximum?: number;
  poles: boolean;
  /** A text of a fixed shape (a `format`, `pattern` or `x-normalize`: an address, a date). */
  shaped?: boolean;
}

/** Fields whose `if` conditions pick a branch (goal type, internal or external group). */
function fieldsOf(schema: JsonSchema): { fields: Map<string, FieldInfo>; switches: Set<string> } {
  const fields = new Map<string, FieldInfo>();
  const switches = new Set<string>();
  const add = (values: unknown[], more: unknown) => {
    if (Array.isArray(more))
      for (const value of more) if (!values.includes(value)) values.push(value);
  };
  const visit = (node: unknown, inCondition: boolean) => {
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (!isObject(property)) continue;
        if (inCondition) {
          if ('const' in property) switches.add(name);
          continue;
        }
        const info = fields.get(name) ?? {
          name,
          title: name,
          types: new Set<string>(),
          options: [],
          itemOptions: [],
          minItems: 0,
          maxItems: Infinity,
          poles: false,
        };
        if (typeof property.title === 'string') info.title = property.title;
        const types = Array.isArray(property.type) ? property.type : [property.type];
        for (const type of types) if (typeof type === 'string') info.types.add(type);
        add(info.options, property.enum);
        if (isObject(property.items)) add(info.itemOptions, property.items.enum);
        if (typeof property.minItems === 'number') info.minItems = property.minItems;
        if (typeof property.maxItems === 'number') info.maxItems = property.maxItems;
        if (typeof property.minimum === 'number') info.minimum = property.minimum;
        if (typeof property.maximum === 'number') info.maximum = property.maximum;
        if (Array.isArray(property['x-poles'])) info.poles = true;
        if (property.format || property.pattern || property['x-normalize']) info.shaped = true;
        fields.set(name, info);
      }
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[keyword]))
        for (const branch of node[keyword] as unknown[]) visit(branch, false);
    visit(node.if, true);
    visit(node.then, false);
    visit(node.else, false);
  };
  visit(schema, false);
  return { fields, switches };
}

/** The fields a step's prose reads: template variables, context, counts and phrases. */
function proseFields(step: StepDefinition): Set<string> {
  const names = new Set<string>();
  const collect = (node: unknown) => {
    if (typeof node === 'string') templateVariables(node).forEach((name) => names.add(name));
    else if (isObject(node)) Object.values(node).forEach(collect);
  };
  collect(step.prose[step.meta.kind === 'list' ? 'item' : 'form']);
  const settings = step.meta.prose;
  if (settings?.context) names.add(settings.context);
  Object.values(settings?.count ?? {}).forEach((name) => names.add(name));
  if (isObject(step.prose.phrase))
    Object.keys(step.prose.phrase).forEach((name) => names.add(name));
  return names;
}

/**
 * A customer's text for a field: the example of its placeholder („z. B. …“), or its title in
 * brackets as a form letter shows a gap („[Hobbys]“).
 */
function sampleText(step: StepDefinition, field: FieldInfo): string {
  const ui = step.ui[field.name];
  const placeholder = isObject(ui) ? ui['ui:placeholder'] : undefined;
  if (typeof placeholder === 'string' && placeholder.trim())
    return placeholder.replace(/^z\.\s*B\.\s*/u, '').trim();
  return `[${field.title}]`;
}

function between(value: number, field: FieldInfo): boolean {
  return (
    (field.minimum === undefined || value >= field.minimum) &&
    (field.maximum === undefined || value <= field.maximum)
  );
}

/** An answer with every field set, the middle option where there are options. */
function baseAnswer(step: StepDefinition, fields: Map<string, FieldInfo>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields.values()) {
    if (field.poles) continue;
    const options = field.options.filter((option) => option !== CUSTOM_KEY);
    if (field.types.has('array')) {
      const items = field.itemOptions.length ? field.itemOptions : [sampleText(step, field)];
      data[field.name] = items.slice(0, Math.max(1, field.minItems));
    } else if (options.length) data[field.name] = options[Math.floor(options.length / 2)];
    else if (field.types.has('boolean')) data[field.name] = true;
    else if (field.types.has('integer') || field.types.has('number')) {
      const low = field.minimum ?? 0;
      const high = field.maximum ?? low + 100;
      data[field.name] = Math.round((low + high) / 2);
    } else if (field.types.has('string')) data[field.name] = sampleText(step, field);
  }
  return data;
}

/**
 * Dirty versions of a text with the text they must read as: doubled marks at its end („Gut!!“,
 * „Gut..“) and doubled spaces in it are tidied for every free text; the field's normalisation rule
 * must clean the rest to the text itself.
 */
function dirtyTexts(step: StepDefinition, field: FieldInfo, text: string): [string, string][] {
  const pairs: [string, string][] = [];
  if (!field.shaped) {
    const bare = text.replace(/[.!?]+$/u, '');
    pairs.push([`${bare}!!`, `${bare}!`], [`${bare}..`, `${bare}.`]);
    if (text.includes(' ')) pairs.push([text.replace(' ', '   '), text]);
  }
  // A text in the middle of a sentence (a phrase: „liefert {{value}}“) opens with a small article.
  if (isObject(step.prose.phrase) && typeof step.prose.phrase[field.name] === 'string') {
    const article = /^(?:der|die|das|ein|eine|unser|unsere) /iu.test(text);
    const small = article ? text.charAt(0).toLowerCase() + text.slice(1) : `die ${text}`;
    pairs.push([small.charAt(0).toUpperCase() + small.slice(1), small]);
  }
  const rule = step.meta.prose?.normalize?.[field.name];
  if (!rule) return pairs;
  const capital = (phrase: string) => phrase.charAt(0).toUpperCase() + phrase.slice(1);
  const filled = (phrase: string) => phrase.replace(/…/gu, 'Musterperson aus der langen Liste');
  const dirty = [`  ${text}  `, `${text},`, `– ${text}`, `… ${text} …`];
  for (const phrase of rule.leading ?? []) {
    dirty.push(`${capital(filled(phrase))} ${text}`, `… ${filled(phrase)}: ${text}`);
  }
  for (const phrase of rule.trailing ?? []) dirty.push(`${text}, ${filled(phrase)} …`);
  if (rule.stripEnd) dirty.push(`${text}.`, `${text}!`, `${text}?`);
  if (rule.unquote) dirty.push(`„${text}“`, `"${text}"`);
  // A noun typed in lower case („pendler“) is written with its capital.
  if (rule.capitalize) dirty.push(text.charAt(0).toLowerCase() + text.slice(1));
  return [...pairs, ...dirty.map((version): [string, string] => [version, text])];
}

interface Variation {
  label: string;
  change: Record<string, unknown>;
  /** The field whose value the variation is about (not to be changed while repairing). */
  field?: string;
  clean?: Record<string, unknown>;
}

/** The variations of one field: every option, one and several values, numbers, dirty texts. */
function variationsOf(
  step: StepDefinition,
  field: FieldInfo,
  base: Record<string, unknown>,
): Variation[] {
  const name = field.name;
  const variations: Variation[] = [];
  const set = (label: string, value: unknown, extra: Record<string, unknown> = {}) =>
    variations.push({
      label: `${name} = ${label}`,
      change: { [name]: value, ...extra },
      field: name,
    });
  if (field.types.has('array') && field.itemOptions.length) {
    const fill = (first: unknown[]) => {
      const rest = field.itemOptions.filter((option) => !first.includes(option));
      return [...first, ...rest].slice(0, Math.max(first.length, field.minItems));
    };
    for (const option of field.itemOptions) set(`[${String(option)}]`, fill([option]));
    for (const size of [2, 3, 5])
      if (size <= field.maxItems && size <= field.itemOptions.length && size > field.minItems)
        set(`${size} Werte`, field.itemOptions.slice(-size));
    return variations;
  }
  if (field.options.length) {
    for (const option of field.options) set(String(option), option);
    if (field.options.includes(CUSTOM_KEY)) {
      const customField = `custom_${name}`;
      const text = String(base[customField]);
      for (const [dirty, clean] of dirtyTexts(step, field, text))
        variations.push({
          label: `${name} = custom, ${customField} = ${JSON.stringify(dirty)}`,
          change: { [name]: CUSTOM_KEY, [customField]: dirty },
          clean: { [name]: CUSTOM_KEY, [customField]: clean },
          field: name,
        });
    }
    return variations;
  }
  if (field.types.has('boolean')) {
    set('true', true);
    set('false', false);
    return variations;
  }
  if (field.types.has('integer') || field.types.has('number')) {
    const numbers = [field.minimum, 1, 2, base[name], field.maximum].filter(
      (value): value is number => typeof value === 'number' && between(value, field),
    );
    for (const value of new Set(numbers)) set(String(value), value);
    return variations;
  }
  if (field.types.has('string')) {
    const text = String(base[name]);
    for (const [dirty, clean] of dirtyTexts(step, field, text))
      variations.push({
        label: `${name} = ${JSON.stringify(dirty)}`,
        change: { [name]: dirty },
        clean: { [name]: clean },
        field: name,
      });
  }
  return variations;
}

/** Profile rows: every point of every pair alone, and mixtures of strong, mild and balanced. */
function profileVariations(fields: Map<string, FieldInfo>): Variation[] {
  const poled = [...fields.values()].filter((field) => field.poles).map((field) => field.name);
  if (poled.length === 0) return [];
  const variations: Variation[] = [];
  for (const name of poled)
    for (let value = -3; value <= 3; value += 1)
      variations.push({ label: `${name} = ${value}`, change: { [name]: value } });
  const mixtures: [string, (index: number) => number | null][] = [
    ['alle ganz klar', () => 3],
    ['alle deutlich', (index) => (index % 2 ? -2 : 2)],
    ['nur leichte', (index) => (index % 2 ? 1 : -1)],
    ['nur ausgewogene', () => 0],
    ['leichte und ausgewogene', (index) => (index % 2 ? 0 : 1)],
    ['gemischt', (index) => [3, -2, 1, 0, -1, null][index % 6]!],
  ];
  for (const [label, value] of mixtures)
    variations.push({
      label,
      change: Object.fromEntries(poled.map((name, index) => [name, value(index)])),
    });
  return variations;
}

/** Every answer combination of a step that the schema accepts. */
function stepSamples(definition: Definition, step: StepDefinition, prose: ProseRenderer) {
  const { fields, switches } = fieldsOf(step.schema);
  const compiled = createAjv().compile(step.schema);
  const valid = (data: Record<string, unknown>): boolean => compiled(data);
  const base = baseAnswer(step, fields);
  for (const field of fields.values())
    if (field.options.includes(CUSTOM_KEY))
      base[`custom_${field.name}`] ??= sampleText(
        step,
        fields.get(`custom_${field.name}`) ?? field,
      );
  const used = proseFields(step);
  const contextField = step.meta.prose?.context;
  const contexts = contextField ? (fields.get(contextField)?.options ?? []) : [];

  const required = new Set(Array.isArray(step.schema.required) ? step.schema.required : []);
  const variations: Variation[] = [{ label: 'Grundfall', change: {} }];
  for (const name of used) {
    const field = fields.get(name);
    if (!field || name === contextField) continue;
    variations.push(...variationsOf(step, field, base));
    if (!required.has(name))
      variations.push({ label: `${name} leer`, change: { [name]: undefined }, field: name });
  }
  variations.push(...profileVariations(fields));

  /** A valid answer for a change, switching branches (e.g. the goal type) where needed. */
  const repair = (data: Record<string, unknown>, keep?: string) => {
    if (valid(data)) return data;
    for (const name of switches) {
      if (name === keep || name === contextField) continue;
      const field = fields.get(name);
      const options = field?.options.length
        ? field.options
        : field?.types.has('boolean')
          ? [true, false]
          : [];
      for (const option of options) {
        const candidate = { ...data, [name]: option };
        if (valid(candidate)) return candidate;
      }
    }
    return undefined;
  };

  const render = (data: Record<string, unknown>) => {
    if (step.meta.kind === 'list') return prose.describeItem(step.meta.key, data);
    const profile = prose.describeProfile(step.meta.key, data);
    return {
      title: '',
      lines: [...prose.describeForm(step.meta.key, data), ...(profile?.sentences ?? [])],
    };
  };

  const samples: ProseSample[] = [];
  // A variation is rejected when no context accepts it: where the context field also picks the
  // schema's branch (the goal type: its goals), an option fits its own context only.
  const refused = new Map<string, number>();
  const rounds = contexts.length ? contexts : [undefined];
  for (const context of rounds) {
    for (const variation of variations) {
      const withContext = contextField && context !== undefined ? { [contextField]: context } : {};
      const data = repair({ ...base, ...variation.change, ...withContext }, variation.field);
      if (!data) {
        refused.set(variation.label, (refused.get(variation.label) ?? 0) + 1);
        continue;
      }
      const label = [
        ...(contextField && context !== undefined ? [`${contextField} = ${String(context)}`] : []),
        variation.label,
      ].join(' · ');
      const { title, lines } = render(data);
      const sentenceValues = displayValues(definition, step, data, { sentence: true });
      const singles = Object.entries(sentenceValues)
        .filter(([name, value]) => used.has(name) && Array.isArray(value) && value.length === 1)
        .map(([, value]) => (value as string[])[0]!);
      samples.push({
        step: step.meta.key,
        label,
        data,
        title,
        lines,
        singles,
        ...(variation.clean ? { cleanLines: render({ ...data, ...variation.clean }).lines } : {}),
      });
    }
  }
  const rejected = [...refused]
    .filter(([, times]) => times === rounds.length)
    .map(([label]) => `${step.meta.key}: ${label}`);
  return { samples, rejected, fields, used };
}

/** Generated answer combinations of every step, rendered; `rejected` lists invalid ones. */
export function proseSamples(definition: Definition): {
  samples: ProseSample[];
  rejected: string[];
  /** Per step, the preset options of prose fields that no accepted combination used. */
  uncovered: string[];
} {
  const prose = new ProseRenderer(definition);
  const samples: ProseSample[] = [];
  const rejected: string[] = [];
  const uncovered: string[] = [];
  for (const step of definition.steps) {
    const result = stepSamples(definition, step, prose);
    samples.push(...result.samples);
    rejected.push(...result.rejected);
    for (const name of result.used) {
      const field = result.fields.get(name);
      if (!field) continue;
      for (const option of [...field.options, ...field.itemOptions]) {
        const seen = result.samples.some((sample) => {
          const value = sample.data[name];
          return Array.isArray(value) ? value.includes(option) : value === option;
        });
        if (!seen) uncovered.push(`${step.meta.key}.${name} = ${String(option)}`);
      }
    }
  }
  return { samples, rejected, uncovered };
}

/** Preset keys that would show that a key, not its label, reached the text. */
function rawKeys(definition: Definition): Set<string> {
  const keys = new Set<string>([CUSTOM_KEY]);
  for (const lists of Object.values(definition.presets))
    for (const entries of Object.values(lists))
      for (const entry of entries) {
        const words = `${entry.label} ${entry.prose ?? ''}`.split(/[^\p{L}\p{N}_]+/u);
        if (!words.includes(entry.key)) keys.add(entry.key);
      }
  return keys;
}

const PLURAL_VERBS = /(?<![\p{L}])(?:sind|haben|werden|zählen|gehören)(?![\p{L}])/u;
const ONE_WITH_PLURAL =
  /(?<![\d.,])1 (?:Jahre|Jahren|Monate|Kinder|Sterne|Werte|Einträge)(?![\p{L}])/u;
const MANY_WITH_SINGULAR =
  /(?<![\d.,])(?:0|[2-9]|\d{2,}) (?:Jahr|Monat|Kind|Stern|Wert|Eintrag)(?![\p{L}])/u;
const DOUBLED = /(?<![\p{L}\p{N}])(\p{L}+(?:\s+\p{L}+)?)[\s,:;]+\1(?![\p{L}\p{N}])/iu;
const STRAY = [
  /\s[,.;:!?]/u,
  /[,;:]\s*[,.;:!?]/u,
  /(?<!\.)\.\.(?!\.)/u,
  /[!?]\./u,
  /„\s|\s“/u,
  /\(\s*\)/u,
  /„“/u,
];
const EMPTY = [/\{\{|\}\}/u, /undefined|null|NaN|\[object/u, / {2}/u];
const KEY_LIKE = [
  /(?<![\p{L}])(?:item|form|profile|phrase|values)\.\w+/u,
  /\b[a-z]+(?:_[a-z0-9]+)+\b/u,
];

/** What a German editor would object to in the prose of one sample; empty when all is well. */
export function proseProblems(sample: ProseSample, definition: Definition): string[] {
  const keys = rawKeys(definition);
  const problems: string[] = [];
  const texts = [...(sample.title ? [sample.title] : []), ...sample.lines];
  for (const text of texts) {
    const say = (what: string) => problems.push(`${what}: „${text}“`);
    if (!text.trim()) say('leerer Text');
    if (text !== text.trim()) say('Leerraum am Rand');
    // „[Name]“ is a generated customer text.
    if (!/^[\p{Lu}\p{N}„"[]/u.test(text)) say('beginnt nicht mit einem Großbuchstaben');
    const doubled = DOUBLED.exec(text);
    if (doubled) say(`doppeltes „${doubled[1]}“`);
    for (const pattern of STRAY) if (pattern.test(text)) say('verirrte Satzzeichen');
    for (const pattern of EMPTY) if (pattern.test(text)) say('leerer Platzhalter');
    for (const pattern of KEY_LIKE) if (pattern.test(text)) say('Schlüssel statt Text');
    for (const word of text.split(/[^\p{L}\p{N}_]+/u))
      if (keys.has(word)) say(`Preset-Schlüssel „${word}“`);
    if (ONE_WITH_PLURAL.test(text) || MANY_WITH_SINGULAR.test(text))
      say('Zahl und Nomen passen nicht');
    for (const single of sample.singles)
      if (text.includes(single) && PLURAL_VERBS.test(text))
        say(`Plural bei einem Wert („${single}“)`);
  }
  if (sample.cleanLines && sample.cleanLines.join('\n') !== sample.lines.join('\n'))
    problems.push(
      `bereinigt anders als der saubere Text: „${sample.lines.join(' ')}“ statt „${sample.cleanLines.join(' ')}“`,
    );
  return problems;
}

/** Labels that start with a capitalised adjective before a noun („Persönliche Beratung“). */
const CAPITAL_ADJECTIVE = /(?:^|[\s/(])(?:\p{Lu}\p{Ll}*(?:e|er|es|en|em))\s+\p{Lu}/u;

/**
 * Preset entries that stand inside a sentence with a label whose capital letter or form does not
 * fit there, and that declare no in-sentence form (`prose`).
 */
export function missingSentenceForms(definition: Definition): string[] {
  const problems: string[] = [];
  for (const step of definition.steps) {
    const block = step.prose[step.meta.kind === 'list' ? 'item' : 'form'];
    if (!isObject(block)) continue;
    const inSentences = new Set(
      Object.entries(block)
        .filter(([key]) => key !== 'title' && !key.startsWith('title_'))
        .flatMap(([, template]) =>
          typeof template === 'string' ? templateVariables(template) : [],
        ),
    );
    const { fields } = fieldsOf(step.schema);
    for (const name of inSentences) {
      const field = fields.get(name);
      if (!field) continue;
      for (const option of [...field.options, ...field.itemOptions]) {
        const entry: PresetEntry | undefined = presetEntry(definition, step, name, option);
        if (entry && entry.prose === undefined && CAPITAL_ADJECTIVE.test(entry.label))
          problems.push(
            `${step.meta.key}.${name}: „${entry.label}“ braucht eine Satzform („prose“).`,
          );
      }
    }
  }
  return [...new Set(problems)];
}

/** A Markdown document of every distinct title and sentence per step, for proofreading. */
export function proseSampleDocument(definition: Definition, samples: ProseSample[]): string {
  const parts = [
    '# Prosa-Beispiele',
    '',
    `Aus der Definition erzeugt: ${samples.length} Antwortkombinationen. Jeder Titel und jeder Satz`,
    'steht einmal da, in der Reihenfolge seines ersten Auftretens.',
  ];
  for (const step of definition.steps) {
    const own = samples.filter((sample) => sample.step === step.meta.key);
    const titles = [...new Set(own.map((sample) => sample.title).filter(Boolean))];
    const lines = [...new Set(own.flatMap((sample) => sample.lines))];
    parts.push('', `## ${step.meta.title} (${step.meta.key}, ${own.length} Kombinationen)`);
    if (titles.length) parts.push('', '### Titel', '', ...titles.map((title) => `- ${title}`));
    parts.push('', '### Sätze', '', ...lines.map((line) => `- ${line}`));
    const cleaned = own.filter((sample) => sample.cleanLines && !sample.label.includes(' · '));
    if (cleaned.length)
      parts.push(
        '',
        '### Bereinigte Eingaben (ergeben dieselben Sätze wie der saubere Text)',
        '',
        ...cleaned.map((sample) => `- ${sample.label.replace(/^[^=]*= /u, '')}`),
      );
  }
  return `${parts.join('\n')}\n`;
}
