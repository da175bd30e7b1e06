import type { RawDefinition, RawStepFiles } from '../definition-types.ts';

/**
 * A small form step with the widgets of the website relaunch (issue #36): a date, a budget in
 * euros and a page count as ranges, and a list of addresses. It exists only in tests; the
 * engine's tests and the definition lint's take it through loading, validation, forms, results
 * and prose.
 */
export const RELAUNCH_STEP = 'relaunch';

export const relaunchStepFiles = (): RawStepFiles => ({
  step: {
    key: RELAUNCH_STEP,
    slug: 'website-relaunch',
    title: 'Relaunch',
    heading: 'Wann und womit soll die neue Website starten?',
    kind: 'form',
    form: { saveButton: 'Speichern' },
    prose: { count: { references: 'references' } },
  },
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Relaunch',
    type: 'object',
    additionalProperties: false,
    required: ['launch'],
    properties: {
      launch: { type: 'string', title: 'Starttermin', format: 'date' },
      budget: {
        type: 'object',
        title: 'Budget',
        'x-range': true,
        'x-unit': 'EUR',
        additionalProperties: false,
        properties: {
          min: { type: 'integer', minimum: 0, maximum: 10000000 },
          max: { type: 'integer', minimum: 0, maximum: 10000000 },
        },
      },
      pages: {
        type: 'object',
        title: 'Seitenzahl',
        'x-range': true,
        'x-unit': 'Seiten',
        additionalProperties: false,
        properties: {
          min: { type: 'integer', minimum: 1, maximum: 10000 },
          max: { type: 'integer', minimum: 1, maximum: 10000 },
        },
      },
      references: {
        type: 'array',
        title: 'Vorbilder',
        maxItems: 3,
        items: { type: 'string', maxLength: 2000, format: 'uri', 'x-normalize': 'url' },
      },
    },
  },
  ui: {
    'ui:order': ['launch', 'budget', 'pages', 'references'],
    launch: {
      'ui:widget': 'date',
      'ui:title': 'Wann soll die neue Website online gehen?',
      'ui:errorLabel': 'Starttermin',
    },
    budget: { 'ui:widget': 'range', 'ui:help': 'Eine grobe Spanne genügt.' },
    pages: { 'ui:widget': 'range' },
    references: { 'ui:widget': 'url-list', 'ui:placeholder': 'https://www.beispiel.de' },
  },
  prose: {
    heading: 'Website-Relaunch',
    form: {
      launch: 'Die neue Website soll am {{launch}} online gehen.',
      budget: 'Als Budget sind {{budget}} eingeplant.',
      pages: 'Die Website soll {{pages}} umfassen.',
      references_one: 'Als Vorbild dient {{references, list}}.',
      references_other: 'Als Vorbilder dienen {{references, list}}.',
    },
  },
  help: 'Wann und womit die neue Website starten soll.',
});

/** A copy of `raw` with the relaunch step as the last step of its first stage. */
export function withRelaunchStep(raw: RawDefinition): RawDefinition {
  const copy = structuredClone(raw);
  copy.steps[RELAUNCH_STEP] = relaunchStepFiles();
  const questionnaire = copy.questionnaire as { stages: { steps: string[] }[] };
  questionnaire.stages[0]!.steps.push(RELAUNCH_STEP);
  return copy;
}
