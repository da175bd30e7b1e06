import type { Definition, StepDefinition } from '../../core/index.ts';
import type { EngineTexts } from '../engine-texts.tsx';
import { cardContent } from '../list/item-card.tsx';
import type { ListItem } from '../list/list-types.ts';
import { ratingLabel, starsMarkup } from '../list/rating-stars.tsx';

const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text or a double-quoted attribute value as markup: the browser reads back the same string. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"]/g, (char) => ESCAPED[char]!);

// As React does for href and src: a javascript: URL becomes one that only throws.
const JAVASCRIPT_URL =
  // eslint-disable-next-line no-control-regex
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const safeUrl = (url: string) =>
  JAVASCRIPT_URL.test(url)
    ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"
    : url;

/**
 * The read-only card of the results view (`ItemCard` with `withText={false}`) as markup: the same
 * elements, every text and attribute from the entry escaped (and a javascript: link defused, as
 * React does). The results view shows ~170 cards, most of its ~2,100 elements; React's work per
 * element (fiber, props, text, insertion) was the larger part of its first render. Tested against
 * `ItemCard`.
 */
export function itemCardMarkup(
  definition: Definition,
  step: StepDefinition,
  item: ListItem,
  texts: EngineTexts & { fill: (text: string, values: Record<string, string | number>) => string },
): string {
  const { card, values, text, avatar, url } = cardContent(definition, step, item, false);
  let markup = '<div class="item-card">';
  if (typeof avatar?.image === 'string')
    // (React sets an image's src after its other attributes.)
    markup += `<img class="item-avatar" alt="" width="48" height="48" src="${escapeMarkup(safeUrl(avatar.image))}">`;
  markup += `<div class="item-body"><div class="item-head"><h4 class="item-title">${escapeMarkup(text(card.title))}</h4>`;
  if (card.badge && values[card.badge] !== undefined)
    markup += `<span class="badge">${escapeMarkup(text(card.badge))}</span>`;
  if (card.rating && typeof item[card.rating] === 'number') {
    const value = item[card.rating] as number;
    const label = escapeMarkup(ratingLabel(texts, value, 5));
    markup += `<span class="rating" role="img" aria-label="${label}" title="${label}">${starsMarkup(value, 5)}</span>`;
  }
  markup += '</div>';
  if (typeof url === 'string' && url)
    markup += `<a class="item-link" href="${escapeMarkup(safeUrl(url))}" target="_blank" rel="noopener noreferrer">${escapeMarkup(url)}<span class="visually-hidden"> (${escapeMarkup(texts.openLink)})</span></a>`;
  return `${markup}</div></div>`;
}
