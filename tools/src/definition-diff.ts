/**
 * `npm run definition:diff` (docs/editors-guide.md#änderungen-veröffentlichen): what changes for
 * the projects when the definition files go live, compared with the revision the servers run now
 * (or another definition folder). This module is the comparison and its German report; the
 * command line and the database are in definition-diff-cli.ts.
 */
import {
  completenessRule,
  findPresetList,
  pendingMigrations,
  type Definition,
  type JsonSchema,
  type ProseResources,
  type StepDefinition,
} from '@fragewerk/engine/core';
import { DEFAULT_QUESTIONNAIRE, DEFINITIONS_FOLDER } from '@fragewerk/engine/core/node';
import { stepFields } from './lint-migrations.ts';

/** What a change is; `blocking` ones leave stored answers without a counterpart. */
export type ChangeKind =
  | 'step-added'
  | 'step-removed'
  | 'step-moved'
  | 'step-texts'
  | 'completeness'
  | 'field-added'
  | 'field-required'
  | 'field-removed'
  | 'field-renamed'
  | 'field-title'
  | 'field-rules'
  | 'field-ui'
  | 'option-added'
  | 'option-removed'
  | 'option-mapped'
  | 'option-label'
  | 'prose'
  | 'help'
  | 'shared-texts'
  | 'version';

/** Which stored answers a change concerns, for counting the projects it touches. */
export type Usage =
  | { kind: 'step'; step: string }
  | { kind: 'field'; step: string; field: string }
  | { kind: 'missing'; step: string; field: string }
  | { kind: 'option'; step: string; field: string; key: string };

export interface Change {
  kind: ChangeKind;
  /** The step it belongs to (none for the manifest, messages and shared prose). */
  step?: string;
  /** One German line. */
  text: string;
  usage?: Usage;
  /** A removed option or field that no migration map covers: stored answers would keep it. */
  uncovered?: boolean;
}

/** How many running and approved projects store answers a change concerns. */
export interface Touched {
  running: number;
  approved: number;
}

const quote = (text: string) => `„${text}“`;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The schema of a field in any branch, merged (title, rules), for comparing. */
function fieldSchema(schema: JsonSchema, name: string): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    if (isObject(node.properties) && isObject(node.properties[name]))
      Object.assign(found, node.properties[name]);
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[keyword])) (node[keyword] as unknown[]).forEach(visit);
    visit(node.then);
    visit(node.else);
  };
  visit(schema);
  return found;
}

/** A field's label: its title in the schema, else its name. */
const titleOf = (step: StepDefinition, field: string): string => {
  const title = fieldSchema(step.schema, field).title;
  return typeof title === 'string' ? title : field;
};

const required = (schema: JsonSchema): Set<string> =>
  new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);

const entries = (count: number) => `${count} ${count === 1 ? 'Eintrag' : 'Einträge'}`;
const conjunction = new Intl.ListFormat('de', { type: 'conjunction' });

/**
 * When a list step counts as complete (step.json `completeness`), in German, for comparing:
 * „mindestens 3 Einträge, davon mindestens 2 unter „Unternehmensziele“ und 1 unter „Markenziele““.
 */
function minimumOf(step: StepDefinition): string {
  const rule = completenessRule(step);
  const groups = rule.groups.filter(({ minItems }) => minItems > 0);
  const inGroups = groups.reduce((sum, { minItems }) => sum + minItems, 0);
  const described = groups.map(
    ({ group, minItems }) => `${minItems} unter ${quote(group.heading)}`,
  );
  return `mindestens ${entries(Math.max(rule.minItems, inGroups))}${groups.length > 0 ? `, davon mindestens ${conjunction.format(described)}` : ''}`;
}

/** The preset entry of a stored key of a field (labels for the report). */
function entryOf(definition: Definition, step: StepDefinition, field: string, key: string) {
  const property = fieldSchema(step.schema, field);
  const source = isObject(property.items) ? property.items : property;
  const reference = source['x-presets'];
  return typeof reference === 'string'
    ? findPresetList(definition.presets, reference)?.find((entry) => entry.key === key)
    : undefined;
}

/** Every text of a prose block by its path (`form.traits_female`). */
function proseTexts(resources: ProseResources, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(resources)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.set(path, value);
    else for (const [inner, text] of proseTexts(value, path)) texts.set(inner, text);
  }
  return texts;
}

