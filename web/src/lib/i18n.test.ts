import { describe, expect, it } from 'vitest';
import { createI18n, engineTexts } from './i18n.ts';

describe('engineTexts', () => {
  it('gives what i18next gives for the engine texts, placeholders left for the engine', () => {
    const i18n = createI18n();
    const texts = engineTexts(i18n);
    expect(texts).toEqual(i18n.t('engine', { returnObjects: true }));
    expect(texts.rating).toBe('{value} von {max} Sternen');
  });
});
