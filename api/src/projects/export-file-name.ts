/** The longest file name (without its extension) an export gets. */
export const FILE_NAME_LENGTH = 120;

/** German letters spelled out in ASCII (the fallback name of old clients). */
const ASCII: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  '–': '-',
  '—': '-',
  '„': '',
  '“': '',
  '”': '',
  '‚': '',
  '‘': '',
  '’': "'",
  '…': '...',
};

/**
 * A file name from what the agency typed: characters no file system takes (`/\:*?"<>|` and
 * control characters) removed, white space collapsed, no dot or space at either end, at most
 * {@link FILE_NAME_LENGTH} characters (`fallback` when nothing is left).
 */
export function safeFileName(name: string, fallback: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const short = [...clean].slice(0, FILE_NAME_LENGTH).join('');
  return short.replace(/^[. ]+|[. ]+$/g, '') || fallback;
}

/** The name in ASCII: umlauts spelled out, other accents dropped, anything else left out. */
export function asciiFileName(name: string, fallback: string): string {
  const ascii = [...name]
    .map((char) => ASCII[char] ?? char)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '');
  return safeFileName(ascii, fallback);
}

/** RFC 5987's `value-chars`: UTF-8, percent-encoded except its `attr-char`s. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `Content-Disposition` of a download named `name.extension`: the name as typed in `filename*`
 * (RFC 6266 / 5987) and transliterated to ASCII in `filename` for clients without it.
 */
export function attachmentHeader(name: string, extension: string, fallback: string): string {
  const full = safeFileName(name, fallback);
  const ascii = asciiFileName(full, fallback);
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${rfc5987(`${full}.${extension}`)}`;
}
