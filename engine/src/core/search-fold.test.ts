import { describe, expect, it } from 'vitest';
import { searchMatches } from './search-fold.ts';

describe('searchMatches', () => {
  it('finds umlauts and ß typed without them, written out or as they are', () => {
    for (const query of ['grossz', 'GROSSZ', 'großz', 'Großzügig'])
      expect(searchMatches('großzügig', query)).toBe(true);
    for (const query of ['unabhangig', 'unabhaengig', 'unabhängig', ' Unabh '])
      expect(searchMatches('Unabhängigkeit', query)).toBe(true);
    expect(searchMatches('bodenständig', 'bodenstand')).toBe(true);
    expect(searchMatches('Öffentlichkeit', 'oeffentlich')).toBe(true);
    expect(searchMatches('Kreativität', 'kreativitat')).toBe(true);
  });

  it('finds umlauts when the option writes them out and the query does not', () => {
    expect(searchMatches('Mueller & Soehne', 'müller')).toBe(true);
    expect(searchMatches('Mueller & Soehne', 'sohne')).toBe(true);
  });

  it('still tells different words apart, and an empty query finds everything', () => {
    expect(searchMatches('großzügig', 'grosse')).toBe(false);
    expect(searchMatches('unabhängig', 'abhangigkeit')).toBe(false);
    expect(searchMatches('mutig', 'müde')).toBe(false);
    expect(searchMatches('mutig', '')).toBe(true);
  });
});
