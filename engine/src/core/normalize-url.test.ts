import { describe, expect, it } from 'vitest';
import { normalizeUrl } from './normalize-url.ts';

describe('normalizeUrl', () => {
  it('puts https:// in front of an address typed without a scheme, trimmed', () => {
    expect(normalizeUrl('www.backhaus-krause.de')).toBe('https://www.backhaus-krause.de');
    expect(normalizeUrl('  backhaus-krause.de/kontakt \n')).toBe(
      'https://backhaus-krause.de/kontakt',
    );
    expect(normalizeUrl('backhaus-krause.de:8080/shop')).toBe(
      'https://backhaus-krause.de:8080/shop',
    );
    expect(normalizeUrl('//backhaus-krause.de')).toBe('https://backhaus-krause.de');
  });

  it('keeps addresses that name a scheme, allowed or not, for the schema to judge', () => {
    for (const value of [
      'http://backhaus-krause.de',
      'https://www.backhaus-krause.de/kontakt',
      'ftp://dateien.backhaus-krause.de',
      'mailto:info@backhaus-krause.de',
      'javascript:alert(document.cookie)',
    ])
      expect(normalizeUrl(value)).toBe(value);
  });

  it('leaves an empty value empty', () => {
    expect(normalizeUrl('')).toBe('');
    expect(normalizeUrl('   ')).toBe('');
  });
});
