import { cardContent, ProseRenderer } from '@fragewerk/engine/core';
import { DEFAULT_QUESTIONNAIRE, loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';

/*
 * The sentences the shipped brand briefing („Markenbriefing“) writes for typical answers, as an
 * editor signed them. The engine's prose tests check the mechanics on a fixture questionnaire
 * (engine/src/core/prose.test.ts); rewording definitions/markenbriefing changes these on purpose.
 */
const definition = await loadDefinitionFromDisk(undefined, DEFAULT_QUESTIONNAIRE);
const prose = new ProseRenderer(definition);

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

describe('the brand briefing’s prose', () => {
  it('describes a female persona with her wording and German lists', () => {
    const { title, lines } = prose.describeItem('personas', persona);
    expect(title).toBe('Anna Berger');
    expect(lines).toEqual([
      'Mit 34 Jahren ist Anna Berger Tischlerin und kommt aus dem Handwerk.',
      'Sie ist verheiratet und hat zwei Kinder.',
      'Wichtig sind ihr Familie, Nachhaltigkeit und Freiheit.',
      'Sie hat das Abitur und verdient im Monat netto 2.000 € bis 3.000 €.',
      'Am häufigsten nutzt sie Instagram.',
      'In ihrer Freizeit beschäftigt sie sich am liebsten mit Wandern.',
      'Vom Produkt erwartet sie: Einfach bestellen.',
    ]);
    // The results view shows the card as the title: the same sentences, no title rendered.
    expect(prose.describeItem('personas', persona, { title: false })).toEqual({ title: '', lines });
  });

  it('describes a male persona with his wording', () => {
    const { lines } = prose.describeItem('personas', {
      ...persona,
      name: 'Jonas Weber',
      gender: 'male',
      personal_values: ['career'],
    });
    expect(lines).toContain('Er ist verheiratet und hat zwei Kinder.');
    expect(lines).toContain('Wichtig ist ihm Karriere.');
  });

  it('writes a retired man’s job and industry without „arbeitet als … im …“ (#38)', () => {
    expect(
      prose.describeItem('personas', {
        ...persona,
        name: 'Klaus Wendt',
        gender: 'male',
        age: 67,
        job: 'crafts',
        job_definition: 'Elektromeister im Ruhestand',
        education: 'master_craftsman',
        hobbies: 'Angeln und Gartenarbeit.',
      }).lines,
    ).toEqual([
      'Mit 67 Jahren ist Klaus Wendt Elektromeister im Ruhestand und kommt aus dem Handwerk.',
      'Er ist verheiratet und hat zwei Kinder.',
      'Wichtig sind ihm Familie, Nachhaltigkeit und Freiheit.',
      'Er hat einen Meister- oder Technikerabschluss und verdient im Monat netto 2.000 € bis 3.000 €.',
      'Am häufigsten nutzt er Instagram.',
      'In seiner Freizeit beschäftigt er sich am liebsten mit Angeln und Gartenarbeit.',
      'Vom Produkt erwartet er: Einfach bestellen.',
    ]);
  });

  it('uses neutral wording when the gender is diverse, with the name in two sentences only', () => {
    const { lines } = prose.describeItem('personas', {
      ...persona,
      name: 'Kim',
      gender: 'diverse',
    });
    // No pronoun, and not the name in every sentence („Alex Schulz“ in 5 of 7 before #38).
    expect(lines).toEqual([
      'Mit 34 Jahren ist Kim Tischlerin und kommt aus dem Handwerk.',
      'Kim hat das Abitur, ist verheiratet und hat zwei Kinder.',
      'Am wichtigsten sind Familie, Nachhaltigkeit und Freiheit.',
      'Das Nettoeinkommen liegt im Monat bei 2.000 € bis 3.000 €.',
      'Die Mediennutzung dreht sich vor allem um Instagram.',
      'Am liebsten wird die Freizeit mit Wandern verbracht.',
      'Vom Produkt wird erwartet: Einfach bestellen.',
    ]);
    // „Wichtig ist für Alex Glaube.“ was the wording before #38.
    const alex = prose.describeItem('personas', {
      ...persona,
      name: 'alex',
      gender: 'diverse',
      personal_values: ['faith'],
    }).lines;
    expect(alex).toContain('Am wichtigsten ist der Glaube.');
    expect(alex).toContain('Mit 34 Jahren ist Alex Tischlerin und kommt aus dem Handwerk.');
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
      'Wäre die Marke ein Mensch, wäre sie ein Mann (Mitte 40), der Schreiner ist und aus dem Handwerk kommt.',
      'Er ist ehrlich, mutig und verlässlich.',
    ]);
  });

  it('leaves out sentences whose answers are missing, and says nothing about an empty form', () => {
    expect(
      prose.describeForm('brandpositioning', { mission_statement: 'Möbel fürs Leben' }),
    ).toEqual(['Als Mission Statement formuliert sie: „Möbel fürs Leben“.']);
    expect(prose.describeForm('brandpositioning', {})).toEqual([]);
  });

  it('resolves the stakeholder type per group; the card and its group say the rest', () => {
    expect(
      prose.describeItem('stakeholders', {
        is_external: true,
        type: 'customers',
        expectations: 'Guter Service',
        importance: 4,
      }),
    ).toEqual({
      title: 'Kundschaft',
      lines: ['Diese Gruppe erwartet: Guter Service.'],
    });
  });

  it('lists one entry without a conjunction', () => {
    const { lines } = prose.describeItem('personas', {
      ...persona,
      media_usage: ['youtube', 'daily_newspaper'],
    });
    expect(lines).toContain('Am häufigsten nutzt sie YouTube und die Tageszeitung.');
  });
});

