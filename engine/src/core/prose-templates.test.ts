import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { joinList, ProseRenderer } from './prose.ts';
import { proseSamples } from './prose-samples.ts';
import {
  compileTemplate,
  hasDottedKeys,
  isFound,
  lookupKeys,
  resourceAt,
  type Variant,
} from './prose-templates.ts';
import {
  FIXTURE_BRIEF,
  FIXTURE_SURVEY,
  FIXTURE_WIDGETS,
  loadFixture,
} from './test/fixture-catalogue.ts';

/** i18next set up as ProseRenderer sets it up, with the resources of one namespace `s`. */
function i18nextWith(resources: Record<string, unknown>) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'de',
    fallbackLng: false,
    resources: { de: { s: resources } },
    ns: ['s'],
    defaultNS: 's',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance.services.formatter?.add('list', (value) => list(value));
  return instance;
}

const list = (value: unknown) => (Array.isArray(value) ? joinList(value.map(String), 'und') : '?');
const plurals = new Intl.PluralRules('de', { type: 'cardinal' });

/** What the compiled path writes; undefined where it leaves the text to i18next. */
function compiled(
  resources: Record<string, unknown>,
  key: string,
  values: Record<string, unknown>,
  count?: number,
  context?: string,
): string | undefined {
  const variant: Variant = {
    plural: count === undefined ? undefined : `_${plurals.select(count)}`,
    zero: count === 0,
    context,
  };
  if (hasDottedKeys(resources)) return undefined;
  const found = lookupKeys(key, variant)
    .map((candidate) => resourceAt(resources, candidate))
    .find(isFound);
  return typeof found === 'string' ? compileTemplate(found)?.(values, list) : undefined;
}

function i18nextText(
  resources: Record<string, unknown>,
  key: string,
  values: Record<string, unknown>,
  count?: number,
  context?: string,
): string {
  return i18nextWith(resources).t(key, {
    ns: 's',
    ...values,
    ...(count === undefined ? {} : { count }),
    ...(context === undefined ? {} : { context }),
  });
}

describe('lookupKeys', () => {
  it('tries context and plural variants in the order i18next does', () => {
    expect(lookupKeys('a.b', { plural: '_one', context: 'male' })).toEqual([
      'a.b_male_one',
      'a.b_male',
      'a.b_one',
      'a.b',
      'a.b_male_other',
      'a.b_other',
    ]);
    expect(lookupKeys('k', { plural: '_other', zero: true })).toEqual(['k_zero', 'k_other', 'k']);
    expect(lookupKeys('k', { context: '' })).toEqual(['k']);
  });

  it('picks the variant i18next picks for every subset of variants', () => {
    const names = ['', '_one', '_other', '_zero', '_female', '_female_one', '_female_other'];
    const variants: [number | undefined, string | undefined][] = [
      [undefined, undefined],
      [undefined, 'female'],
      [undefined, 'male'],
      [undefined, ''],
      [0, undefined],
      [1, undefined],
      [2, undefined],
      [1, 'female'],
      [3, 'female'],
      [0, 'female'],
    ];
    for (let subset = 1; subset < 1 << names.length; subset += 1) {
      const block: Record<string, string> = {};
      names.forEach((suffix, index) => {
        if (subset & (1 << index)) block[`line${suffix}`] = `line${suffix} {{name}}`;
      });
      const resources = { item: block };
      for (const [count, context] of variants) {
        const values = { name: 'Anna' };
        const fast = compiled(resources, 'item.line', values, count, context);
        if (fast !== undefined)
          expect(fast, `${JSON.stringify(block)} ${count} ${context}`).toBe(
            i18nextText(resources, 'item.line', values, count, context),
          );
      }
    }
  });

  it('skips empty and null resources like i18next and finds nothing below a string', () => {
    const resources = { item: { line: '', line_male: 'Er', other: 'x' } };
    expect(compiled(resources, 'item.line', {}, undefined, 'male')).toBe('Er');
    expect(resourceAt({ item: 'text' }, 'item.line')).toBeUndefined();
    expect(resourceAt(Object.create({ item: { line: 'x' } }), 'item.line')).toBeUndefined();
  });
});

describe('compileTemplate', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['{{name}} ist {{age}} Jahre alt.', { name: 'Anna', age: 34 }],
    ['Wichtig sind {{values, list}}.', { values: ['Familie', 'Freiheit', 'Natur'] }],
    ['{{ values , List }} und {{values}}', { values: ['a', 'b'] }],
    ['Fehlt: {{missing}} und {{missing, list}}.', {}],
    ['Leer: {{gone}}|{{gone, list}}|{{nothing}}', { gone: undefined, nothing: null }],
    ['Kein Platzhalter', { name: 'x' }],
    ['{{a}}{{b}}{{a}}', { a: '{{b}}', b: '$& $1 $t(common:title)' }],
    ['{{flag}} {{count_of}}', { flag: true, count_of: 0 }],
    ['{{{a}}}', { a: 'x', '{a': 'y' }],
  ];

  it('writes what i18next writes', () => {
    for (const [template, values] of cases) {
      const fast = compileTemplate(template);
      expect(fast, template).toBeDefined();
      expect(fast!(values, list), template).toBe(i18nextText({ t: template }, 't', values));
    }
  });

  it('leaves nesting, unescaped values, paths, option names and other formatters to i18next', () => {
    for (const template of [
      'Siehe $t(other)',
      '{{- name}}',
      '{{person.name}}',
      '{{count}} Einträge',
      '{{date, datetime}}',
      '{{amount, number(minimumFractionDigits: 2)}}',
    ])
      expect(compileTemplate(template), template).toBeUndefined();
  });
});

describe('ProseRenderer with compiled templates', () => {
  it.each([FIXTURE_WIDGETS, FIXTURE_BRIEF, FIXTURE_SURVEY])(
    'writes the same prose as i18next for every generated answer combination (%s)',
    async (id) => {
      const definition = await loadFixture(id);
      const fast = new ProseRenderer(definition);
      const slow = new ProseRenderer(definition, { compiled: false });
      const { samples } = proseSamples(definition);
      expect(samples.length).toBeGreaterThan(definition.steps.length * 5);
      const render = (prose: ProseRenderer, step: string, data: Record<string, unknown>) => {
        const kind = definition.steps.find((candidate) => candidate.meta.key === step)!.meta.kind;
        return kind === 'list'
          ? prose.describeItem(step, data)
          : { form: prose.describeForm(step, data), profile: prose.describeProfile(step, data) };
      };
      for (const sample of samples)
        expect(render(fast, sample.step, sample.data), `${sample.step}: ${sample.label}`).toEqual(
          render(slow, sample.step, sample.data),
        );
      expect(fast.t('common', 'empty')).toBe(slow.t('common', 'empty'));
    },
  );
});