/** The keys of two maps whose values differ, were added or were removed. */
function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (key) => before.get(key) !== after.get(key),
  );
}

const RULE_KEYWORDS = (property: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(property).filter(
      ([keyword]) => !['title', 'description', 'enum', 'x-presets', 'items'].includes(keyword),
    ),
  );

/** The steps of a definition by key. */
const stepsOf = (definition: Definition) =>
  new Map(definition.steps.map((step) => [step.meta.key, step] as const));

/**
 * Every change from `before` to `after` that matters to editors and projects: steps, fields,
 * option keys, labels, prose and rules, each with the answers it concerns. A removed option or
 * field is `uncovered` unless a migration map that `after` brings renames, maps or drops it.
 */
export function diffDefinitions(before: Definition, after: Definition): Change[] {
  const changes: Change[] = [];
  const maps = pendingMigrations(before, after).map((pending) => pending.map);
  const stepMaps = (key: string) =>
    maps.flatMap((map) => (Object.hasOwn(map.steps, key) ? [map.steps[key]!] : []));

  if (before.version !== after.version)
    changes.push({
      kind: 'version',
      text: `Version ${before.version} → ${after.version}`,
    });
  const beforeSteps = stepsOf(before);
  const afterSteps = stepsOf(after);
  const order = (definition: Definition) => definition.steps.map((step) => step.meta.key);
  for (const [key, step] of beforeSteps)
    if (!afterSteps.has(key))
      changes.push({
        kind: 'step-removed',
        step: key,
        text: `Schritt ${quote(step.meta.title)} aus dem Fragebogen genommen (gespeicherte Antworten bleiben und erscheinen wieder, wenn er zurückkommt)`,
        usage: { kind: 'step', step: key },
      });
  for (const [key, step] of afterSteps)
    if (!beforeSteps.has(key))
      changes.push({
        kind: 'step-added',
        step: key,
        text: `Schritt ${quote(step.meta.title)} neu`,
      });
  const kept = (keys: string[], other: Map<string, StepDefinition>) =>
    keys.filter((key) => other.has(key));
  if (!same(kept(order(before), afterSteps), kept(order(after), beforeSteps)))
    changes.push({ kind: 'step-moved', text: 'Reihenfolge der Schritte geändert' });

  for (const [key, next] of afterSteps) {
    const previous = beforeSteps.get(key);
    if (previous) diffStep(before, after, previous, next, stepMaps(key), changes);
  }

  const sharedProse = changedKeys(proseTexts(before.prose), proseTexts(after.prose));
  const messages = changedKeys(
    new Map(Object.entries(before.messages)),
    new Map(Object.entries(after.messages)),
  );
  const forms = [...new Set([...Object.keys(before.forms), ...Object.keys(after.forms)])].filter(
    (name) => !same(before.forms[name], after.forms[name]),
  );
  if (sharedProse.length > 0)
    changes.push({
      kind: 'shared-texts',
      text: `Gemeinsame Texte der Ergebnisansicht (prose.de.json): ${sharedProse.join(', ')}`,
    });
  if (messages.length > 0)
    changes.push({
      kind: 'shared-texts',
      text: `Meldungen (messages.de.json): ${messages.join(', ')}`,
    });
  if (forms.length > 0)
    changes.push({
      kind: 'shared-texts',
      text: `Formulare außerhalb des Fragebogens (schemas/forms/): ${forms.join(', ')}`,
    });
  return changes;
}

