import { describe, expect, it } from 'vitest';
import { pagePreloads, projectIdOf, routeMatches } from './router.tsx';

const preloadsOf = (pathname: string, basename = '') =>
  pagePreloads(routeMatches(pathname, basename));

describe('pagePreloads: the code-split page of the opened URL', () => {
  it('finds the results page of a project', () => {
    expect(preloadsOf('/projekte/p1/ergebnisse')).toHaveLength(1);
  });

  it('finds a page inside its login wrapper', () => {
    expect(preloadsOf('/dashboard')).toHaveLength(1);
  });

  it('reads the path under a share link’s basename', () => {
    expect(preloadsOf('/share/token/projekte/p1/ergebnisse', '/share/token')).toEqual(
      preloadsOf('/projekte/p1/ergebnisse'),
    );
  });

  it('finds nothing for a route without a code-split page', () => {
    expect(preloadsOf('/projekte/p1/fragebogen/ideen')).toEqual([]);
    expect(preloadsOf('/gibt-es-nicht')).toEqual([]);
  });
});

describe('projectIdOf: the project of the opened URL', () => {
  it('finds the project of every route in the project container', () => {
    for (const path of ['', '/ergebnisse', '/fragebogen', '/fragebogen/rahmen', '/einstellungen'])
      expect(projectIdOf(routeMatches(`/projekte/p1${path}`, ''))).toBe('p1');
    expect(projectIdOf(routeMatches('/share/t/projekte/p2/fragebogen', '/share/t'))).toBe('p2');
  });

  it('finds none outside a project and for a path no project route matches', () => {
    expect(projectIdOf(routeMatches('/dashboard', ''))).toBeUndefined();
    expect(projectIdOf(routeMatches('/projekte/p1/gibt-es-nicht', ''))).toBeUndefined();
  });
});
