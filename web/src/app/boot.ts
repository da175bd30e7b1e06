import type { CompiledChecks } from '@fragewerk/engine/core';
import { apiContext } from '../lib/api.ts';
import { configApi } from '../lib/config-api.ts';
import { projectsApi } from '../lib/projects-api.ts';
import { userApi } from '../lib/user-api.ts';
import type { AppStore } from './store.ts';

/** The server's precompiled schema checks (an ES module of the same origin). */
const CHECKS_URL = '/assets/checks.js';

/** The precompiled checks of one stored revision of the definition (long cached). */
export const revisionChecksUrl = (id: string) => `/assets/checks/${id}.js`;

/**
 * Loads the precompiled checks once, on first use (the first form on screen): the current
 * definition's, or those at `url` (a project on an older revision).
 */
export function lazyChecks(url = CHECKS_URL): Promise<CompiledChecks> {
  let loading: Promise<CompiledChecks> | undefined;
  const load = () =>
    (loading ??= (import(/* @vite-ignore */ url) as Promise<{ checks: CompiledChecks }>).then(
      (module) => module.checks,
    ));
  // A thenable that starts loading only when React first reads it.
  return { then: (resolve, reject) => load().then(resolve, reject) } as Promise<CompiledChecks>;
}

/**
 * Loads what every screen needs before the app renders, in the order of docs/product.md#daten: the
 * definition (it carries the presets, so `/config/presets` is not asked for), then the current
 * user; on a project route (`projectId`) then the project, where the visitor may read it, and on
 * the results view (`results`) its server-rendered steps beside it. Throws when the server cannot
 * be reached.
 */
export async function loadBootData(
  store: AppStore,
  projectId?: string,
  { results = false }: { results?: boolean } = {},
): Promise<void> {
  await store.dispatch(configApi.endpoints.getDefinition.initiate()).unwrap();
  const user = await store.dispatch(userApi.endpoints.getCurrentUser.initiate()).unwrap();
  if (projectId && (user || apiContext.editToken))
    await Promise.all([
      loadProject(store, projectId),
      results ? loadResults(store, projectId) : undefined,
    ]);
}

/**
 * The server's results of the opened results view, beside the project (both are read with the
 * same access). Not subscribed, like the project; a failure leaves the view to make them itself.
 */
async function loadResults(store: AppStore, projectId: string): Promise<void> {
  await store.dispatch(projectsApi.endpoints.getResults.initiate(projectId, { subscribe: false }));
}

/**
 * The opened project, before the first render: the project container then shows its page at once.
 * Loaded by the container itself, it rendered the app with a spinner first and the page in a
 * second pass (the results view: ~30 ms of scripting more). Not subscribed: the container's query
 * subscribes when it renders. A failure stays in the cache for the container to show, as after its
 * own request (its query asks once more).
 */
async function loadProject(store: AppStore, projectId: string): Promise<void> {
  await store.dispatch(projectsApi.endpoints.getProject.initiate(projectId, { subscribe: false }));
}
