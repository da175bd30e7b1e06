import type { FormAnswersJson, ItemJson } from '@fragewerk/schemas/types';
import { current, isDraft } from '@reduxjs/toolkit';
import { api, errorStatus, unwrap } from './api.ts';
import { explainFailure, handleErrorsLocally } from './handled-errors.ts';
import { projectsApi, resultsTag } from './projects-api.ts';

type Answers = Record<string, unknown>;
/** A form step's answers and version, 0: never saved (`schemas/api/form-answers.schema.json`). */
export type FormAnswers = FormAnswersJson;

/** Writes a change into the cached project, so every screen shows it without reloading. */
const patchProject = (projectId: string, change: (project: Record<string, unknown>) => void) =>
  projectsApi.util.updateQueryData('getProject', projectId, (draft) => {
    change(draft as Record<string, unknown>);
  });

const listOf = (project: Record<string, unknown>, kind: string) => {
  if (!Array.isArray(project[kind])) project[kind] = [];
  return project[kind] as ItemJson[];
};

/**
 * Answers change the dashboard's figure of the project (docs/product.md#fortschritt) and the
 * server's results of the project.
 */
const changed = (_result: unknown, _error: unknown, { projectId }: { projectId: string }) => [
  { type: 'Project' as const, id: 'LIST' },
  resultsTag(projectId),
];

/**
 * The generic questionnaire endpoints of docs/architecture.md#api-konventionen, for every step of
 * the definition.
 */
export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    addItem: build.mutation<ItemJson, { projectId: string; kind: string; data: Answers }>({
      query: ({ projectId, kind, data }) => ({
        url: `/projects/${projectId}/${kind}`,
        method: 'POST',
        body: data,
      }),
      transformResponse: unwrap<ItemJson>,
      invalidatesTags: changed,
      async onQueryStarted({ projectId, kind }, { dispatch, queryFulfilled }) {
        const { data: item } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (item) dispatch(patchProject(projectId, (project) => listOf(project, kind).push(item)));
      },
    }),
    updateItem: build.mutation<
      ItemJson,
      { projectId: string; kind: string; id: string; version: number; base: Answers; data: Answers }
    >({
      // `base`: the fields as loaded, for the server's merge of a stale save
      // (docs/product.md#gleichzeitiges-bearbeiten).
      query: ({ projectId, kind, id, version, base, data }) => ({
        url: `/projects/${projectId}/${kind}/${id}`,
        method: 'PATCH',
        body: { ...data, version, base },
      }),
      transformResponse: unwrap<ItemJson>,
      invalidatesTags: changed,
      async onQueryStarted({ projectId, kind }, { dispatch, queryFulfilled }) {
        const { data: item } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (item)
          dispatch(patchProject(projectId, (project) => replaceItem(listOf(project, kind), item)));
      },
    }),
    deleteItem: build.mutation<unknown, { projectId: string; kind: string; id: string }>({
      query: ({ projectId, kind, id }) => ({
        url: `/projects/${projectId}/${kind}/${id}`,
        method: 'DELETE',
      }),
      invalidatesTags: changed,
      // docs/product.md#zustände: the entry leaves the list at once, then the server is told. If the
      // server refuses, the entry comes back where it was (before the entry that followed it);
      // one that is gone already (404) stays gone.
      async onQueryStarted({ projectId, kind, id }, { dispatch, queryFulfilled }) {
        const removed: { item?: ItemJson; index: number; nextId?: string } = { index: -1 };
        dispatch(
          patchProject(projectId, (project) => {
            const items = listOf(project, kind);
            const index = items.findIndex((item) => item.id === id);
            if (index === -1) return;
            const item = items[index]!;
            Object.assign(removed, {
              item: isDraft(item) ? current(item) : item,
              index,
              nextId: items[index + 1]?.id,
            });
            items.splice(index, 1);
          }),
        );
        const failure = await queryFulfilled.then(
          () => undefined,
          (rejected: { error?: unknown }) => rejected,
        );
        const { item, index, nextId } = removed;
        if (!failure || !item || errorStatus(failure.error) === 404) return;
        dispatch(
          patchProject(projectId, (project) => {
            const items = listOf(project, kind);
            if (items.some((candidate) => candidate.id === id)) return;
            const next = items.findIndex((candidate) => candidate.id === nextId);
            items.splice(next === -1 ? Math.min(index, items.length) : next, 0, item);
          }),
        );
      },
    }),
    reorderItems: build.mutation<ItemJson[], { projectId: string; kind: string; order: string[] }>({
      query: ({ projectId, kind, order }) => ({
        url: `/projects/${projectId}/${kind}/order`,
        method: 'PUT',
        body: { order },
        // Sent as the person leaves the step or the page: the browser finishes it after the
        // page is gone (a list's order is a few hundred bytes, far below keepalive's 64 KB).
        keepalive: true,
      }),
      transformResponse: unwrap<ItemJson[]>,
      invalidatesTags: (_result, _error, { projectId }) => [resultsTag(projectId)],
    }),
    saveForm: build.mutation<
      FormAnswers,
      { projectId: string; kind: string; version: number; base: Answers; data: Answers }
    >({
      query: ({ projectId, kind, version, base, data }) => ({
        url: `/projects/${projectId}/${kind}`,
        method: 'PATCH',
        body: { ...data, version, base },
      }),
      transformResponse: unwrap<FormAnswers>,
      invalidatesTags: changed,
      async onQueryStarted({ projectId, kind }, { dispatch, queryFulfilled }) {
        const { data: answers } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (answers) dispatch(patchProject(projectId, (project) => void (project[kind] = answers)));
      },
    }),
  }),
});

/** Replaces an entry of a cached list by id (or appends it). */
export function replaceItem(items: ItemJson[], item: ItemJson): void {
  const index = items.findIndex((candidate) => candidate.id === item.id);
  if (index === -1) items.push(item);
  else items[index] = item;
}

/** Puts the cached list of a step into a new order at once (the save follows, debounced). */
export const reorderCachedItems = (projectId: string, kind: string, order: string[]) =>
  patchProject(projectId, (project) => {
    const items = listOf(project, kind);
    const byId = new Map(items.map((item) => [item.id, item]));
    project[kind] = [
      ...order.map((id) => byId.get(id)!).filter(Boolean),
      ...items.filter((item) => !order.includes(item.id)),
    ];
  });

/** Puts the server's current state of an entry or form into the cache (after a conflict). */
export const setCachedAnswers = (
  projectId: string,
  kind: string,
  current: ItemJson | FormAnswers,
  list: boolean,
) =>
  patchProject(projectId, (project) => {
    if (list) replaceItem(listOf(project, kind), current as ItemJson);
    else project[kind] = current;
  });

// A conflict is merged or opens the dialog that asks per field; an entry deleted meanwhile (404) closes the
// editor with its own message; a failed order save stays silent; a refused delete says that the
// entry is back; deleting an entry that is gone already is no failure
// (docs/product.md#fehlermeldungen).
handleErrorsLocally('updateItem', [409, 404]);
handleErrorsLocally('deleteItem', [404]);
explainFailure('deleteItem', 'questionnaire.deleteFailed');
handleErrorsLocally('saveForm', [409]);
handleErrorsLocally('reorderItems', ['all']);

export const {
  useAddItemMutation,
  useUpdateItemMutation,
  useDeleteItemMutation,
  useReorderItemsMutation,
  useSaveFormMutation,
} = questionnaireApi;
