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

/** The examples of a step of the fixture catalogue (below) or of a form (`account`, …). */
export const fixture = (name: string): Fixture =>
  FIXTURE_VALIDATION[name] ??
  (JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Fixture);

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
    // Typed without a scheme: stored with https:// in front.
    { name: 'Leimholz Ost', url: 'www.leimholz-ost.example', explanation: 'Online', importance: 1 },
  ],
  contacts: [
    { is_external: false, type: 'management', expectations: 'Klare Zahlen', importance: 5 },
    { is_external: true, type: 'press', expectations: 'Gute Geschichten', importance: 3 },
    {
      is_external: true,
      type: 'custom',
      custom_type: 'Beirat',
      expectations: 'Ehrlicher Rat',
      importance: 2,
    },
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
    { gender: 'male', job_definition: 'Koch', character_traits: ['generous', 'reliable', 'calm'] },
  ],
  scale: [
    { attribute_traditional_modern: 2, attribute_quiet_loud: -1 },
    { attribute_traditional_modern: -3 },
  ],
  statement: [
    {
      promises: ['quality'],
      appeal: 'Handwerk aus der Region',
      distinction: 'Wir beraten vor Ort',
      mission_statement: 'Gutes Holz, gut gemacht.',
    },
    {
      promises: ['speed', 'advice'],
      appeal: 'Schnell geliefert',
      distinction: 'Wir reparieren auch',
      mission_statement: 'Wir reparieren auch.',
    },
  ],
};

/** The fixture questionnaire with the richer shapes (URL field, groups, conditions, scale). */
export const FIXTURE_WIDGETS = 'fixture-widgets';

/** Every valid example of a step (the fixture catalogue's) or form (`account`, `register`, …). */
export const examples = (name: string): Json[] => FIXTURE_EXAMPLES[name] ?? fixture(name).valid;

/**
 * Invalid answers of fixture-widgets' steps with exactly the German errors the API answers (the
 * fixture's messages.de.json and labels; a scale row is named by its two poles): missing and
 * surplus fields, bounds, presets of the wrong group, a condition, duplicates, a URL pattern.
 */
const FIXTURE_INVALID: Record<string, Fixture['invalid']> = {
  rivals: [
    {
      data: { explanation: 'Gleiche Zielgruppe' },
      errors: { name: ['Name ist ein Pflichtfeld'], importance: ['Bitte auswählen'] },
    },
    {
      data: { name: 'Holzwerk', url: 'keine adresse', explanation: 'x', importance: 6 },
      errors: {
        url: ['Website muss eine gültige URL mit http://, https:// oder ftp:// sein.'],
        importance: ['Stärke darf höchstens 5 sein.'],
      },
    },
  ],
  contacts: [
    {
      data: { is_external: true, type: 'management', expectations: 'x', importance: 3 },
      errors: { type: ['Kontaktgruppe: Bitte wählen Sie einen Eintrag aus der Liste.'] },
    },
    {
      data: { is_external: false, type: 'custom', expectations: 'x', importance: 3 },
      errors: { custom_type: ['Eigener Typ ist ein Pflichtfeld'] },
    },
    {
      data: { is_external: false, type: 'staff', expectations: 'x', importance: 3, extra: 1 },
      errors: { extra: ['Das Feld extra ist nicht vorgesehen.'] },
    },
  ],
  people: [
    {
      data: { name: 'Jo', age: 100, gender: 'unknown' },
      errors: {
        age: ['Alter darf höchstens 99 sein.'],
        gender: ['Geschlecht: Bitte wählen Sie einen Eintrag aus der Liste.'],
      },
    },
    {
      data: { name: 'Jo', personal_values: ['family', 'family'] },
      errors: { personal_values: ['Werte darf keinen Wert doppelt enthalten.'] },
    },
  ],
  profile: [
    {
      data: { gender: 'female', job_definition: 'Tischlerin', character_traits: ['honest'] },
      errors: { character_traits: ['Charaktereigenschaften muss mindestens 3 Wert(e) haben.'] },
    },
    {
      data: { character_traits: ['honest', 'brave', 'calm'] },
      errors: {
        gender: ['Geschlecht ist ein Pflichtfeld'],
        job_definition: ['Beruf ist ein Pflichtfeld'],
      },
    },
  ],
  scale: [
    {
      data: { attribute_traditional_modern: 4, attribute_quiet_loud: 1.5 },
      errors: {
        attribute_traditional_modern: ['traditionell – modern darf höchstens 3 sein.'],
        attribute_quiet_loud: ['leise – laut muss eine ganze Zahl sein.'],
      },
    },
  ],
  statement: [
    {
      data: { promises: [], appeal: 'a', distinction: 'b', mission_statement: 'c' },
      errors: { promises: ['Versprechen muss mindestens 1 Wert(e) haben.'] },
    },
    {
      data: { promises: ['quality'] },
      errors: {
        appeal: ['Attraktivität ist ein Pflichtfeld'],
        distinction: ['Abgrenzung ist ein Pflichtfeld'],
        mission_statement: ['Leitsatz ist ein Pflichtfeld'],
      },
    },
  ],
};

/** The fixture steps' examples in the shape of the shared validation files. */
const FIXTURE_VALIDATION: Record<string, Fixture> = Object.fromEntries(
  Object.entries(FIXTURE_INVALID).map(([name, invalid]) => [
    name,
    { validator: name, valid: FIXTURE_EXAMPLES[name]!, invalid },
  ]),
);

/** One valid example of a step (the fixture catalogue's) or form (`account`, `register`, …). */
export const example = (name: string, index = 0): Json => examples(name)[index]!;

/** The list and form steps of fixture-brief, the fixture catalogue's default questionnaire. */
export const LIST_STEPS = ['ideas'];
export const FORM_STEPS = ['frame'];
/** The form steps of fixture-survey (a project must choose it: `questionnaire: FIXTURE_SURVEY`). */
export const SURVEY_FORM_STEPS = ['rating', 'topics'];

/** fixture-widgets' list and form steps (a project must choose it: `FIXTURE_WIDGETS`). */
export const WIDGET_LIST_STEPS = ['rivals', 'contacts', 'people'];
export const WIDGET_FORM_STEPS = ['profile', 'scale', 'statement'];

/** A free-text field of each list step, to make a recognisable change. */
export const TEXT_FIELD: Record<string, string> = {
  ideas: 'details',
  rivals: 'explanation',
  contacts: 'expectations',
  people: 'job_definition',
};
