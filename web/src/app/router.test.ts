import { describe, expect, it } from 'vitest';
import { pagePreloads } from './router.tsx';

describe('pagePreloads: the code-split page of the opened URL', () => {
  it('finds the results page of a project', () => {
    expect(pagePreloads('/projekte/p1/ergebnisse', '')).toHaveLength(1);
  });

  it('finds a page inside its login wrapper', () => {
    expect(pagePreloads('/dashboard', '')).toHaveLength(1);
  });

  it('reads the path under a share link’s basename', () => {
    expect(pagePreloads('/share/token/projekte/p1/ergebnisse', '/share/token')).toEqual(
      pagePreloads('/projekte/p1/ergebnisse', ''),
    );
  });

  it('finds nothing for a route without a code-split page', () => {
    expect(pagePreloads('/projekte/p1/fragebogen/stakeholder', '')).toEqual([]);
    expect(pagePreloads('/gibt-es-nicht', '')).toEqual([]);
  });
});
