import { describe, expect, it } from 'vitest';
import { detectLogoType, mediaTypeOf } from './logo-type.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
  );

describe('logo type by content', () => {
  it('knows PNG, JPEG and WebP by their magic bytes', () => {
    expect(detectLogoType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'))).toBe(
      'image/png',
    );
    expect(detectLogoType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(detectLogoType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('knows SVG text, with declaration, comments and a plain DOCTYPE before it', () => {
    expect(detectLogoType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(
      detectLogoType(
        bytes(
          '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Illustrator -->\n' +
            '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
            '<svg version="1.1">',
        ),
      ),
    ).toBe('image/svg+xml');
  });

  it('refuses everything else', () => {
    expect(detectLogoType(bytes('GIF89a'))).toBeUndefined();
    expect(detectLogoType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(detectLogoType(bytes('<html><svg></svg></html>'))).toBeUndefined();
    expect(detectLogoType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeUndefined();
    expect(detectLogoType(bytes([0x89, 0x50]))).toBeUndefined();
    expect(detectLogoType(bytes([]))).toBeUndefined();
    // Not UTF-8, and an internal DTD subset that could declare expanding entities.
    expect(detectLogoType(bytes('<svg', [0xff, 0xfe]))).toBeUndefined();
    expect(
      detectLogoType(bytes('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>')),
    ).toBeUndefined();
  });

  it('reads the media type of a Content-Type header', () => {
    expect(mediaTypeOf('Image/SVG+XML; charset=utf-8')).toBe('image/svg+xml');
    expect(mediaTypeOf(undefined)).toBe('');
  });
});
