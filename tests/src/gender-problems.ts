/**
 * The rule of docs/editors-guide.md („Gendergerechte Sprache“): neutral forms where they exist,
 * otherwise the pair form written out („Kundinnen und Kunden“, „Kundin oder Kunde“); no short
 * forms, no generic masculine for people. Companies (Wettbewerber) and English loanwords
 * (Stakeholder) are not people in this sense. Shared by the tests of the brand briefing, the app's
 * texts and the questionnaires under definitions/.
 */
const SHORT_FORMS = [
  /\p{L}[*:_/]-?innen(?!\p{L})/u,
  /\p{L}[*:_/]-?in(?!\p{L})/u,
  /\p{Ll}Innen(?!\p{L})/u,
  /\((?:in|innen)\)/u,
];

/** Masculine nouns for people (whole words; compounds like „Kundenkonto“ are fine). */
const MASCULINE = new RegExp(
  `(?<!\\p{L})(${[
    '(?:Neu|Bestands|Geschäfts|End)?[Kk]unden?',
    '(?:Be)?[Nn]utzer[ns]?',
    'Mitarbeiter[ns]?',
    'Besucher[ns]?',
    'Bewerber[ns]?',
    'Lieferanten?',
    'Händler[ns]?',
    'Investor(?:en)?',
    '(?:Auftrag|Arbeit)geber[ns]?',
    'Dienstleister[ns]?',
    'Entscheider[ns]?',
    'Teilnehmer[ns]?',
    'Leser[ns]?',
    'Experten?',
    'Ansprechpartner[ns]?',
    'Anwohner[ns]?',
    '(?:Berufs)?[Ee]insteiger[ns]?',
    'Senior(?:en)?',
    'Gesellschafter[ns]?',
    'Interessenten?',
    'Redakteur(?:e|en)?',
    'Journalist(?:en)?',
    'Verbraucher[ns]?',
    'Käufer[ns]?',
    'Bürger[ns]?',
    'Einwohner[ns]?',
    '(?:Vertriebs)?[Pp]artner[ns]?',
    'Mitbewerber[ns]?',
    'Student(?:en)?',
    'Lehrer[ns]?',
    'Handwerker[ns]?',
    'Künstler[ns]?',
    'Techniker[ns]?',
    'Administrator(?:en)?',
    'Kollegen?',
    'Inhaber[ns]?',
    'Unternehmer[ns]?',
    'Stellvertreter[ns]?',
    'Berater[ns]?',
  ].join('|')})(?!\\p{L}|[*:_/]\\p{L})`,
  'gu',
);

/** The word stem a feminine form starts with („Kunden“ → „Kund“, „Nutzern“ → „Nutzer“). */
const stem = (word: string) => word.replace(/(?<!e)(?:en|e|n|s)$/u, '');

/** Generic masculine and short forms in a text; a masculine word paired with its feminine form
 * within the four words before it („Kundinnen und Kunden“, „Nutzerin oder registrierter Nutzer“,
 * „die letzte Inhaberin oder der letzte Inhaber“) is fine. */
export function genderProblems(text: string): string[] {
  const problems: string[] = [];
  for (const pattern of SHORT_FORMS)
    for (const found of text.matchAll(new RegExp(pattern, 'gu')))
      problems.push(`Kurzform „${found[0]}“`);
  for (const match of text.matchAll(MASCULINE)) {
    const before = text
      .slice(0, match.index)
      .split(/(?<=[.!?:;])\s+/u)
      .at(-1)!
      .trimEnd()
      .split(/\s+/u)
      .slice(-4)
      .join(' ');
    const feminine = new RegExp(`(?<!\\p{L})${stem(match[1]!)}in(?:nen)?(?!\\p{L})`, 'iu');
    if (!feminine.test(before)) problems.push(`generisches Maskulinum „${match[1]}“`);
  }
  return problems;
}
