import type { ItemJson } from '@fragewerk/schemas/types';
import type { Definition, StepDefinition } from './definition-types.ts';
import { starsMarkup } from './card-content.ts';
import { escapeMarkup, safeUrl } from './escape-markup.ts';
import { resultsCard, type ResultsCard } from './results-document.ts';

/** The two texts of a card that do not come from the definition. */
export interface CardTexts {
  /** The stars' accessible name and title: „4 von 5 Sternen“. */
  rating: (value: number, max: number) => string;
  /** After a link, for screen readers: „öffnet in neuem Tab“. */
  openLink: string;
}

/**
 * The read-only card of the results view (the list's card without its texts) as markup: the same
 * elements as the React card, every text and attribute from the entry escaped (and a javascript:
 * link defused, as React does).
 */
export function itemCardMarkup(
  definition: Definition,
  step: StepDefinition,
  item: ItemJson,
  texts: CardTexts,
): string {
  return cardMarkup(resultsCard(definition, step, item, texts), texts.openLink);
}

/** A card of the results document (without its sentences) as the results view's markup. */
export function cardMarkup(card: ResultsCard, openLink: string): string {
  let markup = '<div class="item-card">';
  if (card.avatar)
    // (React sets an image's src after its other attributes.)
    markup += `<img class="item-avatar" alt="" width="48" height="48" src="${escapeMarkup(safeUrl(card.avatar.image))}">`;
  markup += `<div class="item-body"><div class="item-head"><h4 class="item-title">${escapeMarkup(card.title)}</h4>`;
  if (card.badge)
    markup += `<span class="badge"${card.badge.tone ? ` data-tone="${card.badge.tone}"` : ''}>${escapeMarkup(card.badge.text)}</span>`;
  if (card.rating) {
    const label = escapeMarkup(card.rating.label);
    markup += `<span class="rating" role="img" aria-label="${label}" title="${label}">${starsMarkup(card.rating.value, card.rating.max)}</span>`;
  }
  markup += '</div>';
  for (const url of card.links) markup += linkMarkup(url, 'item-link', openLink);
  return `${markup}</div></div>`;
}

/**
 * A link to an address the customer typed, opening in a new tab: text and address escaped, a
 * javascript: address defused (as React does), „öffnet in neuem Tab“ for screen readers.
 */
export function linkMarkup(url: string, className: string, openLink: string): string {
  return `<a class="${className}" href="${escapeMarkup(safeUrl(url))}" target="_blank" rel="noopener noreferrer">${escapeMarkup(url)}<span class="visually-hidden"> (${escapeMarkup(openLink)})</span></a>`;
}