describe('the brand briefing’s prose of every step', () => {
  it('stakeholders: type label or the Sonstiges text (capitalised), and the expectations', () => {
    expect(
      prose.describeItem('stakeholders', {
        is_external: false,
        type: 'custom',
        custom_type: 'stiftungsrat',
        expectations: 'transparenz',
        importance: 2,
      }),
    ).toEqual({
      title: 'Stiftungsrat',
      lines: ['Diese Gruppe erwartet: transparenz.'],
    });
  });

  it('competitors: the explanation only – name, stars and website are on the card', () => {
    expect(
      prose.describeItem('competitors', {
        name: 'Muster GmbH',
        url: 'https://muster.de',
        explanation: 'Marktführer',
        importance: 5,
      }),
    ).toEqual({
      title: 'Muster GmbH',
      lines: ['Marktführer.'],
    });
    expect(
      prose.describeItem('competitors', {
        name: 'Ohne Web',
        explanation: 'nur lokal',
        importance: 1,
      }).lines,
    ).toEqual(['Nur lokal.']);
  });

  it('goals: the preset of the goal type, or the own goal, and a sentence per group', () => {
    expect(
      prose.describeItem('goals', {
        type: 'user',
        goal: 'book_appointment',
        goal_definition: 'Online in zwei Minuten',
      }),
    ).toEqual({
      title: 'Termin buchen',
      lines: ['Für die Nutzerinnen und Nutzer heißt das: Online in zwei Minuten.'],
    });
    expect(
      prose.describeItem('goals', {
        type: 'company',
        goal: 'increase_revenue',
        goal_definition: 'Plus 20 Prozent bis 2027.',
      }).lines,
    ).toEqual(['Das Unternehmen versteht darunter: Plus 20 Prozent bis 2027.']);
    expect(
      prose.describeItem('goals', {
        type: 'brand',
        goal: 'custom',
        custom_goal: 'kultmarke werden',
        goal_definition: 'Fans',
      }),
    ).toEqual({ title: 'Kultmarke werden', lines: ['Für die Marke bedeutet das: Fans.'] });
  });

  it('goals and stakeholders: every second card of a group opens with other words (#38)', () => {
    const goal = { type: 'company', goal: 'increase_revenue', goal_definition: 'Plus 20 Prozent' };
    expect(prose.describeItem('goals', goal, { position: 0 }).lines).toEqual([
      'Das Unternehmen versteht darunter: Plus 20 Prozent.',
    ]);
    expect(prose.describeItem('goals', goal, { position: 1 }).lines).toEqual([
      'Konkret heißt das für das Unternehmen: Plus 20 Prozent.',
    ]);
    expect(prose.describeItem('goals', goal, { position: 2 }).lines).toEqual([
      'Das Unternehmen versteht darunter: Plus 20 Prozent.',
    ]);
    const group = { is_external: true, type: 'customers', expectations: 'Guter Service' };
    expect(prose.describeItem('stakeholders', group, { position: 3 }).lines).toEqual([
      'Was diese Gruppe erwartet: Guter Service.',
    ]);
    // A revision whose `next` lacks this entry's variant (the brand goals) keeps the template's own.
    const older = new ProseRenderer({
      ...definition,
      steps: definition.steps.map((step) =>
        step.meta.key === 'goals'
          ? {
              ...step,
              prose: {
                ...step.prose,
                next: { goal_definition_company: 'Konkret heißt das: {{goal_definition}}.' },
              },
            }
          : step,
      ),
    });
    expect(
      older.describeItem('goals', { ...goal, type: 'brand', goal: 'build_trust' }, { position: 1 })
        .lines,
    ).toEqual(['Für die Marke bedeutet das: Plus 20 Prozent.']);
  });

  it('user stories: "Als … möchte ich …, damit …."; the priority is the card’s badge', () => {
    expect(
      prose.describeItem('userstories', {
        role: 'new_customer',
        priority: 'must',
        text: 'online bestellen, damit ich Zeit spare',
      }),
    ).toEqual({
      title: 'Neukundin oder Neukunde',
      lines: ['Als Neukundin oder Neukunde möchte ich online bestellen, damit ich Zeit spare.'],
    });
    // A role typed in lower case is a noun all the same (#38: „Als pendler möchte ich …“).
    expect(
      prose.describeItem('userstories', {
        role: 'custom',
        custom_role: ' pendler ',
        priority: 'should',
        text: 'die Abfahrtszeiten sehen!',
      }).lines,
    ).toEqual(['Als Pendler möchte ich die Abfahrtszeiten sehen.']);
    // … and so does the card's title above it.
    const step = definition.steps.find(({ meta }) => meta.key === 'userstories')!;
    const card = cardContent(
      definition,
      step,
      {
        id: 'u1',
        version: 1,
        role: 'custom',
        custom_role: 'pendler',
        priority: 'should',
        text: 'x',
      },
      false,
    );
    expect(card.text('role')).toBe('Pendler');
  });

  it('user stories: what the customer typed twice or around the wish goes', () => {
    const story = (text: string, role = 'custom', custom_role = 'Firmenkundin') =>
      prose.describeItem('userstories', { role, custom_role, priority: 'should', text }).lines[0];
    const expected =
      'Als Firmenkundin möchte ich eine Catering-Anfrage stellen, damit ich planen kann.';
    for (const text of [
      'eine Catering-Anfrage stellen, damit ich planen kann',
      'Ich möchte eine Catering-Anfrage stellen, damit ich planen kann.',
      '… möchte ich eine Catering-Anfrage stellen, damit ich planen kann …',
      'möchte ich: möchte ich eine Catering-Anfrage stellen, damit ich planen kann.',
      'Als Firmenkundin möchte ich eine Catering-Anfrage stellen, damit ich planen kann!',
      '„Ich würde gerne eine Catering-Anfrage stellen, damit ich planen kann.“',
    ])
      expect(story(text)).toBe(expected);
    expect(story('eine Catering-Anfrage stellen, damit …')).toBe(
      'Als Firmenkundin möchte ich eine Catering-Anfrage stellen.',
    );
    expect(story('eine Catering-Anfrage stellen', 'custom', 'Als Firmenkundin,')).toBe(
      'Als Firmenkundin möchte ich eine Catering-Anfrage stellen.',
    );
    expect(story('Texte pflegen', 'editor')).toBe(
      'Als Mitglied der Redaktion möchte ich Texte pflegen.',
    );
    expect(
      prose.describeItem('userstories', { role: 'registered_user', priority: 'could', text: 'x' })
        .title,
    ).toBe('Registrierte Nutzerin oder registrierter Nutzer');
    // Nothing left of the wish: no story sentence.
    expect(
      prose.describeItem('userstories', {
        role: 'editor',
        priority: 'should',
        text: 'Ich möchte …',
      }).lines,
    ).toEqual([]);
  });

  it('personas: one year, one value and one child in the singular', () => {
    const { lines } = prose.describeItem('personas', {
      ...persona,
      name: 'Max',
      gender: 'male',
      age: 1,
      personal_values: ['freedom'],
      children: 'wish',
      family_status: 'separated',
    });
    expect(lines.slice(0, 2)).toEqual([
      'Mit 1 Jahr ist Max Tischlerin und kommt aus dem Handwerk.',
      'Er lebt getrennt und wünscht sich Kinder.',
    ]);
    expect(lines).toContain('Wichtig ist ihm Freiheit.');
  });

  it('brand positioning: promises and audiences as German lists', () => {
    expect(
      prose.describeForm('brandpositioning', {
        performance_promise: ['highest_quality'],
        target_audience: ['families_with_children', 'students', 'best_agers'],
      }),
    ).toEqual([
      'Die Marke verspricht höchste Qualität.',
      'Sie richtet sich an Familien mit Kindern, Studierende und Best Ager.',
    ]);
    expect(
      prose.describeForm('brandpositioning', {
        performance_promise: ['personal_advice', 'best_price', 'fairness_transparency'],
        target_audience: ['public_clients', 'seniors'],
        mission_statement: '„Möbel fürs Leben“',
      }),
    ).toEqual([
      'Die Marke verspricht persönliche Beratung, den besten Preis sowie Fairness und Transparenz.',
      'Sie richtet sich an die öffentliche Hand sowie Seniorinnen und Senioren.',
      'Als Mission Statement formuliert sie: „Möbel fürs Leben“.',
    ]);
  });

  it('brand personality: an own industry stands in the phrase of prose.de.json', () => {
    expect(
      prose.describeForm('brandpersonality', {
        gender: 'female',
        age: 'age_36_45',
        industry: 'custom',
        custom_industry: 'Branche Bäckerhandwerk',
        job_definition: 'als Konditorin',
        character_traits: ['honest', 'enthusiastic', 'reliable'],
      }),
    ).toEqual([
      'Wäre die Marke ein Mensch, wäre sie eine Frau (36 bis 45 Jahre), die Konditorin ist und aus der Branche Bäckerhandwerk kommt.',
      'Sie ist ehrlich, begeisterungsfähig und verlässlich.',
    ]);
  });

  it('polarity profile: rows of the set attributes only, and sentences by strength', () => {
    const profile = prose.describeProfile('polarityprofile', {
      attribute_traditional_modern: 2,
      attribute_loud_quiet: -3,
      attribute_rational_emotional: -1,
      attribute_casual_serious: 0,
      attribute_exclusive_accessible: null,
    })!;
    expect(profile.rows.map((row) => [row.left, row.right, row.value])).toEqual([
      ['traditionell', 'modern', 2],
      ['locker', 'seriös', 0],
      ['laut', 'leise', -3],
      ['rational', 'emotional', -1],
    ]);
    // One sentence per strength, the strongest first (#38: not one list of every row).
    expect(profile.sentences).toEqual([
      'Die Marke ist ganz klar laut statt leise.',
      'Deutlich eher ist sie modern als traditionell.',
      'Sie wirkt eher rational als emotional.',
      'Zwischen locker und seriös hält sie die Mitte.',
    ]);
    expect(
      prose.describeProfile('polarityprofile', {
        attribute_traditional_modern: 2,
        attribute_loud_quiet: 2,
        attribute_rational_emotional: -2,
        attribute_casual_serious: 0,
        attribute_exclusive_accessible: 0,
      })!.sentences,
    ).toEqual([
      'Die Marke ist deutlich eher modern, leise und rational als traditionell, laut und emotional.',
      'Zwischen locker und seriös sowie exklusiv und zugänglich hält sie die Mitte.',
    ]);
    expect(
      prose.describeProfile('polarityprofile', {
        attribute_rational_emotional: 1,
        attribute_casual_serious: 0,
      })!.sentences,
    ).toEqual([
      'Die Marke wirkt eher emotional als rational.',
      'Zwischen locker und seriös hält sie die Mitte.',
    ]);
    expect(
      prose.describeProfile('polarityprofile', { attribute_casual_serious: 0 })!.sentences,
    ).toEqual(['Zwischen locker und seriös hält die Marke die Mitte.']);
    expect(prose.describeProfile('polarityprofile', {})).toEqual({ rows: [], sentences: [] });
  });

  it('polarity profile: a strength of more than four rows in sentences of four at most, one paragraph', () => {
    // #38: eleven rows of „ganz klar“ were one sentence of 40 words.
    const strong = [
      'attribute_traditional_modern',
      'attribute_playful_factual',
      'attribute_casual_serious',
      'attribute_loud_quiet',
      'attribute_rational_emotional',
      'attribute_exclusive_accessible',
      'attribute_young_experienced',
      'attribute_warm_cool',
      'attribute_simple_opulent',
      'attribute_approachable_distant',
      'attribute_natural_technical',
    ];
    const profile = prose.describeProfile('polarityprofile', {
      ...Object.fromEntries(strong.map((key) => [key, 3])),
      attribute_affordable_premium: 2,
      attribute_regional_international: -2,
      attribute_down_to_earth_visionary: -2,
      attribute_modest_confident: 2,
      attribute_cautious_bold: -2,
      attribute_round_angular: 0,
    })!;
    expect(profile.sentences).toEqual([
      'Die Marke ist ganz klar modern, sachlich, seriös und leise statt traditionell, verspielt, locker und laut. ' +
        'Ebenso klar ist sie emotional, zugänglich, erfahren und kühl statt rational, exklusiv, jung und warm. ' +
        'Genauso eindeutig ist sie opulent, distanziert und technisch statt schlicht, nahbar und natürlich.',
      'Deutlich eher ist sie hochpreisig, regional und bodenständig als günstig, international und visionär. ' +
        'Dazu ist sie deutlich eher selbstbewusst und vorsichtig als bescheiden und mutig.',
      'Zwischen rund und eckig hält sie die Mitte.',
    ]);
    // Four rows stay one sentence.
    expect(
      prose.describeProfile(
        'polarityprofile',
        Object.fromEntries(strong.slice(0, 4).map((key) => [key, 3])),
      )!.sentences,
    ).toEqual([
      'Die Marke ist ganz klar modern, sachlich, seriös und leise statt traditionell, verspielt, locker und laut.',
    ]);
    expect(prose.describeProfile('brandpositioning', {})).toBeUndefined();
  });

  it('says nothing about a form without answers', () => {
    expect(prose.describeForm('polarityprofile', {})).toEqual([]);
    expect(prose.describeForm('brandpersonality', {})).toEqual([]);
  });
});
