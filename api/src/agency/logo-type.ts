/** The image types a logo may have, by the Content-Type its upload names. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** A logo is at most this large (the upload is refused while it is still arriving). */
export const LOGO_MAX_BYTES = 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/**
 * An SVG document's start: an optional XML declaration, comments and a DOCTYPE *without* an
 * internal subset (`[` … `]` could declare entities that expand into megabytes), then `<svg`.
 */
const SVG_START =
  /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>[]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

/** The bytes as UTF-8 text without a byte order mark, or undefined when they are not UTF-8. */
function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * What the bytes are, by their content and never by the name or type the browser sent: PNG,
 * JPEG and WebP by their magic bytes, SVG as UTF-8 text whose first element is `<svg`.
 * Undefined for anything else.
 */
export function detectLogoType(bytes: Uint8Array): LogoType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  const text = utf8(bytes);
  if (text !== undefined && SVG_START.test(text)) return 'image/svg+xml';
  return undefined;
}

/** The media type of a Content-Type header without parameters, lower case (`image/svg+xml`). */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
