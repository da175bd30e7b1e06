import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A JSON document as the API sends and receives it. */
export type Json = Record<string, unknown>;
/** A list entry as the API answers it. */
export type Item = Json & { id: string; version: number };
/** The `{data}` envelope, or the error body. */
export interface Body<T = Json> {
  data: T;
  message?: string;
  errors?: Record<string, string[]>;
}

/** The shared validation examples of `tests/fixtures/validation/` (one file per validator). */
export interface Fixture {
  validator: string;
  valid: Json[];
  invalid: { data: Json; errors: Record<string, string[]> }[];
}

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/validation');

/** The examples of a step or form (`stakeholders`, `account`, …). */
export const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Fixture;

/** One valid example of a step or form. */
export const example = (name: string, index = 0): Json => fixture(name).valid[index]!;

export const LIST_STEPS = ['stakeholders', 'competitors', 'goals', 'userstories', 'personas'];
export const FORM_STEPS = ['brandpersonality', 'polarityprofile', 'brandpositioning'];

/** A free-text field of each list step, to make a recognisable change. */
export const TEXT_FIELD: Record<string, string> = {
  stakeholders: 'expectations',
  competitors: 'explanation',
  goals: 'goal_definition',
  userstories: 'text',
  personas: 'hobbies',
};
