import { describe, expect, it } from 'vitest';
import { baseKeys, joinList, ProseRenderer, templateVariables } from './prose.ts';
import { FIXTURE_WIDGETS, loadFixture } from './test/fixture-catalogue.ts';

/*
 * The prose mechanics on the fixture questionnaire fixture-widgets: gender contexts, singular
 * and plural, German lists, group values, „Sonstiges“ texts, normalised answers and the polarity
 * sentences. The brand briefing's own sentences are pinned in tests/src/brand-briefing-prose.test.ts.
 */
const prose = new ProseRenderer(await loadFixture(FIXTURE_WIDGETS));

const anna = {
  name: 'Anna Berger',
  gender: 'female',
  avatar: 'young_woman',
  age: 34,
  job_definition: 'Tischlerin',
  personal_values: ['family', 'safety', 'freedom'],
  priority: 'must',
};

describe('ProseRenderer', () => {
  it('describes a list entry in the context of its gender, with German lists', () => {
    const { title, lines } = prose.describeItem('people', anna);
    expect(title).toBe('Anna Berger');
    expect(lines).toEqual([
      'Anna Berger ist 34 Jahre alt und arbeitet als Tischlerin.',
      'Wichtig sind ihr Familie, Sicherheit und Freiheit.',
      'Priorität: Muss',
    ]);
    // The results view shows the card as the title: the same sentences, no title rendered.
    expect(prose.describeItem('people', anna, { title: false })).toEqual({ title: '', lines });
  });

  it('takes the male wording for a male gender', () => {
    const { lines } = prose.describeItem('people', { ...anna, gender: 'male' });
    expect(lines).toContain('Wichtig sind ihm Familie, Sicherheit und Freiheit.');
  });

  it('takes the neutral wording for a gender without its own (diverse, or none)', () => {
    for (const gender of ['diverse', undefined])
      expect(prose.describeItem('people', { ...anna, name: 'Kim', gender }).lines).toContain(
        'Wichtig sind für Kim Familie, Sicherheit und Freiheit.',
      );
  });

  it('writes one year and one value in the singular, two values with „und“', () => {
    const { lines } = prose.describeItem('people', {
      ...anna,
      name: 'Max',
      gender: 'male',
      age: 1,
      personal_values: ['freedom'],
    });
    expect(lines.slice(0, 2)).toEqual([
      'Max ist 1 Jahr alt und arbeitet als Tischlerin.',
      'Wichtig ist ihm Freiheit.',
    ]);
    expect(
      prose.describeItem('people', { ...anna, personal_values: ['family', 'freedom'] }).lines,
    ).toContain('Wichtig sind ihr Familie und Freiheit.');
  });

  it('strips the words the template already says and the quotes around an answer', () => {
    expect(
      prose.describeItem('people', { ...anna, job_definition: 'als Tischlerin.' }).lines[0],
    ).toBe('Anna Berger ist 34 Jahre alt und arbeitet als Tischlerin.');
    expect(prose.describeForm('statement', { mission_statement: '„Möbel fürs Leben“' })).toEqual([
      'Unser Leitsatz: „Möbel fürs Leben“',
    ]);
  });

  it('writes a form in the context of its gender, with the preset labels in a list', () => {
    expect(
      prose.describeForm('profile', {
        gender: 'female',
        job_definition: 'als Konditorin',
        character_traits: ['honest', 'generous', 'reliable'],
      }),
    ).toEqual([
      'Wäre die Marke ein Mensch, wäre sie eine Frau, die als Konditorin arbeitet.',
      'Sie ist ehrlich, großzügig und verlässlich.',
    ]);
  });

  it('writes the in-sentence form of a preset where it has one', () => {
    expect(prose.describeForm('statement', { promises: ['quality', 'advice'] })).toEqual([
      'Wir versprechen höchste Qualität und persönliche Beratung.',
    ]);
  });

  it('leaves out sentences whose answers are missing, and says nothing about an empty form', () => {
    expect(prose.describeForm('statement', { mission_statement: 'Möbel fürs Leben' })).toEqual([
      'Unser Leitsatz: „Möbel fürs Leben“',
    ]);
    expect(prose.describeForm('statement', {})).toEqual([]);
    expect(prose.describeForm('profile', {})).toEqual([]);
    expect(prose.describeForm('scale', {})).toEqual([]);
  });

  it('names the group by its value and resolves the type per group', () => {
    expect(
      prose.describeItem('contacts', {
        is_external: true,
        type: 'customers',
        expectations: 'Guter Service',
        importance: 4,
      }),
    ).toEqual({
      title: 'Kundschaft',
      lines: ['Erwartungen der externen Gruppe „Kundschaft“: Guter Service'],
    });
  });

  it('uses the „Sonstiges“ text as given', () => {
    expect(
      prose.describeItem('contacts', {
        is_external: false,
        type: 'custom',
        custom_type: 'Stiftungsrat',
        expectations: 'Transparenz',
        importance: 2,
      }),
    ).toEqual({
      title: 'Stiftungsrat',
      lines: ['Erwartungen der internen Gruppe „Stiftungsrat“: Transparenz'],
    });
  });

  it('leaves out the line of an answer not given', () => {
    const rival = { name: 'Muster GmbH', explanation: 'Marktführer', importance: 5 };
    expect(prose.describeItem('rivals', { ...rival, url: 'https://muster.de' })).toEqual({
      title: 'Muster GmbH',
      lines: ['Website: https://muster.de', 'Marktführer'],
    });
    expect(prose.describeItem('rivals', rival).lines).toEqual(['Marktführer']);
  });

  it('polarity: rows of the set attributes only, and sentences by strength', () => {
    const profile = prose.describeProfile('scale', {
      attribute_traditional_modern: 2,
      attribute_quiet_loud: -3,
    })!;
    expect(profile.rows.map((row) => [row.left, row.right, row.value])).toEqual([
      ['traditionell', 'modern', 2],
      ['leise', 'laut', -3],
    ]);
    expect(profile.sentences).toEqual([
      'Die Marke ist deutlich eher modern als traditionell und ganz klar leise statt laut.',
    ]);
    expect(
      prose.describeProfile('scale', { attribute_traditional_modern: -1, attribute_quiet_loud: 0 })!
        .sentences,
    ).toEqual([
      'Die Marke wirkt eher traditionell als modern.',
      'Sie ist weder besonders leise noch besonders laut.',
    ]);
    expect(prose.describeProfile('scale', { attribute_quiet_loud: 0 })!.sentences).toEqual([
      'Die Marke ist weder besonders leise noch besonders laut.',
    ]);
    expect(
      prose.describeProfile('scale', { attribute_traditional_modern: 3, attribute_quiet_loud: 1 })!
        .sentences,
    ).toEqual([
      'Die Marke ist ganz klar modern statt traditionell.',
      'Außerdem wirkt sie eher laut als leise.',
    ]);
    expect(prose.describeProfile('scale', { attribute_quiet_loud: null })).toEqual({
      rows: [],
      sentences: [],
    });
    expect(prose.describeProfile('statement', {})).toBeUndefined();
  });

  it('writes one sentence per strength where the definition has `profile.level_*` (#38)', async () => {
    // The fixture's former keys stay for revisions made before; a definition with `level_3` gets
    // a sentence per strength, the strongest first, the first naming the brand.
    const definition = await loadFixture(FIXTURE_WIDGETS);
    const levels = new ProseRenderer({
      ...definition,
      steps: definition.steps.map((step) =>
        step.meta.key === 'scale'
          ? {
              ...step,
              prose: {
                ...step.prose,
                profile: {
                  level_3: 'Die Marke ist ganz klar {{poles, list}} statt {{others, list}}.',
                  level_2_first:
                    'Die Marke ist deutlich eher {{poles, list}} als {{others, list}}.',
                  level_2: 'Deutlich eher ist sie {{poles, list}} als {{others, list}}.',
                  level_1_first: 'Die Marke wirkt eher {{poles, list}} als {{others, list}}.',
                  level_1: 'Sie wirkt eher {{poles, list}} als {{others, list}}.',
                  level_0_first: 'Zwischen {{pairs, list}} hält die Marke die Mitte.',
                  level_0: 'Zwischen {{pairs, list}} hält sie die Mitte.',
                },
              },
            }
          : step,
      ),
    });
    expect(
      levels.describeProfile('scale', {
        attribute_traditional_modern: 2,
        attribute_quiet_loud: -3,
      })!.sentences,
    ).toEqual([
      'Die Marke ist ganz klar leise statt laut.',
      'Deutlich eher ist sie modern als traditionell.',
    ]);
    expect(
      levels.describeProfile('scale', {
        attribute_traditional_modern: -1,
        attribute_quiet_loud: 0,
      })!.sentences,
    ).toEqual([
      'Die Marke wirkt eher traditionell als modern.',
      'Zwischen leise und laut hält sie die Mitte.',
    ]);
    expect(
      levels.describeProfile('scale', { attribute_traditional_modern: 0, attribute_quiet_loud: 0 })!
        .sentences,
    ).toEqual(['Zwischen traditionell und modern sowie leise und laut hält die Marke die Mitte.']);
  });

  it('splits a strength of more than four rows into even sentences, one paragraph (#38)', async () => {
    const definition = await loadFixture(FIXTURE_WIDGETS);
    const letters = 'abcdefghi'.split('');
    const many = new ProseRenderer({
      ...definition,
      steps: definition.steps.map((step) =>
        step.meta.key === 'scale'
          ? {
              ...step,
              schema: {
                ...step.schema,
                properties: Object.fromEntries(
                  letters.map((letter) => [letter, { 'x-poles': [`${letter}1`, `${letter}2`] }]),
                ),
              },
              prose: {
                ...step.prose,
                profile: {
                  level_3: 'Die Marke ist ganz klar {{poles, list}} statt {{others, list}}.',
                  level_3_more: 'Ebenso klar ist sie {{poles, list}} statt {{others, list}}.',
                  level_0_first: 'Zwischen {{pairs, list}} hält die Marke die Mitte.',
                },
              },
            }
          : step,
      ),
    });
    const all = (value: number, count = letters.length) =>
      Object.fromEntries(letters.slice(0, count).map((letter) => [letter, value]));
    // Nine rows and only `_more`: two sentences (five and four) rather than a third that opens
    // like the first („Die Marke ist ganz klar … Die Marke ist ganz klar …“).
    expect(many.describeProfile('scale', all(3))!.sentences).toEqual([
      'Die Marke ist ganz klar a2, b2, c2, d2 und e2 statt a1, b1, c1, d1 und e1. ' +
        'Ebenso klar ist sie f2, g2, h2 und i2 statt f1, g1, h1 und i1.',
    ]);
    expect(many.describeProfile('scale', all(-3, 5))!.sentences).toEqual([
      'Die Marke ist ganz klar a1, b1 und c1 statt a2, b2 und c2. Ebenso klar ist sie d1 und e1 statt d2 und e2.',
    ]);
    expect(many.describeProfile('scale', all(3, 4))!.sentences).toEqual([
      'Die Marke ist ganz klar a2, b2, c2 und d2 statt a1, b1, c1 und d1.',
    ]);
  });
});

