import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './app-router.tsx';

/** A router on `/a` with `/start` behind it, and a blocker for every change of path. */
function routerOnA() {
  const history = createMemoryHistory({ initialEntries: ['/start', '/a'], v5Compat: true });
  const router = createAppRouter([], history);
  const seen: string[] = [];
  router.subscribe((location) => seen.push(location.pathname));
  const unblock = router.block(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );
  return { router, history, seen, unblock };
}

describe('app router: leaving a page with unsaved input waits for the answer', () => {
  it('holds a link back until proceed, and drops it on reset', async () => {
    const { router, seen } = routerOnA();
    await router.navigate('/b');
    expect(router.blocker().state).toBe('blocked');
    expect(router.state.location.pathname).toBe('/a');
    router.blocker().reset!();
    expect(router.blocker().state).toBe('unblocked');
    expect(router.state.location.pathname).toBe('/a');

    await router.navigate('/b');
    router.blocker().proceed!();
    expect(router.state.location.pathname).toBe('/b');
    expect(seen).toEqual(['/b']);
  });

  it('lets a change within the page pass (same path)', async () => {
    const { router } = routerOnA();
    await router.navigate('/a?tab=2');
    expect(router.blocker().state).toBe('unblocked');
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('undoes the browser back button at once and goes back only on proceed', () => {
    const { router, history, seen } = routerOnA();
    history.go(-1);
    expect(router.blocker().state).toBe('blocked');
    expect(history.location.pathname).toBe('/a');
    expect(router.state.location.pathname).toBe('/a');
    expect(seen).toEqual([]);
    router.blocker().proceed!();
    expect(history.location.pathname).toBe('/start');
    expect(router.state.location.pathname).toBe('/start');
    expect(seen).toEqual(['/start']);
  });

  it('stays on the page when the back button is answered with reset', () => {
    const { router, history } = routerOnA();
    history.go(-1);
    router.blocker().reset!();
    expect(router.blocker().state).toBe('unblocked');
    expect(history.location.pathname).toBe('/a');
  });

  it('navigates freely once the blocker is removed, and clears a pending question', async () => {
    const { router, unblock } = routerOnA();
    await router.navigate('/b');
    unblock();
    expect(router.blocker().state).toBe('unblocked');
    await router.navigate('/c');
    expect(router.state.location.pathname).toBe('/c');
  });
});
