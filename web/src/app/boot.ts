import type { Definition } from '@fragewerk/engine/core';
import { API_BASE, api, apiContext, apiHeaders, unwrap } from '../lib/api.ts';
import { configApi } from '../lib/config-api.ts';
import { projectsApi, type Project, type Results } from '../lib/projects-api.ts';
import { userApi, type CurrentUser } from '../lib/user-api.ts';
import type { AppStore } from '../state/store.ts';

/**
 * What the boot read: the user always; the current definition, or under a share link the revision
 * its project is on instead; the project and results where asked.
 */
export interface BootData {
  definition?: Definition;
  revision?: Definition;
  user: CurrentUser | null;
  project?: Project;
  results?: Results;
}

/** An endpoint of the API, for its name and types. */
interface QueryEndpoint<Arg, Value> {
  name: string;
  Types: { QueryArg: Arg; ResultType: Value };
}

/** One entry of `upsertQueryEntries`, typed by its endpoint (the base API's type knows none). */
const cacheEntry = <Arg, Value>(endpoint: QueryEndpoint<Arg, Value>, arg: Arg, value: Value) =>
  ({ endpointName: endpoint.name, arg, value }) as unknown as Parameters<
    typeof api.util.upsertQueryEntries
  >[0][number];

/**
 * Puts the boot's answers into RTK Query's cache in one action (`upsertQueryEntries`); through the
 * queries' own thunks each answer cost two actions through every reducer and the middleware (in a
 * CPU profile of the results view, RTK Query and immer ~40 → ~20 ms per load). The definition and
 * the user then get the subscription that keeps them for the whole session (an invalidated `User`
 * is asked for again instead of dropped); the project and results are subscribed by their screens.
 */
export function putBootData(store: AppStore, data: BootData): void {
  const { getDefinition, getRevisionDefinition } = configApi.endpoints;
  const entries = [cacheEntry(userApi.endpoints.getCurrentUser, undefined, data.user)];
  if (data.definition) entries.push(cacheEntry(getDefinition, undefined, data.definition));
  if (data.revision?.revision)
    entries.push(cacheEntry(getRevisionDefinition, data.revision.revision.id, data.revision));
  const { getProject, getResults } = projectsApi.endpoints;
  if (data.project) entries.push(cacheEntry(getProject, data.project.id, data.project));
  if (data.project && data.results)
    entries.push(cacheEntry(getResults, data.project.id, data.results));
  store.dispatch(api.util.upsertQueryEntries(entries));
  // Answered from the cache: no second request.
  if (data.definition) store.dispatch(getDefinition.initiate());
  store.dispatch(userApi.endpoints.getCurrentUser.initiate());
}

/** GET of one API path past the store: its data, or undefined for an error or no answer. */
async function read<T>(path: string): Promise<T | undefined> {
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      credentials: 'same-origin',
      headers: apiHeaders(),
    });
    if (response.ok) return unwrap<T>((await response.json()) as { data: T });
  } catch {
    // No answer (offline, server gone): as an error answer.
  }
  return undefined;
}

/**
 * Loads what every screen needs before the app renders (docs/product.md#daten): the definition
 * and the current user at once; on a project route (`projectId`) then the project, where the
 * visitor may read it (logged in or with a share link), and on the results view (`results`) its
 * server-rendered steps beside it. Throws when the definition or the user cannot be read. A
 * project or results that cannot be read stay out of the cache: the project container's and the
 * results view's own queries ask once more and show what went wrong.
 *
 * A share link boots with its project's questionnaire only (docs/architecture.md#katalog): the
 * user and the project at once, then the revision the project is on – not the current definition
 * of the brand briefing, which a customer of another questionnaire never needs.
 */
export async function loadBootData(
  store: AppStore,
  projectId?: string,
  { results = false }: { results?: boolean } = {},
): Promise<void> {
  if (projectId && apiContext.editToken) return loadShareBootData(store, projectId, results);
  const [definition, user] = await Promise.all([
    read<Definition>('/config/definition'),
    read<CurrentUser | null>('/user/current'),
  ]);
  if (!definition || user === undefined) throw new Error('Definition oder Account nicht lesbar');
  const opened =
    projectId && (user || apiContext.editToken)
      ? await readProject(projectId, results)
      : { project: undefined, steps: undefined };
  putBootData(store, { definition, user, project: opened.project, results: opened.steps });
}

/** The project and, for the results view, its server-rendered steps (undefined where unreadable). */
async function readProject(projectId: string, results: boolean) {
  const [project, steps] = await Promise.all([
    read<Project>(`/projects/${projectId}`),
    results ? read<Results>(`/projects/${projectId}/results`) : undefined,
  ]);
  return { project, steps };
}

/** The boot of a share link: user and project at once, then the project's own revision. */
async function loadShareBootData(store: AppStore, projectId: string, results: boolean) {
  const [user, opened] = await Promise.all([
    read<CurrentUser | null>('/user/current'),
    readProject(projectId, results),
  ]);
  const { project, steps } = opened;
  const revisionId = project?.definition_revision.id;
  // An unreadable project (renewed link, archived) shows its notice, which needs no questionnaire.
  const revision = revisionId ? await read<Definition>(`/definitions/${revisionId}`) : undefined;
  if (user === undefined || (revisionId && !revision))
    throw new Error('Fragebogen oder Account nicht lesbar');
  putBootData(store, { user, project, results: steps, revision });
}
