/**
 * The text with its first letter in upper case (after any opening quotation mark or bracket). A
 * module of its own: the cards of the share link's first load need it without the prose's
 * normalising rules.
 */
export function capitalizeFirst(text: string): string {
  return text.replace(
    /^([„"»‚'([]*)(\p{Ll})/u,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
}
