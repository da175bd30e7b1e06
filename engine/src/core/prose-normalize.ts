import type { NormalizeRule } from './definition-types.ts';

/** Punctuation that never belongs at the start of a text that stands inside a sentence. */
const STRAY_START = /^[\s.,;:!?…–—-]+/u;
/** Punctuation that never belongs at the end of a text that stands inside a sentence. */
const STRAY_END = /[\s,;:…–—-]+$/u;
const SENTENCE_END = /[\s.!?]+$/u;
/** Quotation marks around the whole text: „…“, "…", »…«, ‚…‘, '…'. */
const QUOTED = /^(?:„(.*)“|"(.*)"|»(.*)«|‚(.*)‘|'(.*)')$/su;
const NOT_A_WORD_CHARACTER = '(?![\\p{L}\\p{N}])';
const NOT_AFTER_A_WORD_CHARACTER = '(?<![\\p{L}\\p{N}])';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phrase as a pattern: whole words, any spacing, „…“ for one to six words. */
function phrasePattern(phrase: string): string {
  return phrase
    .trim()
    .split(/\s*…\s*/u)
    .map((part) => part.split(/\s+/u).map(escape).join('\\s+'))
    .join('\\s+(?:\\S+\\s+){1,6}?');
}

const compiled = new WeakMap<NormalizeRule, { leading: RegExp[]; trailing: RegExp[] }>();

function patterns(rule: NormalizeRule) {
  let found = compiled.get(rule);
  if (!found) {
    found = {
      leading: (rule.leading ?? []).map(
        (phrase) => new RegExp(`^${phrasePattern(phrase)}${NOT_A_WORD_CHARACTER}`, 'iu'),
      ),
      trailing: (rule.trailing ?? []).map(
        (phrase) => new RegExp(`${NOT_AFTER_A_WORD_CHARACTER}${phrasePattern(phrase)}$`, 'iu'),
      ),
    };
    compiled.set(rule, found);
  }
  return found;
}

/**
 * Cleans a text the customer typed before it stands in a results sentence: spaces are collapsed
 * and trimmed always; with a rule, stray punctuation at either end goes, and so do the rule's
 * leading and trailing phrases (repeatedly, so „… möchte ich: ich möchte“ goes entirely), the
 * final sentence mark and quotation marks around the whole text. The case of the text is left as
 * typed: only a dictionary could tell a noun from a verb.
 */
export function normalizeProseText(text: string, rule?: NormalizeRule): string {
  let result = text.replace(/[^\S\n]+/gu, ' ').trim();
  if (!rule) return result;
  const { leading, trailing } = patterns(rule);
  for (let round = 0; round < 20; round += 1) {
    const before = result;
    result = result.replace(STRAY_START, '').replace(STRAY_END, '');
    if (rule.stripEnd) result = result.replace(SENTENCE_END, '');
    if (rule.unquote) {
      const quoted = QUOTED.exec(result);
      if (quoted) result = quoted.slice(1).find((inner) => inner !== undefined) ?? result;
    }
    for (const pattern of leading) result = result.replace(pattern, '');
    for (const pattern of trailing) result = result.replace(pattern, '');
    result = result.trim();
    if (result === before) break;
  }
  return result;
}
