const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text or a double-quoted attribute value as markup: the browser reads back the same string. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"]/g, (char) => ESCAPED[char]!);

// As React does for href and src: a javascript: URL becomes one that only throws.
const JAVASCRIPT_URL =
  // eslint-disable-next-line no-control-regex
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
export const safeUrl = (url: string) =>
  JAVASCRIPT_URL.test(url)
    ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"
    : url;
