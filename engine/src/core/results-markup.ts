import type { ItemJson } from '@fragewerk/schemas/types';
import { itemCardMarkup, linkMarkup, type CardTexts } from './card-markup.ts';
import type { Definition, StepDefinition } from './definition-types.ts';
import { escapeMarkup } from './escape-markup.ts';
import { fieldKinds } from './field-kinds.ts';
import { isObject } from './is-object.ts';
import { polarityChartMarkup } from './polarity-chart-markup.ts';
import type { ProseRenderer } from './prose.ts';

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

/** The heading of a step's part of the results view. */
const resultsHeading = (step: StepDefinition) =>
  typeof step.prose.heading === 'string' ? step.prose.heading : step.meta.title;

const headingMarkup = (step: StepDefinition) =>
  `<h3 id="result-${escapeMarkup(step.meta.key)}">${escapeMarkup(resultsHeading(step))}</h3>`;

const emptyMarkup = (prose: ProseRenderer) =>
  `<p class="empty">${escapeMarkup(prose.t('common', 'empty'))}</p>`;

const paragraphs = (texts: string[], className?: string) =>
  texts
    .map((text) => `<p${className ? ` class="${className}"` : ''}>${escapeMarkup(text)}</p>`)
    .join('');

/**
 * A list step's part of the results view (inside its `<section class="result-step">`): the
 * heading, then per group its heading and one card per entry with the entry's sentences – or the
 * empty text.
 */
function listResultsMarkup(
  definition: Definition,
  step: StepDefinition,
  items: ItemJson[],
  prose: ProseRenderer,
  texts: CardTexts,
): string {
  const key = step.meta.key;
  let markup = headingMarkup(step);
  if (!items.length) return markup + emptyMarkup(prose);
  for (const group of listGroups(step, items)) {
    if (!group.items.length) continue;
    markup += '<div class="result-group">';
    if (group.heading)
      markup += `<h4 class="result-group-heading">${escapeMarkup(group.heading)}</h4>`;
    for (const item of group.items) {
      markup += `<article class="result-card">${itemCardMarkup(definition, step, item, texts)}`;
      markup += `${paragraphs(prose.describeItem(key, item, { title: false }).lines, 'result-line')}</article>`;
    }
    markup += '</div>';
  }
  return markup;
}

/**
 * The addresses of a form step's lists of addresses (the url-list widget), as links below its
 * sentences, in the order of the schema's fields; empty without any.
 */
function linksMarkup(step: StepDefinition, data: Record<string, unknown>, openLink: string) {
  const links: string[] = [];
  for (const [name, { kind }] of fieldKinds(step.schema)) {
    const value = data[name];
    if (kind !== 'url-list' || !Array.isArray(value)) continue;
    for (const url of value)
      if (typeof url === 'string' && url.trim() !== '') links.push(url.trim());
  }
  if (!links.length) return '';
  const items = links.map((url) => `<li>${linkMarkup(url, 'result-link', openLink)}</li>`);
  return `<ul class="result-links">${items.join('')}</ul>`;
}

/**
 * A form step's part of the results view (inside its `<section class="result-step">`): the
 * heading and a card with its sentences – for a polarity profile the chart between the form's
 * paragraphs and the profile's sentences – or the empty text. The addresses of a list of
 * addresses follow the sentences as links.
 */
function formResultsMarkup(
  step: StepDefinition,
  data: Record<string, unknown>,
  prose: ProseRenderer,
  texts: CardTexts,
): string {
  const key = step.meta.key;
  const profile = prose.describeProfile(key, data);
  const sentences = prose.describeForm(key, data);
  let body;
  if (profile) {
    const label = `${resultsHeading(step)}: ${profile.sentences.join(' ')}`;
    body = profile.rows.length
      ? paragraphs(sentences) +
        `<figure class="polarity-chart">${polarityChartMarkup(profile.rows, label)}</figure>` +
        paragraphs(profile.sentences, 'result-line')
      : '';
  } else body = paragraphs(sentences, 'result-line');
  body += linksMarkup(step, data, texts.openLink);
  return (
    headingMarkup(step) + (body ? `<div class="result-card">${body}</div>` : emptyMarkup(prose))
  );
}

/**
 * One step's part of the results view as markup, inside its `<section class="result-step">`. The
 * results view shows ~170 cards, most of its ~1,800 elements; as one string per step the browser
 * parses them in one go, and the server can make them (GET /api/projects/{id}/results), where the
 * prose code runs warm instead of once, cold, in the customer's browser.
 */
export function stepResultsMarkup(
  definition: Definition,
  step: StepDefinition,
  answers: unknown,
  prose: ProseRenderer,
  texts: CardTexts,
): string {
  return step.meta.kind === 'list'
    ? listResultsMarkup(
        definition,
        step,
        Array.isArray(answers) ? (answers as ItemJson[]) : [],
        prose,
        texts,
      )
    : formResultsMarkup(step, isObject(answers) ? answers : {}, prose, texts);
}
