import { describe, expect, it } from 'vitest';
import { shareUrl } from '../config/paths.ts';
import { shareContextFrom } from './share-token.ts';

describe('shareContextFrom', () => {
  it('reads the token and basename back from a share link built by shareUrl', () => {
    const link = new URL(shareUrl('https://fragewerk.example', 'Ab_9-x', 'p1'));
    expect(link.pathname).toBe('/share/Ab_9-x/projekte/p1/fragebogen');
    expect(shareContextFrom(link.pathname)).toEqual({ basename: '/share/Ab_9-x', token: 'Ab_9-x' });
  });

  it('decodes an encoded token', () => {
    expect(shareContextFrom('/share/a%20b').token).toBe('a b');
  });

  it('finds no share context outside /share/ or in a differently cased prefix', () => {
    for (const pathname of ['/dashboard', '/', '/share/', '/SHARE/abc/projekte', '/x/share/abc'])
      expect(shareContextFrom(pathname)).toEqual({ basename: '', token: undefined });
  });
});
