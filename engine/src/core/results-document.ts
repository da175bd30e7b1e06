import type { ItemJson } from '@fragewerk/schemas/types';
import { cardContent } from './card-content.ts';
import type { CardTexts } from './card-markup.ts';
import type { Definition, StepDefinition } from './definition-types.ts';
import { fieldKinds } from './field-kinds.ts';
import { isObject } from './is-object.ts';
import type { ProfileRow, ProseRenderer } from './prose.ts';

/**
 * The results of a project as a document that no renderer owns: stages, steps, and per step its
 * heading and its cards, sentences, polarity rows, addresses – or the empty text. Every text in it
 * comes from the prose renderer and the definition; the results view's markup
 * (results-markup.ts), the Markdown and Word exports and the data export are renderers of it, so
 * they carry the same sentences: one function produces the results' text.
 */

/** A list entry's card: its title, badge, stars, avatar and addresses, then its sentences. */
export interface ResultsCard {
  title: string;
  /** The badge's text („Muss“) and its colour (1–4, the value's place in the options). */
  badge?: { text: string; tone?: number };
  /** The stars with their words („4 von 5 Sternen“). */
  rating?: { value: number; max: number; label: string };
  /**
   * The avatar: the preset entry's key and image (a path below `presets/`, or the URL the browser
   * gets for it) and its label.
   */
  avatar?: { key: string; image: string; label: string };
  /** The addresses the entry links to, as typed. */
  links: string[];
  /** The entry's sentences. */
  lines: string[];
}

/** The entries of one group of a list step, below its heading (none for a list without groups). */
export interface ResultsGroup {
  heading?: string;
  cards: ResultsCard[];
}

/** A piece of a form step's part, in order. */
export type ResultsBlock =
  /**
   * A paragraph; `line` marks the sentences of the answers (a lead-in before a chart is none).
   */
  | { kind: 'paragraph'; text: string; line: boolean }
  /** The polarity profile's answered rows, with the chart's accessible name. */
  | { kind: 'polarity'; rows: ProfileRow[]; label: string }
  /** The addresses of a list of addresses, as typed. */
  | { kind: 'links'; urls: string[] };

/** One step's part: its heading and either its groups of cards (a list) or its blocks (a form). */
export interface ResultsStep {
  key: string;
  kind: 'list' | 'form';
  heading: string;
  /** A list step's entries by group; only groups with entries. */
  groups: ResultsGroup[];
  /** A form step's paragraphs, chart and links. */
  blocks: ResultsBlock[];
  /** The empty text, when the step has nothing to show. */
  empty?: string;
}

export interface ResultsStage {
  key: string;
  title: string;
  steps: ResultsStep[];
}

export interface ResultsDocument {
  /** The results' title of the questionnaire's prose („Ergebnisse“). */
  title: string;
  stages: ResultsStage[];
}

/** A list step's entries by the groups of its definition (one group without a heading if none). */
export function listGroups<T extends ItemJson>(step: StepDefinition, items: T[]) {
  const list = step.meta.list!;
  return list.groups && list.groupBy
    ? list.groups.map((group) => ({
        heading: group.heading as string | undefined,
        key: group.key,
        items: items.filter((item) => item[list.groupBy!] === group.value),
      }))
    : [{ heading: undefined, key: 'all', items }];
}

/** The heading of a step's part of the results. */
export const resultsHeading = (step: StepDefinition) =>
  typeof step.prose.heading === 'string' ? step.prose.heading : step.meta.title;

/** An entry's card without its sentences: what the card of the results view shows. */
export function resultsCard(
  definition: Definition,
  step: StepDefinition,
  item: ItemJson,
  texts: Pick<CardTexts, 'rating'>,
): ResultsCard {
  const { card, values, text, avatar, links, tone } = cardContent(definition, step, item, false);
  const result: ResultsCard = { title: text(card.title), links, lines: [] };
  if (card.badge && values[card.badge] !== undefined)
    result.badge = { text: text(card.badge), ...(tone ? { tone } : {}) };
  if (card.rating && typeof item[card.rating] === 'number') {
    const value = item[card.rating] as number;
    result.rating = { value, max: 5, label: texts.rating(value, 5) };
  }
  if (avatar && typeof avatar.image === 'string')
    result.avatar = { key: avatar.key, image: avatar.image, label: avatar.label };
  return result;
}

/** The addresses of a form step's lists of addresses (the url-list widget), in schema order. */
function formLinks(step: StepDefinition, data: Record<string, unknown>): string[] {
  const links: string[] = [];
  for (const [name, { kind }] of fieldKinds(step.schema)) {
    const value = data[name];
    if (kind !== 'url-list' || !Array.isArray(value)) continue;
    for (const url of value)
      if (typeof url === 'string' && url.trim() !== '') links.push(url.trim());
  }
  return links;
}

