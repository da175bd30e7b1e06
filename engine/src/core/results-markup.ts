import { cardMarkup, linkMarkup, type CardTexts } from './card-markup.ts';
import type { Definition, StepDefinition } from './definition-types.ts';
import { escapeMarkup } from './escape-markup.ts';
import { polarityChartMarkup } from './polarity-chart-markup.ts';
import type { ProseRenderer } from './prose.ts';
import { stepDocument, type ResultsBlock, type ResultsStep } from './results-document.ts';

export { listGroups } from './results-document.ts';

const paragraphs = (texts: string[], className?: string) =>
  texts
    .map((text) => `<p${className ? ` class="${className}"` : ''}>${escapeMarkup(text)}</p>`)
    .join('');

/** A form step's blocks inside its card: paragraphs, the chart in its figure, the links. */
function blockMarkup(block: ResultsBlock, openLink: string): string {
  switch (block.kind) {
    case 'paragraph':
      return paragraphs([block.text], block.line ? 'result-line' : undefined);
    case 'polarity':
      return `<figure class="polarity-chart">${polarityChartMarkup(block.rows, block.label)}</figure>`;
    case 'links': {
      const items = block.urls.map((url) => `<li>${linkMarkup(url, 'result-link', openLink)}</li>`);
      return `<ul class="result-links">${items.join('')}</ul>`;
    }
  }
}

/**
 * A step of the results document as the markup inside its `<section class="result-step">`: the
 * heading; for a list per group its heading and one card per entry with the entry's sentences;
 * for a form one card with its paragraphs, chart and links; or the empty text.
 */
export function stepMarkup(part: ResultsStep, openLink: string): string {
  let markup = `<h3 id="result-${escapeMarkup(part.key)}">${escapeMarkup(part.heading)}</h3>`;
  if (part.empty !== undefined) return `${markup}<p class="empty">${escapeMarkup(part.empty)}</p>`;
  if (part.kind === 'form')
    return `${markup}<div class="result-card">${part.blocks.map((block) => blockMarkup(block, openLink)).join('')}</div>`;
  for (const group of part.groups) {
    markup += '<div class="result-group">';
    if (group.heading)
      markup += `<h4 class="result-group-heading">${escapeMarkup(group.heading)}</h4>`;
    for (const card of group.cards)
      markup += `<article class="result-card">${cardMarkup(card, openLink)}${paragraphs(card.lines, 'result-line')}</article>`;
    markup += '</div>';
  }
  return markup;
}

/**
 * One step's part of the results view as markup, inside its `<section class="result-step">`: its
 * part of the results document (results-document.ts) rendered. The results view shows ~170
 * cards, most of its ~1,800 elements; as one string per step the browser parses them in one go,
 * and the server can make them (GET /api/projects/{id}/results), where the prose code runs warm
 * instead of once, cold, in the customer's browser.
 */
export function stepResultsMarkup(
  definition: Definition,
  step: StepDefinition,
  answers: unknown,
  prose: ProseRenderer,
  texts: CardTexts,
): string {
  return stepMarkup(stepDocument(definition, step, answers, prose, texts), texts.openLink);
}
