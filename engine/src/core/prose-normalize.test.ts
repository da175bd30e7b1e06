import { describe, expect, it } from 'vitest';
import type { NormalizeRule } from './definition-types.ts';
import {
  capitalizeFirst,
  lowerLeadingArticle,
  normalizeProseText,
  tidySentence,
} from './prose-normalize.ts';

/**
 * The cleaning as it was written before the phrases were tried without their word-boundary check
 * first: every full pattern on every text. The fast path must give the same text.
 */
function reference(text: string, rule: NormalizeRule): string {
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const phrase = (words: string) =>
    words
      .trim()
      .split(/\s*…\s*/u)
      .map((part) => part.split(/\s+/u).map(escape).join('\\s+'))
      .join('\\s+(?:\\S+\\s+){1,6}?');
  const leading = (rule.leading ?? []).map(
    (words) => new RegExp(`^${phrase(words)}(?![\\p{L}\\p{N}])`, 'iu'),
  );
  const trailing = (rule.trailing ?? []).map(
    (words) => new RegExp(`(?<![\\p{L}\\p{N}])${phrase(words)}$`, 'iu'),
  );
  let result = text.replace(/[^\S\n]+/gu, ' ').trim();
  for (let round = 0; round < 20; round += 1) {
    const before = result;
    result = result.replace(/^[\s.,;:!?…–—-]+/u, '').replace(/[\s,;:…–—-]+$/u, '');
    if (rule.stripEnd) result = result.replace(/[\s.!?]+$/u, '');
    if (rule.unquote) {
      const quoted = /^(?:„(.*)“|"(.*)"|»(.*)«|‚(.*)‘|'(.*)')$/su.exec(result);
      if (quoted) result = quoted.slice(1).find((inner) => inner !== undefined) ?? result;
    }
    for (const pattern of leading) result = result.replace(pattern, '');
    for (const pattern of trailing) result = result.replace(pattern, '');
    result = result.trim();
    if (result === before) break;
  }
  return result;
}

const userStoryText: NormalizeRule = {
  leading: ['als … möchte ich', 'ich möchte', 'möchte ich', 'ich will', 'wir möchten'],
  trailing: ['damit'],
  stripEnd: true,
  unquote: true,
};

describe('normalizeProseText', () => {
  it('removes the phrases exactly where their full patterns match', () => {
    const texts = [
      'ich möchte schnell bestellen',
      'Ich möchte: ich möchte bestellen.',
      'Als Kunde möchte ich bestellen',
      // The wildcard must reach past a „möchte ichbin“ that is no whole phrase.
      'Als Kunde möchte ichbin möchte ich bestellen',
      'Ich möchtegern bestellen',
      'ich  möchte\tbestellen, damit',
      'bestellen damit',
      'bestellendamit',
      '„Ich will bestellen“',
      'ICH MÖCHTE bestellen',
      'Wir möchten ſchnell bestellen',
      'wir möchten',
      'möchte ich',
      'ich möchte\u0345 bestellen',
      'ich möchte1 bestellen',
      '… ich will, damit',
      'nichts davon',
    ];
    for (const text of texts)
      expect(normalizeProseText(text, userStoryText), text).toBe(reference(text, userStoryText));
  });

  it('collapses spaces without a rule', () => {
    expect(normalizeProseText('  zwei   Wörter \n neu ')).toBe('zwei Wörter \n neu');
  });
});

describe('a rendered sentence (#38)', () => {
  it('starts with a capital, and a template’s full stop does not double the customer’s mark', () => {
    expect(tidySentence('mehr Umsatz im Netz.')).toBe('Mehr Umsatz im Netz.');
    expect(tidySentence('Als Pendler möchte ich mitfahren!.')).toBe(
      'Als Pendler möchte ich mitfahren!',
    );
    expect(tidySentence('Wozu?.')).toBe('Wozu?');
    expect(tidySentence('Ende..')).toBe('Ende.');
    expect(tidySentence('Und dann ….')).toBe('Und dann …');
    expect(tidySentence('Offen,.')).toBe('Offen.');
    expect(tidySentence('  Zu viel Raum .')).toBe('Zu viel Raum.');
    expect(tidySentence('Sie sagt: „Gut.“.')).toBe('Sie sagt: „Gut.“');
    // A template's full stop after the customer's ellipsis or quotation with its own mark (#38).
    expect(tidySentence('Was gefällt: die Fotos usw....')).toBe('Was gefällt: die Fotos usw...');
    expect(tidySentence('Vom Produkt erwartet sie: "Alles aus einer Hand!".')).toBe(
      'Vom Produkt erwartet sie: "Alles aus einer Hand!"',
    );
    expect(tidySentence('Als Mission formuliert sie: „Wir bauen Möbel“.')).toBe(
      'Als Mission formuliert sie: „Wir bauen Möbel“.',
    );
    // An ellipsis and a template's no-break space stay.
    expect(tidySentence('Und so weiter...')).toBe('Und so weiter...');
    expect(tidySentence('Als Budget sind 5.000\u00a0€ eingeplant.')).toBe(
      'Als Budget sind 5.000\u00a0€ eingeplant.',
    );
  });

  it('makes doubled marks single in every text, keeps an ellipsis and „?!“ (#38)', () => {
    expect(normalizeProseText('transparenz!!')).toBe('transparenz!');
    expect(normalizeProseText('Marktführer in der Region..')).toBe('Marktführer in der Region.');
    expect(normalizeProseText('Wirklich??  Ja,, sicher')).toBe('Wirklich? Ja, sicher');
    expect(normalizeProseText('und so weiter...')).toBe('und so weiter...');
    expect(normalizeProseText('Warum?!')).toBe('Warum?!');
  });

  it('writes the article of a text in the middle of a sentence in lower case (#38)', () => {
    expect(lowerLeadingArticle('Die Fotografin Frau Meier')).toBe('die Fotografin Frau Meier');
    expect(lowerLeadingArticle('Unsere IT')).toBe('unsere IT');
    expect(lowerLeadingArticle('Dieter Meier')).toBe('Dieter Meier');
    expect(lowerLeadingArticle('Das')).toBe('Das');
  });

  it('capitalises a noun typed in lower case where the rule says so', () => {
    expect(capitalizeFirst('„pendler“')).toBe('„Pendler“');
    expect(normalizeProseText(' pendler. ', { stripEnd: true, capitalize: true })).toBe('Pendler');
    expect(normalizeProseText('pendler', { stripEnd: true })).toBe('pendler');
    expect(normalizeProseText('als pendler', { leading: ['als'], capitalize: true })).toBe(
      'Pendler',
    );
  });
});
