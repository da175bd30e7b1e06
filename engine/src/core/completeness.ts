import type { Definition, ListGroup, StepDefinition } from './definition-types.ts';
import { isObject } from './is-object.ts';
import { schemaFields } from './schema-fields.ts';
import type { CompiledChecks } from './validator-runtime.ts';

// How far a questionnaire is answered, declared by the definition (docs/architecture.md#vollständigkeit):
// a form step is complete when its stored answers validate against its schema, a list step when it
// holds at least the entries its step.json `completeness` asks for (default: one), per group too.
// One rule for the API (with the compiled checks) and the browser (with the API's verdicts).

/**
 * The version of this rule's code: raise it when the rule itself changes, so that figures stored
 * under the old rule (the API's list cache) count as stale. Definition changes need no raise: they
 * make a new revision.
 */
export const PROGRESS_RULE = 1;

/**
 * The state of one step: nothing stored (`empty`, „leer“), entries but fewer than asked
 * (`started`, „begonnen“), `complete` („vollständig“), or stored answers that do not validate any
 * more, e.g. after a definition change (`review`, „prüfen“).
 */
export type StepState = 'empty' | 'started' | 'complete' | 'review';

/** A stored document that does not validate: an entry by id and version, a form by version. */
export interface InvalidDocument {
  id?: string;
  version: number;
}

/** One step's state; `invalid` names the documents that make it `review`. */
export interface StepProgress {
  state: StepState;
  invalid?: InvalidDocument[];
}

/** The overall figure („5 von 8 Schritten“) and every step's state by key. */
export interface ProjectProgress {
  complete: number;
  total: number;
  steps: Record<string, StepProgress>;
}

/**
 * Whether a stored document of a step validates: an entry or a form's answers as the API shows
 * them (`id` and `version` beside the fields).
 */
export type DocumentCheck = (step: StepDefinition, document: Record<string, unknown>) => boolean;

/** True for a value that holds no answer: nothing, blank text, an empty list or object. */
function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isBlank);
  if (isObject(value)) return Object.values(value).every(isBlank);
  return false;
}

/** The fields of a document that the step's schema knows (a removed field stays stored, unseen). */
function knownFields(step: StepDefinition, document: Record<string, unknown>) {
  const fields = schemaFields(step.schema);
  return Object.fromEntries(Object.entries(document).filter(([name]) => fields.has(name)));
}

/** A list step's rule for „vollständig“, its defaults filled in. */
export interface CompletenessRule {
  /** Valid entries the list holds at least (default 1). */
  minItems: number;
  /** Per group of the list, in its order: the entries it holds at least (default 0). */
  groups: { group: ListGroup; minItems: number }[];
}

/** The step.json `completeness` of a list step with its defaults. */
export function completenessRule(step: StepDefinition): CompletenessRule {
  const { minItems = 1, minItemsPerGroup = {} } = step.meta.completeness ?? {};
  return {
    minItems,
    groups: (step.meta.list?.groups ?? []).map((group) => ({
      group,
      minItems: minItemsPerGroup[group.key] ?? 0,
    })),
  };
}

/** How many valid entries each group holds at least, and the list as a whole. */
function meetsMinimum(step: StepDefinition, items: Record<string, unknown>[]): boolean {
  const rule = completenessRule(step);
  if (items.length < rule.minItems) return false;
  const groupBy = step.meta.list?.groupBy;
  return rule.groups.every(({ group, minItems }) => {
    const held = groupBy ? items.filter((item) => item[groupBy] === group.value).length : 0;
    return held >= minItems;
  });
}

/** The state of one step from its stored answers (a list of entries, or a form's answers). */
export function stepProgress(
  step: StepDefinition,
  answers: unknown,
  isValid: DocumentCheck,
): StepProgress {
  if (step.meta.kind === 'form') {
    const document = isObject(answers) ? answers : {};
    if (isBlank(knownFields(step, document))) return { state: 'empty' };
    if (isValid(step, document)) return { state: 'complete' };
    return { state: 'review', invalid: [{ version: Number(document.version) }] };
  }
  const items = Array.isArray(answers) ? answers.filter(isObject) : [];
  if (items.length === 0) return { state: 'empty' };
  const invalid = items.filter((item) => !isValid(step, item));
  // An entry that needs a look makes the step need one, however many others there are.
  if (invalid.length > 0) {
    return {
      state: 'review',
      invalid: invalid.map((item) => ({ id: String(item.id), version: Number(item.version) })),
    };
  }
  return { state: meetsMinimum(step, items) ? 'complete' : 'started' };
}

/**
 * Every step's state and the overall figure of a project: `answers` holds each step's stored
 * answers under the step's key, as in the project JSON.
 */
export function projectProgress(
  definition: Definition,
  answers: Record<string, unknown>,
  isValid: DocumentCheck,
): ProjectProgress {
  const steps: Record<string, StepProgress> = {};
  let complete = 0;
  for (const step of definition.steps) {
    const progress = stepProgress(step, answers[step.meta.key], isValid);
    if (progress.state === 'complete') complete += 1;
    steps[step.meta.key] = progress;
  }
  return { complete, total: definition.steps.length, steps };
}

/**
 * Validity by the compiled checks of the definition (API, tools): the known fields of a stored
 * document against its step's check. Stored answers were normalised when they were written.
 * `remember` > 0 keeps that many entries' verdicts by id and version (ids are unique, every write
 * raises the version), so reading a project again checks only what changed; when full, it forgets
 * them all at once, which costs one check per entry once.
 */
export function checkedDocuments(checks: CompiledChecks, remember = 0): DocumentCheck {
  const check: DocumentCheck = (step, document) => {
    const validate = checks.validators[`step:${step.meta.key}`];
    return validate ? validate(knownFields(step, document)) : false;
  };
  if (remember <= 0) return check;
  const verdicts = new Map<string, { version: unknown; valid: boolean }>();
  return (step, document) => {
    const { id, version } = document;
    if (typeof id !== 'string') return check(step, document);
    const known = verdicts.get(id);
    if (known && known.version === version) return known.valid;
    if (verdicts.size >= remember) verdicts.clear();
    const valid = check(step, document);
    verdicts.set(id, { version, valid });
    return valid;
  };
}

/**
 * Validity as an earlier progress judged it (the browser, which has no checks before its first
 * form): a document is valid unless that progress named it with the same version. An entry or
 * form saved since then has a new version, and the API only stores what validates.
 */
export function judgedDocuments(
  judged: { steps: Record<string, { invalid?: InvalidDocument[] } | undefined> } | undefined,
): DocumentCheck {
  return (step, document) =>
    !(judged?.steps[step.meta.key]?.invalid ?? []).some(
      (ref) => ref.id === document.id && ref.version === document.version,
    );
}

/** The steps that are not complete, in questionnaire order. */
export function incompleteSteps(
  definition: Definition,
  progress: ProjectProgress,
): StepDefinition[] {
  return definition.steps.filter((step) => progress.steps[step.meta.key]?.state !== 'complete');
}
