import { capitalizeFirst } from './capitalize-first.ts';
import type { NormalizeRule } from './definition-types.ts';

export { capitalizeFirst };

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

/**
 * One phrase a rule removes. Its full pattern checks that no letter or digit follows (precedes) the
 * phrase; with the `iu` flags V8 builds the case closure of `\p{L}` and `\p{N}` for that, ~0.5 ms
 * per pattern on the first text (~10 ms of the results view's scripting for the user stories'
 * phrases). The phrase alone compiles in ~0.05 ms: it is tried first, and the full pattern is
 * compiled only for a text the phrase starts (ends) — the full pattern cannot match where the
 * phrase alone does not.
 */
class PhraseRemoval {
  private full: RegExp | undefined;
  private readonly quick: RegExp;
  private readonly pattern: string;
  private readonly position: 'leading' | 'trailing';

  constructor(phrase: string, position: 'leading' | 'trailing') {
    this.position = position;
    this.pattern = phrasePattern(phrase);
    this.quick = new RegExp(position === 'leading' ? `^${this.pattern}` : `${this.pattern}$`, 'iu');
  }

  /** The text without the phrase at its start (end), as `text.replace(fullPattern, '')`. */
  remove(text: string): string {
    if (!this.quick.test(text)) return text;
    this.full ??= this.fullPattern();
    return text.replace(this.full, '');
  }

  private fullPattern(): RegExp {
    return new RegExp(
      this.position === 'leading'
        ? `^${this.pattern}${NOT_A_WORD_CHARACTER}`
        : `${NOT_AFTER_A_WORD_CHARACTER}${this.pattern}$`,
      'iu',
    );
  }
}

const compiled = new WeakMap<
  NormalizeRule,
  { leading: PhraseRemoval[]; trailing: PhraseRemoval[] }
>();

function patterns(rule: NormalizeRule) {
  let found = compiled.get(rule);
  if (!found) {
    found = {
      leading: (rule.leading ?? []).map((phrase) => new PhraseRemoval(phrase, 'leading')),
      trailing: (rule.trailing ?? []).map((phrase) => new PhraseRemoval(phrase, 'trailing')),
    };
    compiled.set(rule, found);
  }
  return found;
}

/**
 * Cleans a text the customer typed before it stands in a results sentence: spaces are collapsed
 * and trimmed and doubled marks made single always; with a rule, stray punctuation at either end goes, and so do the rule's
 * leading and trailing phrases (repeatedly, so „… möchte ich: ich möchte“ goes entirely), the
 * final sentence mark and quotation marks around the whole text. The case of the text is left as
 * typed – only a dictionary could tell a noun from a verb – unless the rule says `capitalize`
 * (a field that holds a noun).
 */
export function normalizeProseText(text: string, rule?: NormalizeRule): string {
  // Doubled marks are tidied always („transparenz!!“, „region..“); „...“ and „?!“ stay.
  let result = text
    .replace(/[^\S\n]+/gu, ' ')
    .trim()
    .replace(/([!?,;:])\1+/gu, '$1')
    .replace(/(?<!\.)\.\.(?!\.)/gu, '.');
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
    for (const phrase of leading) result = phrase.remove(result);
    for (const phrase of trailing) result = phrase.remove(result);
    result = result.trim();
    if (result === before) break;
  }
  return rule.capitalize ? capitalizeFirst(result) : result;
}

/**
 * One rendered sentence as an editor would let it pass: trimmed, the first letter in upper case (a
 * customer's text that opens a sentence: „mehr Umsatz“), and no doubled marks where a template's
 * full stop meets the customer's own („!.“, „..“, „?.“, „,.“, „ .“, „....“, „?“.“). A template that
 * ends with the customer's text ends with a full stop, kept only where the text has no mark of its
 * own. A template's own doubled space stays, for the proofreading test to find (the customer's spaces are collapsed already).
 */
export function tidySentence(text: string): string {
  const tidy = text
    .trim()
    .replace(/ ([.,;:!?])/gu, '$1')
    .replace(/([!?…])\./gu, '$1')
    .replace(/[,;:]\./gu, '.')
    .replace(/(?<!\.)\.\.(?!\.)/gu, '.')
    // The template's full stop after the customer's own „...“ or after a quotation that ends
    // with its own mark (`„Gut.“.`, `"Gut!".`).
    .replace(/(?<!\.)(\.\.\.)\.$/gu, '$1')
    .replace(/([.!?…][“”"»«’'])\./gu, '$1');
  return capitalizeFirst(tidy);
}

/** An article or possessive that opens a typed text („Die Agentur“, „Unsere IT“). */
const LEADING_ARTICLE =
  /^(?:Der|Die|Das|Dem|Den|Des|Ein|Eine|Einem|Einen|Einer|Eines|Unser|Unsere|Unserem|Unseren|Unserer|Unseres)(?= \S)/u;

/**
 * A typed text that stands in the middle of a sentence (a `phrase`: „liefert {{value}}“) with its
 * opening article in lower case: „Die Fotografin“ reads „Texte und Bilder liefert die Fotografin.“
 */
export function lowerLeadingArticle(text: string): string {
  return text.replace(LEADING_ARTICLE, (article) => article.toLowerCase());
}
