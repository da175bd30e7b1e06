/** How many characters of a name a mail quotes (a project or company name is rarely longer). */
const MAX_QUOTED = 60;

/**
 * A name someone typed (a project, a customer), made safe to quote in a mail that Fragewerk
 * sends: on one line, without quotation marks of its own (the template puts it in „…“, and the
 * name must not close that quote and go on as if Fragewerk wrote it), and short – a long text
 * could pass for a message from the sender. Cut on characters, not UTF-16 units.
 */
export function quotedValue(text: string): string {
  const flat = text
    .replace(/\s+/g, ' ')
    .replace(/[„“”"«»]/g, "'")
    .trim();
  const characters = Array.from(flat);
  return characters.length > MAX_QUOTED
    ? `${characters
        .slice(0, MAX_QUOTED - 1)
        .join('')
        .trimEnd()}…`
    : flat;
}
