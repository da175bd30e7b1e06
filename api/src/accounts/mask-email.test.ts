import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('neu@beispiel.de')).toBe('n***@beispiel.de');
    expect(maskEmail('j@agentur-nord.de')).toBe('j***@agentur-nord.de');
  });

  it('hides the local part whatever its length, and splits at the last @', () => {
    expect(maskEmail('"a@b"@beispiel.de')).toBe('"***@beispiel.de');
    expect(maskEmail('sehr.lange.adresse@beispiel.de')).toBe('s***@beispiel.de');
  });

  it('shows nothing of a value that is no address', () => {
    expect(maskEmail('@beispiel.de')).toBe('***');
    expect(maskEmail('ohne-at')).toBe('***');
  });
});
