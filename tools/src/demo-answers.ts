import type { Definition, PresetEntry } from '@fragewerk/engine/core';
import { findPresetList } from '@fragewerk/engine/core';
import type {
  Brandpersonality,
  Brandpositioning,
  Competitors,
  Goals,
  Personas,
  Polarityprofile,
  Stakeholders,
  Userstories,
} from '@fragewerk/schemas/types';
import { SAMPLE_TEXTS, seededRandom } from './sample-answers.ts';

/** One entry's or form's answers: a generated step type (interfaces lack an index signature). */
type Answers = object;

const EXPECTATIONS = SAMPLE_TEXTS.expectations;

/**
 * A phrase that goes on a sentence after a colon or dash: its first letter lowered (each phrase
 * starts with an adjective or article), the nouns inside keep their capitals.
 */
export const continuing = (phrase: string) => phrase.charAt(0).toLowerCase() + phrase.slice(1);
const STORIES = SAMPLE_TEXTS.stories;
/** What a goal means, measurably: phrases that follow „Das Unternehmen versteht darunter:“. */
const GOAL_DEFINITIONS = [
  'Bis Ende 2027 kommt jede dritte Anfrage über die Website',
  'Zwei neue Auszubildende im Jahr über die Karriereseite',
  'In der Kundenbefragung empfehlen uns mindestens 80 Prozent weiter',
  'In der Region gelten wir als erste Adresse für Maßmöbel',
  'Angebote gehen innerhalb von zwei Werktagen raus',
  'Die Hälfte der Besucherinnen und Besucher sieht sich Referenzprojekte an',
];
/** Alternately a woman's and a man's name and job (the personas alternate their gender). */
const alternate = <T>(women: readonly T[], men: readonly T[]): T[] =>
  women.flatMap((woman, index) => [woman, men[index]!]);
const NAMES = alternate(SAMPLE_TEXTS.names.female, SAMPLE_TEXTS.names.male);
const JOBS = alternate(SAMPLE_TEXTS.jobs.female, SAMPLE_TEXTS.jobs.male);

/** Plausible German answers for every step of the definition, sized for the benchmarks. */
export function demoAnswers(definition: Definition): {
  lists: Record<string, Answers[]>;
  forms: Record<string, Answers>;
} {
  const random = seededRandom(42);
  const list = (reference: string): PresetEntry[] =>
    findPresetList(definition.presets, reference) ?? [];
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const some = (reference: string, count: number) =>
    [...new Set(Array.from({ length: count * 3 }, () => pick(list(reference)).key))].slice(
      0,
      count,
    );
  const stars = () => 1 + Math.floor(random() * 5);

  // Typed by the generated step types: a changed schema fails to compile here, not when run.
  const stakeholders = Array.from({ length: 52 }, (_, index): Stakeholders => {
    const external = index % 2 === 1;
    const custom = index % 13 === 0;
    return {
      is_external: external,
      type: custom
        ? 'custom'
        : pick(list(external ? 'stakeholders.external' : 'stakeholders.internal')).key,
      ...(custom ? { custom_type: external ? 'Förderverein' : 'Ausbildungsbeauftragte' } : {}),
      expectations: pick(EXPECTATIONS),
      importance: stars(),
    };
  });
  const competitors = Array.from({ length: 30 }, (_, index): Competitors => ({
    name: `Wettbewerber ${index + 1} ${pick(['GmbH', 'KG', '& Söhne', 'Werkstätten'])}`,
    url: `https://www.wettbewerber-${index + 1}.example`,
    explanation: `${pick(['Starker Auftritt in Social Media', 'Günstigere Preise', 'Große Ausstellung', 'Sehr gute Bewertungen'])} – ${continuing(pick(EXPECTATIONS))}.`,
    importance: stars(),
  }));
  const types = ['company', 'brand', 'user'] as const;
  const goals = Array.from({ length: 30 }, (_, index): Goals => {
    const type = types[index % 3]!;
    return {
      type,
      goal: pick(list(`goals.${type}`)).key,
      goal_definition: `${pick(GOAL_DEFINITIONS)}.`,
      importance: stars(),
    };
  });
  const userstories = Array.from({ length: 40 }, (): Userstories => ({
    role: pick(list('userstories.roles')).key,
    priority: pick(list('userstories.priorities')).key,
    text: pick(STORIES),
  }));
  const personas = NAMES.map((name, index): Personas => ({
    name,
    gender: index % 2 === 0 ? 'female' : 'male',
    avatar: pick(list('personas.avatars')).key,
    age: 22 + ((index * 7) % 50),
    education: pick(list('personas.education')).key,
    family_status: pick(list('personas.family_status')).key,
    children: pick(list('personas.children')).key,
    job: pick(list('personas.job')).key,
    job_definition: JOBS[index]!,
    income: pick(list('personas.income')).key,
    personal_values: some('personas.personal_values', 3),
    hobbies: pick([...SAMPLE_TEXTS.hobbies]),
    media_usage: some('personas.media_usage', 3),
    product_requirements: `${pick(EXPECTATIONS)}.`,
  }));
  const polarity: Polarityprofile = Object.fromEntries(
    list('polarityprofile.attributes')
      .slice(0, 12)
      .map((entry, index) => [entry.key, [-3, 2, -1, 0, 3, 1, -2][index % 7]]),
  );
  return {
    lists: { stakeholders, competitors, goals, userstories, personas },
    forms: {
      brandpersonality: {
        gender: 'female',
        age: 'age_36_45',
        industry: 'crafts',
        job_definition: 'Tischlermeisterin',
        character_traits: ['honest', 'reliable', 'down_to_earth', 'innovative'],
      } satisfies Brandpersonality,
      polarityprofile: polarity,
      brandpositioning: {
        performance_promise: ['highest_quality', 'personal_advice', 'sustainability'],
        target_audience: ['families_with_children', 'best_agers'],
        brand_attractiveness: 'Handgefertigte Möbel aus der Region, die ein Leben lang halten.',
        brand_strenghts:
          'Meisterbetrieb in dritter Generation, eigene Werkstatt, persönliche Beratung vor Ort.',
        competitor_distinction:
          'Kein Möbelhaus von der Stange: jedes Stück wird für den Raum geplant.',
        mission_statement: 'Wir bauen Möbel, die Geschichten erzählen.',
      } satisfies Brandpositioning,
    },
  };
}