function diffStep(
  before: Definition,
  after: Definition,
  previous: StepDefinition,
  next: StepDefinition,
  maps: NonNullable<Definition['migrations']>[string]['steps'][string][],
  changes: Change[],
) {
  const step = next.meta.key;
  const add = (change: Omit<Change, 'step'>) => changes.push({ ...change, step });
  const metaKeys = [...new Set([...Object.keys(previous.meta), ...Object.keys(next.meta)])].filter(
    (name) =>
      name !== 'completeness' && !same(previous.meta[name as never], next.meta[name as never]),
  );
  if (metaKeys.length > 0)
    add({ kind: 'step-texts', text: `step.json geändert: ${metaKeys.join(', ')}` });
  const [was, now] = [minimumOf(previous), minimumOf(next)];
  if (next.meta.kind === 'list' && now !== was)
    add({
      kind: 'completeness',
      text: `Regel für „vollständig“: ${now} (bisher ${was}); laufende Projekte zählen nach der neuen Regel`,
      usage: { kind: 'step', step },
    });

  const oldFields = stepFields(previous.schema);
  const newFields = stepFields(next.schema);
  const renamed = new Map<string, string>();
  const dropped = new Set<string>();
  for (const map of maps) {
    for (const [from, to] of Object.entries(map.renameFields ?? {})) renamed.set(from, to);
    for (const field of map.dropFields ?? []) dropped.add(field);
  }
  const optionMap = (field: string) =>
    Object.assign({}, ...maps.map((map) => map.renameOptions?.[field] ?? {})) as Record<
      string,
      string | null
    >;

  for (const field of oldFields.keys()) {
    if (newFields.has(field) || field.startsWith('custom_')) continue;
    const label = titleOf(previous, field);
    if (renamed.has(field))
      add({
        kind: 'field-renamed',
        text: `Feld ${quote(label)} (${field}) heißt jetzt ${renamed.get(field)} – per Migration übertragen`,
        usage: { kind: 'field', step, field },
      });
    else
      add({
        kind: 'field-removed',
        text: `Feld ${quote(label)} (${field}) entfernt${dropped.has(field) ? ' – per Migration gelöscht' : ''}`,
        usage: { kind: 'field', step, field },
        uncovered: !dropped.has(field),
      });
  }
  const oldRequired = required(previous.schema);
  const newRequired = required(next.schema);
  const renamedTo = new Set(renamed.values());
  for (const field of newFields.keys()) {
    if (field.startsWith('custom_')) continue;
    if (!oldFields.has(field) && !renamedTo.has(field))
      add({
        kind: newRequired.has(field) ? 'field-required' : 'field-added',
        text: `Feld ${quote(titleOf(next, field))} (${field}) neu${newRequired.has(field) ? ' als Pflichtfeld: vorhandene Antworten sind unvollständig, bis es jemand ausfüllt' : ''}`,
        usage: newRequired.has(field) ? { kind: 'missing', step, field } : undefined,
      });
    else if (oldFields.has(field) && newRequired.has(field) && !oldRequired.has(field))
      add({
        kind: 'field-required',
        text: `Feld ${quote(titleOf(next, field))} (${field}) ist jetzt Pflicht`,
        usage: { kind: 'missing', step, field },
      });
  }
  for (const field of newFields.keys()) {
    const from = [...renamed].find(([, to]) => to === field)?.[0] ?? field;
    if (!oldFields.has(from)) continue;
    const was = fieldSchema(previous.schema, from);
    const is = fieldSchema(next.schema, field);
    if (was.title !== is.title && typeof is.title === 'string')
      add({
        kind: 'field-title',
        text: `Feldbezeichnung ${quote(String(was.title ?? from))} → ${quote(is.title)} (${field})`,
      });
    // Newly required is reported above; a field that is no longer required is a changed rule.
    if (
      !same(RULE_KEYWORDS(was), RULE_KEYWORDS(is)) ||
      (oldRequired.has(from) && !newRequired.has(field))
    )
      add({
        kind: 'field-rules',
        text: `Regeln von ${quote(titleOf(next, field))} (${field}) geändert`,
        usage: { kind: 'field', step, field: from },
      });
    if (!same(previous.ui[from], next.ui[field]))
      add({
        kind: 'field-ui',
        text: `ui.json von ${quote(titleOf(next, field))} (${field}) geändert`,
      });

    const oldKeys = oldFields.get(from);
    const newKeys = newFields.get(field);
    if (!oldKeys || !newKeys) continue;
    const mapped = optionMap(field);
    for (const key of oldKeys) {
      if (newKeys.has(key)) {
        const was = entryOf(before, previous, from, key);
        const is = entryOf(after, next, field, key);
        if (was && is && (was.label !== is.label || was.prose !== is.prose))
          add({
            kind: 'option-label',
            text:
              was.label !== is.label
                ? `Label ${quote(was.label)} → ${quote(is.label)} (${field}: ${key})`
                : `Satzform von ${quote(is.label)} geändert (${field}: ${key})`,
            usage: { kind: 'option', step, field: from, key },
          });
        continue;
      }
      const label = entryOf(before, previous, from, key)?.label ?? key;
      if (Object.hasOwn(mapped, key))
        add({
          kind: 'option-mapped',
          text: `Option ${quote(label)} (${field}: ${key}) → ${mapped[key] === null ? 'entfernt' : mapped[key]} – per Migration`,
          usage: { kind: 'option', step, field: from, key },
        });
      else if (!renamed.has(from) || oldKeys.has(key))
        add({
          kind: 'option-removed',
          text: `Option ${quote(label)} (${titleOf(next, field)}: ${key}) entfernt`,
          usage: { kind: 'option', step, field: from, key },
          uncovered: true,
        });
    }
    for (const key of newKeys)
      if (!oldKeys.has(key))
        add({
          kind: 'option-added',
          text: `Option ${quote(entryOf(after, next, field, key)?.label ?? key)} (${field}: ${key}) neu`,
        });
  }

  const prose = changedKeys(proseTexts(previous.prose), proseTexts(next.prose));
  if (prose.length > 0)
    add({
      kind: 'prose',
      text: `Prosa der Ergebnisansicht geändert: ${prose.join(', ')}`,
      usage: { kind: 'step', step },
    });
  if (previous.help !== next.help) add({ kind: 'help', text: 'Erklärtext (help.de.md) geändert' });
}

