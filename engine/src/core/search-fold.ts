/**
 * A search key for German text, so that people find options however they type umlauts:
 * „grossz“ finds „großzügig“, „unabhangig“ and „unabhaengig“ find „unabhängig“. Both the query
 * and the text are folded the same way – lower case, ß → ss, accents and umlaut dots dropped
 * (ä → a, é → e), and the written-out umlauts ae, oe, ue → a, o, u – so every spelling meets in
 * one form. That makes a few unrelated words meet, too („Israel“ and „Isral“); for finding a
 * preset in a list that is harmless.
 */
export function searchFold(text: string): string {
  return text
    .toLocaleLowerCase('de')
    .replace(/ß/gu, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/([aou])e/gu, '$1');
}

/** Whether `text` contains what was typed, umlauts and ß spelt either way. */
export function searchMatches(text: string, query: string): boolean {
  return searchFold(text).includes(searchFold(query.trim()));
}
