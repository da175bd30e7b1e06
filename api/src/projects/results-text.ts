/**
 * A step's part of the results view (results-markup.ts of the engine, as `resultsJson` makes it)
 * as plain text, for the data export: the same sentences a person reads on the results page,
 * without the markup. The markup is ours and simple – headings, paragraphs, cards, a chart –
 * so a few rules suffice; no HTML parser is needed.
 */

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };

export function resultsText(markup: string): string {
  return (
    markup
      // The polarity chart repeats the profile's sentences, which follow as paragraphs.
      .replace(/<figure\b[\s\S]*?<\/figure>/g, '')
      // „öffnet in neuem Tab“ is for screen readers of the page only.
      .replace(/<span class="visually-hidden">[\s\S]*?<\/span>/g, '')
      // The stars as their words: „4 von 5 Sternen“ (the stars inside: a span of lit ones, one of
      // unlit ones).
      .replace(
        /<span class="rating"[^>]*aria-label="([^"]*)"[^>]*>[^<]*(?:<span\b[^>]*>[^<]*<\/span>[^<]*)*<\/span>/g,
        ' $1',
      )
      .replace(/<\/(?:h\d|p|article|div|a)>|<br\s*\/?>/g, '\n')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(?:lt|gt|quot|amp);/g, (entity) => ENTITIES[entity]!)
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n')
  );
}