/** The German report; `touched` gives the projects per change (undefined: no database). */
export function formatDiff(
  changes: Change[],
  options: {
    before: string;
    after: string;
    touched?: (change: Change) => Touched | undefined;
    projects?: Touched;
    nextVersion: number;
    /** The questionnaire's folder, where a migration map goes; default: the brand briefing's. */
    folder?: string;
  },
): { text: string; blocking: Change[] } {
  const folder = options.folder ?? `${DEFINITIONS_FOLDER}/${DEFAULT_QUESTIONNAIRE}`;
  const lines = [`Vergleich: ${options.before} → ${options.after}`];
  if (options.projects)
    lines.push(
      `Projekte: ${options.projects.running} laufend, ${options.projects.approved} freigegeben (freigegebene behalten ihre Version)`,
    );
  else lines.push('Projekte: ohne Datenbank nicht zu zählen');
  if (changes.length === 0) {
    lines.push('', 'Keine Änderungen.');
    return { text: lines.join('\n'), blocking: [] };
  }
  const blocking: Change[] = [];
  let group: string | undefined = '\0';
  for (const change of changes) {
    if (change.step !== group) {
      group = change.step;
      lines.push('', group ? `Schritt ${group}` : 'Allgemein');
    }
    const touched = change.usage ? options.touched?.(change) : undefined;
    const inUse = touched ? touched.running + touched.approved > 0 : true;
    const count = change.usage
      ? touched
        ? ` – betrifft ${touched.running} laufende, ${touched.approved} freigegebene Projekte`
        : ' – Nutzung unbekannt'
      : '';
    const marker = change.uncovered && inUse ? '✗' : '•';
    if (change.uncovered && inUse) blocking.push(change);
    lines.push(`  ${marker} ${change.text}${count}`);
  }
  if (blocking.length > 0) {
    lines.push(
      '',
      `${blocking.length === 1 ? 'Eine Änderung lässt' : `${blocking.length} Änderungen lassen`} gespeicherte Antworten ohne Gegenstück zurück (✗). Laufende Projekte behalten sie und zeigen sie als „nicht mehr in der Auswahl“; wer sie übertragen will, schreibt eine Migration nach ${folder}/migrations/${options.nextVersion}.json, z. B.:`,
      JSON.stringify(migrationExample(blocking), null, 2),
      '(renameOptions: alter Schlüssel → neuer Schlüssel oder null zum Entfernen; renameFields: alter Feldname → neuer; dropFields: Felder, deren Antworten wegfallen.) Danach npm run definition:lint und noch einmal npm run definition:diff.',
    );
  }
  return { text: lines.join('\n'), blocking };
}

/** A map that would cover the blocking changes, with placeholders where a decision is needed. */
function migrationExample(blocking: Change[]) {
  const steps: Record<string, Record<string, unknown>> = {};
  for (const change of blocking) {
    const usage = change.usage;
    if (!usage || !change.step) continue;
    const step = (steps[change.step] ??= {});
    if (usage.kind === 'option') {
      const options = (((step.renameOptions ??= {}) as Record<string, Record<string, string>>)[
        usage.field
      ] ??= {});
      options[usage.key] = 'NEUER_SCHLÜSSEL';
    } else if (usage.kind === 'field') {
      ((step.renameFields ??= {}) as Record<string, string>)[usage.field] = 'NEUER_FELDNAME';
    }
  }
  return { description: 'Was sich ändert, in einem Satz', steps };
}
