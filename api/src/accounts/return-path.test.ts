import { describe, expect, it } from 'vitest';
import { loginUrlReturningTo, returnPath } from './return-path.ts';

describe('returnPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/projekte/7b2e/ergebnisse', '/projekte/7b2e/ergebnisse'],
    [
      '/projekte/7b2e/fragebogen/wettbewerber?x=1#neu',
      '/projekte/7b2e/fragebogen/wettbewerber?x=1#neu',
    ],
    ['/projekte/../account', '/account'],
    ['/a b', '/a%20b'],
  ])('keeps a path of this server: %s', (value, expected) => {
    expect(returnPath(value)).toBe(expected);
  });

  it.each([
    ['another host', '//evil.example/x'],
    ['another host with a backslash', '/\\evil.example'],
    ['a backslash later', '/projekte\\..\\x'],
    ['a scheme', 'https://evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['a relative path', 'dashboard'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a line break', '/dashboard\r\nSet-Cookie: x=1'],
    ['the login itself', '/login?weiter=/login'],
    ['the login in capitals', '/LOGIN'],
    ['the logout', '/logout'],
    ['the API', '/api/user/current'],
    ['a share link', '/share/abc/projekte/1/fragebogen'],
    ['nothing', ''],
    ['no text', ['/dashboard']],
    ['too long', `/${'a'.repeat(2000)}`],
  ])('refuses %s', (_name, value) => {
    expect(returnPath(value)).toBeUndefined();
  });

  it('builds the login address with the path encoded', () => {
    expect(loginUrlReturningTo('/projekte/1/ergebnisse?x=1&y=2')).toBe(
      '/login?weiter=%2Fprojekte%2F1%2Fergebnisse%3Fx%3D1%26y%3D2',
    );
    expect(loginUrlReturningTo(undefined)).toBe('/login');
  });
});
