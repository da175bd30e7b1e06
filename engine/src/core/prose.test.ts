import { describe, expect, it } from 'vitest';
import { loadDefinitionFromDisk } from './node/index.ts';
import { baseKeys, ProseRenderer, templateVariables } from './prose.ts';

const prose = new ProseRenderer(await loadDefinitionFromDisk(undefined));

const persona = {
  name: 'Anna Berger',
  gender: 'female',
  avatar: 'young_woman',
  age: 34,
  education: 'abitur',
  family_status: 'married',
  children: 'two',
  job: 'crafts',
  job_definition: 'Tischlerin',
  income: 'income_2000_3000',
  personal_values: ['family', 'sustainability', 'freedom'],
  hobbies: 'Wandern',
  media_usage: ['instagram'],
  product_requirements: 'Einfach bestellen',
};

describe('ProseRenderer', () => {
  it('describes a female persona with her wording and German lists', () => {
    const { title, lines } = prose.describeItem('personas', persona);
    expect(title).toBe('Anna Berger');
    expect(lines).toContain(
      'Anna Berger ist 34 Jahre alt und arbeitet als Tischlerin in der Branche Handwerk. Sie ist verheiratet und hat zwei Kinder.',
    );
    expect(lines).toContain('Wichtig sind ihr Familie, Nachhaltigkeit und Freiheit.');
    expect(lines).toContain('Monatliches Nettoeinkommen: 2.000 € bis 3.000 €');
  });

  it('describes a male persona with his wording', () => {
    const { lines } = prose.describeItem('personas', {
      ...persona,
      name: 'Jonas Weber',
      gender: 'male',
      personal_values: ['career'],
    });
    expect(lines).toContain(
      'Jonas Weber ist 34 Jahre alt und arbeitet als Tischlerin in der Branche Handwerk. Er ist verheiratet und hat zwei Kinder.',
    );
    expect(lines).toContain('Wichtig sind ihm Karriere.');
  });

  it('uses neutral wording when the gender is diverse', () => {
    const { lines } = prose.describeItem('personas', {
      ...persona,
      name: 'Kim',
      gender: 'diverse',
    });
    expect(lines[0]).toContain('Kim ist verheiratet');
    expect(lines).toContain('Wichtig sind Kim Familie, Nachhaltigkeit und Freiheit.');
  });

  it('writes the brand personality as a person, with a Sonstiges text used as given', () => {
    expect(
      prose.describeForm('brandpersonality', {
        gender: 'male',
        age: 'custom',
        custom_age: 'Mitte 40',
        industry: 'crafts',
        job_definition: 'Schreiner',
        character_traits: ['honest', 'brave', 'reliable'],
      }),
    ).toEqual([
      'Wäre die Marke ein Mensch, wäre sie ein Mann (Mitte 40), der als Schreiner in der Branche Handwerk arbeitet.',
      'Er ist ehrlich, mutig und verlässlich.',
    ]);
  });

  it('leaves out sentences whose answers are missing, and says nothing about an empty form', () => {
    expect(
      prose.describeForm('brandpositioning', { mission_statement: 'Möbel fürs Leben' }),
    ).toEqual(['Mission Statement: „Möbel fürs Leben“']);
    expect(prose.describeForm('brandpositioning', {})).toEqual([]);
  });

  it('names the stakeholder group and resolves the type per group', () => {
    expect(
      prose.describeItem('stakeholders', {
        is_external: true,
        type: 'customers',
        expectations: 'Guter Service',
        importance: 4,
      }),
    ).toEqual({
      title: 'Kundinnen und Kunden',
      lines: ['Erwartungen der externen Stakeholder-Gruppe „Kundinnen und Kunden“: Guter Service'],
    });
  });

  it('lists one entry without a conjunction', () => {
    const { lines } = prose.describeItem('personas', { ...persona, media_usage: ['youtube'] });
    expect(lines).toContain('Informiert sich über YouTube.');
  });
});

describe('template helpers', () => {
  it('finds the variables of a template, with or without a formatter', () => {
    expect(templateVariables('{{name}} mag {{ hobbies, list }}.')).toEqual(['name', 'hobbies']);
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
