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

/**
 * Valid answers for the fixture catalogue's steps (tests/fixtures/catalogue): `ideas` (list) and
 * `frame` (form) of fixture-brief, `rating` and `topics` (forms) of fixture-survey. Two each, so a
 * test can tell a change from the first.
 */
const FIXTURE_EXAMPLES: Record<string, Json[]> = {
  ideas: [
    { idea: 'Wochenmarkt', details: 'Samstags mit Kostproben', priority: 'high' },
    { idea: 'Hoffest', details: 'Einmal im Jahr, mit Musik', priority: 'low' },
  ],
  frame: [
    { contact: 'Jana Kühn', team_size: 4, format: 'workshop' },
    { contact: 'Ömer Şahin', team_size: 12, format: 'call' },
  ],
  rating: [
    { satisfaction: 4, reason: 'Die Beratung war freundlich und gründlich.' },
    { satisfaction: 2, reason: 'Die Lieferung kam zu spät.' },
  ],
  topics: [{ topics: ['service', 'delivery'] }, { topics: ['service'] }],
  // fixture-widgets: a list with a URL field, a grouped list with conditions, a required form.
  rivals: [
    {
      name: 'Holzwerk Nord',
      url: 'https://holzwerk-nord.example',
      explanation: 'Gleiche Zielgruppe',
      importance: 4,
    },
    { name: 'Sägewerk Süd', url: null, explanation: 'Ähnliche Preise', importance: 2 },
  ],
  contacts: [
    { is_external: false, type: 'management', expectations: 'Klare Zahlen', importance: 5 },
    { is_external: true, type: 'press', expectations: 'Gute Geschichten', importance: 3 },
  ],
  people: [
    {
      name: 'Erika Sommer',
      avatar: 'young_woman',
      gender: 'female',
      age: 34,
      job_definition: 'Tischlerin',
      personal_values: ['family', 'freedom'],
      priority: 'must',
    },
    { name: 'Jo Berg', gender: 'diverse', age: 1, personal_values: ['safety'] },
  ],
  profile: [
    {
      gender: 'female',
      job_definition: 'Tischlerin',
      character_traits: ['honest', 'brave', 'calm'],
    },
  ],
  scale: [{ attribute_traditional_modern: 2, attribute_quiet_loud: -1 }],
  statement: [
    {
      promises: ['quality'],
      appeal: 'Handwerk aus der Region',
      distinction: 'Wir beraten vor Ort',
      mission_statement: 'Gutes Holz, gut gemacht.',
    },
  ],
};

/** The fixture questionnaire with the richer shapes (URL field, groups, conditions, scale). */
export const FIXTURE_WIDGETS = 'fixture-widgets';

/** Every valid example of a step (the fixture catalogue's) or form (`account`, `register`, …). */
export const examples = (name: string): Json[] => FIXTURE_EXAMPLES[name] ?? fixture(name).valid;

/** One valid example of a step (the fixture catalogue's) or form (`account`, `register`, …). */
export const example = (name: string, index = 0): Json => examples(name)[index]!;

/** The list and form steps of fixture-brief, the fixture catalogue's default questionnaire. */
export const LIST_STEPS = ['ideas'];
export const FORM_STEPS = ['frame'];
/** The form steps of fixture-survey (a project must choose it: `questionnaire: FIXTURE_SURVEY`). */
export const SURVEY_FORM_STEPS = ['rating', 'topics'];

/** A free-text field of each list step, to make a recognisable change. */
export const TEXT_FIELD: Record<string, string> = { ideas: 'details' };
