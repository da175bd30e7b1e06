import {
  createContext,
  startTransition,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  type Location,
  type Navigator,
  parsePath,
  Router,
  type RouteObject,
  type To,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useRoutes,
} from 'react-router-dom';

/** React Router's history of a browser tab or of memory (tests). */
export type History = ReturnType<typeof createBrowserHistory>;

/** Decides whether leaving `currentLocation` for `nextLocation` must be confirmed first. */
export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
}) => boolean;

/** A navigation held back until the person confirms (`proceed`) or stays (`reset`). */
export type Blocker =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: Blocker = { state: 'unblocked' };

/**
 * The app's router: React Router's component router (`<Router>` with the route objects) on a
 * history, plus the one feature of its data router the app uses — holding a navigation back while
 * a step has unsaved input (`useBlocker`). The data router brought ~16 KB gzip of loaders,
 * actions, fetchers and hydration the app never uses into the first load, and reading its
 * session storage at start cost each page load time, so navigation goes through this small
 * navigator instead: links, `navigate()` and the browser's back and forward buttons alike.
 */
export interface AppRouter {
  readonly routes: RouteObject[];
  readonly basename: string | undefined;
  readonly history: History;
  /** The navigator `<Router>` and every `Link` and `navigate()` use; asks the blocker first. */
  readonly navigator: Navigator;
  /** The location on screen (tests read it). */
  readonly state: { location: Location };
  /** Navigates as a link would (tests, and code outside React). */
  navigate(to: To): Promise<void>;
  /** Follows the location as navigations complete; returns the unsubscribe. */
  subscribe(listener: (location: Location) => void): () => void;
  /** Sets the one blocker (a step page's leave question); returns its removal. */
  block(shouldBlock: BlockerFunction): () => void;
  /** The state of the blocker, for `useSyncExternalStore`. */
  blocker(): Blocker;
  subscribeBlocker(listener: () => void): () => void;
}

export function createAppRouter(
  routes: RouteObject[],
  history: History,
  basename?: string,
): AppRouter {
  let shouldBlock: BlockerFunction | undefined;
  let blocker: Blocker = UNBLOCKED;
  const blockerListeners = new Set<() => void>();
  const locationListeners = new Set<(location: Location) => void>();
  const setBlocker = (next: Blocker) => {
    blocker = next;
    blockerListeners.forEach((listener) => listener());
  };
  const locationOf = (to: To): Location => {
    const path = typeof to === 'string' ? parsePath(to) : to;
    return {
      pathname: path.pathname ?? history.location.pathname,
      search: path.search ?? '',
      hash: path.hash ?? '',
      state: null,
      key: 'next',
    };
  };
  /** Runs `go` now, or once the person confirms when the blocker holds `to` back. */
  const guarded = (to: To, go: () => void) => {
    if (blocker.state === 'blocked') return;
    const nextLocation = locationOf(to);
    if (!shouldBlock?.({ currentLocation: history.location, nextLocation })) return go();
    setBlocker({
      state: 'blocked',
      proceed: () => {
        setBlocker(UNBLOCKED);
        go();
      },
      reset: () => setBlocker(UNBLOCKED),
    });
  };
  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => guarded(to, () => history.push(to, state)),
    replace: (to, state) => guarded(to, () => history.replace(to, state)),
  };

  // Back and forward have already changed the URL when the browser reports them: a blocked one is
  // undone at once and done again when the person confirms. `skip` counts the history moves this
  // router makes itself, which pass unasked.
  let current = history.location;
  let skip = 0;
  history.listen(({ action, location, delta }) => {
    if (action === 'POP' && skip > 0) {
      skip -= 1;
      if (location.key === current.key) return;
    } else if (action === 'POP' && delta && blocker.state === 'unblocked') {
      if (shouldBlock?.({ currentLocation: current, nextLocation: location })) {
        skip += 1;
        history.go(-delta);
        setBlocker({
          state: 'blocked',
          proceed: () => {
            setBlocker(UNBLOCKED);
            skip += 1;
            history.go(delta);
          },
          reset: () => setBlocker(UNBLOCKED),
        });
        return;
      }
    }
    current = location;
    locationListeners.forEach((listener) => listener(location));
  });

  return {
    routes,
    basename,
    history,
    navigator,
    get state() {
      return { location: current };
    },
    async navigate(to) {
      navigator.push(to);
    },
    subscribe(listener) {
      locationListeners.add(listener);
      return () => locationListeners.delete(listener);
    },
    block(next) {
      shouldBlock = next;
      return () => {
        if (shouldBlock !== next) return;
        shouldBlock = undefined;
        if (blocker.state === 'blocked') setBlocker(UNBLOCKED);
      };
    },
    blocker: () => blocker,
    subscribeBlocker(listener) {
      blockerListeners.add(listener);
      return () => blockerListeners.delete(listener);
    },
  };
}

/** The router of a browser tab; under a share link its basename is `/share/{token}`. */
export function createBrowserAppRouter(routes: RouteObject[], basename?: string): AppRouter {
  return createAppRouter(routes, createBrowserHistory({ v5Compat: true }), basename);
}

const RouterContext = createContext<AppRouter | null>(null);

function RouteTree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders the routes of `router` at its history's location. */
export function AppRouterProvider({ router }: { router: AppRouter }) {
  const [state, setState] = useState(() => ({
    location: router.history.location,
    action: router.history.action,
  }));
  useLayoutEffect(
    () =>
      router.subscribe((location) =>
        // As React Router's own routers do: the next screen renders in a transition, so a
        // code-split screen keeps the current one on screen until it has loaded.
        startTransition(() => setState({ location, action: router.history.action })),
      ),
    [router],
  );
  return (
    <RouterContext.Provider value={router}>
      <Router
        basename={router.basename}
        location={state.location}
        navigationType={state.action}
        navigator={router.navigator}
      >
        <RouteTree routes={router.routes} />
      </Router>
    </RouterContext.Provider>
  );
}

/**
 * Holds navigations back while `shouldBlock` says so (React Router's `useBlocker`, for this
 * router): the returned blocker is `blocked` with `proceed` and `reset` until answered.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useBlocker braucht den AppRouterProvider');
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useLayoutEffect(() => router.block((args) => latest.current(args)), [router]);
  return useSyncExternalStore(router.subscribeBlocker, router.blocker, router.blocker);
}