describe('a frozen revision without the continuations of a strength (#38)', () => {
  it('tells a strength of many rows in one sentence instead of repeating its opening', async () => {
    const definition = await loadFixture(FIXTURE_WIDGETS);
    const letters = 'abcdefghi'.split('');
    // The polarity profile's templates as an approved project's revision of #38 froze them:
    // one per strength, no `_more`, `_also` or `_still`.
    const frozen = new ProseRenderer({
      ...definition,
      steps: definition.steps.map((step) =>
        step.meta.key === 'scale'
          ? {
              ...step,
              schema: {
                ...step.schema,
                properties: Object.fromEntries(
                  letters.map((letter) => [letter, { 'x-poles': [`${letter}1`, `${letter}2`] }]),
                ),
              },
              prose: {
                ...step.prose,
                profile: {
                  level_3: 'Die Marke ist ganz klar {{poles, list}} statt {{others, list}}.',
                  level_2_first:
                    'Die Marke ist deutlich eher {{poles, list}} als {{others, list}}.',
                  level_2: 'Deutlich eher ist sie {{poles, list}} als {{others, list}}.',
                  level_1_first: 'Die Marke wirkt eher {{poles, list}} als {{others, list}}.',
                  level_1: 'Sie wirkt eher {{poles, list}} als {{others, list}}.',
                  level_0_first: 'Zwischen {{pairs, list}} hält die Marke die Mitte.',
                  level_0: 'Zwischen {{pairs, list}} hält sie die Mitte.',
                },
              },
            }
          : step,
      ),
    });
    const values = [3, 3, 3, 3, 3, 2, 2, 2, 2];
    const answers = Object.fromEntries(letters.map((letter, index) => [letter, values[index]]));
    expect(frozen.describeProfile('scale', answers)!.sentences).toEqual([
      'Die Marke ist ganz klar a2, b2, c2, d2 und e2 statt a1, b1, c1, d1 und e1.',
      'Deutlich eher ist sie f2, g2, h2 und i2 als f1, g1, h1 und i1.',
    ]);
    const allTwo = Object.fromEntries(letters.map((letter) => [letter, -2]));
    const [paragraph] = frozen.describeProfile('scale', allTwo)!.sentences;
    expect(paragraph).toBe(
      'Die Marke ist deutlich eher a1, b1, c1, d1, e1, f1, g1, h1 und i1 als ' +
        'a2, b2, c2, d2, e2, f2, g2, h2 und i2.',
    );
    // Every paragraph one sentence: no opening twice.
    for (const text of frozen.describeProfile('scale', allTwo)!.sentences)
      expect(text.match(/\. [A-ZÄÖÜ]/gu)).toBeNull();
  });
});

describe('template helpers', () => {
  it('finds the variables of a template, with or without a formatter', () => {
    expect(templateVariables('{{name}} mag {{ hobbies, list }}.')).toEqual(['name', 'hobbies']);
  });

  it('joins a list as Intl.ListFormat does in German', () => {
    const format = new Intl.ListFormat('de', { type: 'conjunction', style: 'long' });
    const words = ['Familie', 'Nachhaltigkeit', 'Freiheit', 'Sicherheit', 'Genuss'];
    for (let length = 0; length <= words.length; length += 1) {
      const items = words.slice(0, length);
      expect(joinList(items, 'und')).toBe(format.format(items));
    }
  });

  it('folds context and plural variants into their base key', () => {
    expect(
      baseKeys({ a_male: '', a_female: '', a: '', b_one: '', b_other: '', goal_definition: '' }, [
        'male',
        'female',
      ]),
    ).toEqual(['a', 'b', 'goal_definition']);
  });
});
