import type { ProfileRow } from './prose.ts';
import type { ResultsCard, ResultsDocument, ResultsStep } from './results-document.ts';

/** The texts of the Markdown export that the results document does not hold. */
export interface MarkdownTexts {
  /** The polarity table's column headings: left pole, the scale, right pole. */
  polarity: { left: string; scale: string; right: string };
}

/** What stands above the first stage: a title line and lines below it (customer, date …). */
export interface MarkdownCover {
  title: string;
  lines: string[];
}

/** Between a card title and its badge and stars. */
export const MARKDOWN_SEPARATOR = ' · ';

/**
 * A text as Markdown that reads as it was typed: one line, Markdown's characters escaped (a
 * customer's `*`, `_`, `<`, `[`, `|` …), a line start that would open a heading, quote or list
 * escaped as well.
 */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~]/g, '\\$&')
    .replace(/&(?=#?\w+;)/g, '\\&')
    .replace(/^([#+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** An address as a Markdown autolink `<https://…>`; one that can not be one as escaped text. */
export function markdownLink(url: string): string {
  return /^[a-z][a-z\d+.-]{1,31}:[^\s<>]*$/i.test(url) ? `<${url}>` : markdownText(url);
}

/** The scale of a polarity row: seven points, the chosen one filled (-3 … 3). */
export function polarityScale(value: number): string {
  return [-3, -2, -1, 0, 1, 2, 3].map((point) => (point === value ? '●' : '○')).join(' ');
}

function polarityTable(rows: ProfileRow[], texts: MarkdownTexts): string {
  const cell = (text: string) => markdownText(text);
  return [
    `| ${cell(texts.polarity.left)} | ${cell(texts.polarity.scale)} | ${cell(texts.polarity.right)} |`,
    '| ---: | :---: | :--- |',
    ...rows.map(
      (row) => `| ${cell(row.left)} | ${polarityScale(row.value)} | ${cell(row.right)} |`,
    ),
  ].join('\n');
}

/** A card: its title (with badge and stars) in bold, its addresses, then its sentences. */
function cardMarkdown(card: ResultsCard): string[] {
  const head = [
    `**${markdownText(card.title)}**`,
    ...(card.badge ? [markdownText(card.badge.text)] : []),
    ...(card.rating ? [markdownText(card.rating.label)] : []),
  ].join(MARKDOWN_SEPARATOR);
  return [
    head,
    ...card.links.map((url) => markdownLink(url)),
    ...card.lines.map((line) => markdownText(line)),
  ];
}

/** One step: `##` its heading, then `###` per group and its cards, or its blocks, or the empty text. */
function stepMarkdown(part: ResultsStep, texts: MarkdownTexts): string[] {
  const blocks = [`## ${markdownText(part.heading)}`];
  if (part.empty !== undefined) return [...blocks, `_${markdownText(part.empty)}_`];
  for (const group of part.groups) {
    if (group.heading) blocks.push(`### ${markdownText(group.heading)}`);
    for (const card of group.cards) blocks.push(...cardMarkdown(card));
  }
  for (const block of part.blocks) {
    if (block.kind === 'paragraph') blocks.push(markdownText(block.text));
    else if (block.kind === 'polarity') blocks.push(polarityTable(block.rows, texts));
    else blocks.push(block.urls.map((url) => `- ${markdownLink(url)}`).join('\n'));
  }
  return blocks;
}

/**
 * The results document as Markdown (CommonMark with a GFM table): the cover's title in bold and
 * its lines, `#` per stage, `##` per step, `###` per group, a card as its title in bold followed by
 * its addresses and sentences, the polarity profile as a table before its sentences. Every block a
 * paragraph of its own; every text from the document, escaped.
 */
export function resultsMarkdown(
  document: ResultsDocument,
  cover: MarkdownCover,
  texts: MarkdownTexts,
): string {
  const blocks = [`**${markdownText(cover.title)}**`, ...cover.lines.map(markdownText)];
  for (const stage of document.stages) {
    blocks.push(`# ${markdownText(stage.title)}`);
    for (const part of stage.steps) blocks.push(...stepMarkdown(part, texts));
  }
  return `${blocks.join('\n\n')}\n`;
}