/** What the prose tidies in every text the customer typed: doubled marks and spaces. */
const DOUBLED_MARKS = /([!?,;:])\1|(?<!\.)\.\.(?!\.)|\s\s/u;

/**
 * A list step's groups: per group with entries its heading and one card per entry with the
 * entry's sentences.
 */
function listStep(
  definition: Definition,
  step: StepDefinition,
  items: ItemJson[],
  prose: ProseRenderer,
  texts: Pick<CardTexts, 'rating'>,
): ResultsGroup[] {
  const groups: ResultsGroup[] = [];
  // A title the customer typed („als pendler“, „Stiftungsrat.“, „Holz & Co!!“) stands on the card
  // as its sentences write it („Pendler“, „Stiftungsrat“, „Holz & Co!“): the prose's title, the
  // title field cleaned by the step's rule for it and of doubled marks. Only where there is
  // something to clean – the prose's title costs the entry's labels. The questionnaire's cards
  // keep the text as typed.
  const titleField = step.meta.list?.card.title;
  const ruled = titleField !== undefined && !!step.meta.prose?.normalize?.[titleField];
  for (const group of listGroups(step, items)) {
    if (!group.items.length) continue;
    groups.push({
      ...(group.heading ? { heading: group.heading } : {}),
      cards: group.items.map((item, position) => {
        const card = resultsCard(definition, step, item, texts);
        const clean = ruled || DOUBLED_MARKS.test(card.title);
        const { title, lines } = prose.describeItem(step.meta.key, item, {
          title: clean,
          position,
        });
        return { ...card, ...(clean && title ? { title } : {}), lines };
      }),
    });
  }
  return groups;
}

/**
 * A form step's blocks: its sentences – for a polarity profile the form's paragraphs, the chart
 * and the profile's sentences (nothing without an answered row) – then the addresses of its
 * lists of addresses.
 */
function formStep(
  step: StepDefinition,
  data: Record<string, unknown>,
  prose: ProseRenderer,
): ResultsBlock[] {
  const key = step.meta.key;
  const profile = prose.describeProfile(key, data);
  const sentences = prose.describeForm(key, data);
  const blocks: ResultsBlock[] = [];
  const add = (texts: string[], line: boolean) =>
    blocks.push(...texts.map((text) => ({ kind: 'paragraph' as const, text, line })));
  if (profile) {
    if (profile.rows.length) {
      add(sentences, false);
      blocks.push({
        kind: 'polarity',
        rows: profile.rows,
        label: `${resultsHeading(step)}: ${profile.sentences.join(' ')}`,
      });
      add(profile.sentences, true);
    }
  } else add(sentences, true);
  const links = formLinks(step, data);
  if (links.length) blocks.push({ kind: 'links', urls: links });
  return blocks;
}

/** One step's part of the results, from its answers (a list's entries, a form's object). */
export function stepDocument(
  definition: Definition,
  step: StepDefinition,
  answers: unknown,
  prose: ProseRenderer,
  texts: Pick<CardTexts, 'rating'>,
): ResultsStep {
  const kind = step.meta.kind === 'list' ? 'list' : 'form';
  const part: ResultsStep = {
    key: step.meta.key,
    kind,
    heading: resultsHeading(step),
    groups: [],
    blocks: [],
  };
  if (kind === 'list') {
    const items = Array.isArray(answers) ? (answers as ItemJson[]) : [];
    if (items.length) part.groups = listStep(definition, step, items, prose, texts);
    // (An entry outside every group leaves its step without a card, yet not empty – as the view.)
    if (!items.length) part.empty = prose.t('common', 'empty');
  } else {
    part.blocks = formStep(step, isObject(answers) ? answers : {}, prose);
    if (!part.blocks.length) part.empty = prose.t('common', 'empty');
  }
  return part;
}

/**
 * The project's results as a document: each stage with its steps, in the definition's order, from
 * `answers` (each step's answers under its key).
 */
export function resultsDocument(
  definition: Definition,
  answers: Record<string, unknown>,
  prose: ProseRenderer,
  texts: Pick<CardTexts, 'rating'>,
): ResultsDocument {
  return {
    title: prose.t('common', 'title'),
    stages: definition.stages.map((stage) => ({
      key: stage.key,
      title: stage.title,
      steps: definition.steps
        .filter((step) => step.stage === stage.key)
        .map((step) => stepDocument(definition, step, answers[step.meta.key], prose, texts)),
    })),
  };
}
