import type { ItemJson } from '@fragewerk/schemas/types';
import type { Definition, JsonSchema, StepDefinition } from './definition-types.ts';
import { isObject } from './is-object.ts';
import { displayValues, presetEntry } from './display-values.ts';
import { capitalizeFirst } from './capitalize-first.ts';

/**
 * The stars' markup, built from the numbers alone (no text from outside goes into it): the lit
 * stars in one span, the unlit ones in another – two elements instead of one per star (the results
 * view shows ~110 ratings; one span per star was a quarter of its elements).
 */
export function starsMarkup(value: number, max: number): string {
  // As one span per star did: star `index` is lit while index < value.
  const lit = Math.max(0, Math.min(max, Math.ceil(value)));
  return (
    (lit ? `<span class="rating-star is-on" aria-hidden="true">${'★'.repeat(lit)}</span>` : '') +
    (lit < max
      ? `<span class="rating-star" aria-hidden="true">${'☆'.repeat(max - lit)}</span>`
      : '')
  );
}

/**
 * The colour of a card's badge: the 1-based position of its value in the field's options
 * (`enum`, from the preset list), counted round in fours – the definition's order decides
 * („Muss“ first), not a step key. Undefined for a value outside the options.
 */
export function badgeTone(schema: JsonSchema, field: string, value: unknown): number | undefined {
  const properties = schema.properties;
  const options =
    isObject(properties) && isObject(properties[field]) ? properties[field].enum : undefined;
  const index = Array.isArray(options) ? options.indexOf(value) : -1;
  return index < 0 ? undefined : (index % 4) + 1;
}

/** What a card shows of one entry: its fields' display values, the avatar and the links. */
export function cardContent(
  definition: Definition,
  step: StepDefinition,
  item: ItemJson,
  withText: boolean,
) {
  const card = step.meta.list!.card;
  const shown = [
    card.title,
    ...(card.badge ? [card.badge] : []),
    ...(withText ? (card.text ?? []) : []),
  ];
  // Only the fields the card shows: the results view has ~170 cards without their texts.
  const values = displayValues(definition, step, item, { fields: shown });
  // A title the prose writes with its capital („pendler“ as „Als Pendler möchte ich …“) stands on
  // the card with it, too (step.json `prose.normalize.<title>.capitalize`).
  const title = values[card.title];
  if (typeof title === 'string' && step.meta.prose?.normalize?.[card.title]?.capitalize)
    values[card.title] = capitalizeFirst(title);
  const text = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
  };
  const avatar = card.avatar
    ? presetEntry(definition, step, card.avatar, item[card.avatar])
    : undefined;
  const link = card.link ? item[card.link] : undefined;
  // One address, or a list of them (the url-list widget).
  const links = (Array.isArray(link) ? link : [link]).filter(
    (entry): entry is string => typeof entry === 'string' && entry !== '',
  );
  const tone = card.badge ? badgeTone(step.schema, card.badge, item[card.badge]) : undefined;
  return { card, values, text, avatar, links, tone };
}

/** The longest label of an entry that {@link entryLabel} gives (a history line, a mail). */
const LABEL_LENGTH = 80;

/**
 * What names an entry in a sentence: its card title's display value („Vertrieb“, „Klaus Wendt“),
 * shortened to {@link LABEL_LENGTH} characters; empty when the entry has no title yet.
 */
export function entryLabel(
  definition: Definition,
  step: StepDefinition,
  data: Record<string, unknown>,
): string {
  const field = step.meta.list?.card.title;
  if (!field) return '';
  const value = displayValues(definition, step, data, { fields: [field] })[field];
  const text = (Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > LABEL_LENGTH ? `${text.slice(0, LABEL_LENGTH - 1)}…` : text;
}
