import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths.login', () => {
  it('carries the page to return to', () => {
    expect(paths.login.url('/projekte/1/ergebnisse?x=1')).toBe(
      '/login?weiter=%2Fprojekte%2F1%2Fergebnisse%3Fx%3D1',
    );
    expect(paths.login.url()).toBe('/login');
  });

  it('never carries a share link’s address: it holds the secret', () => {
    expect(paths.login.url('/share/geheim/projekte/1/einstellungen')).toBe('/login');
  });
});
