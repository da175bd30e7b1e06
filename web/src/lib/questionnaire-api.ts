import type { FormAnswersJson, ItemJson } from '@fragewerk/schemas/types';
import { api, unwrap } from './api.ts';
import { handleErrorsLocally } from './handled-errors.ts';
import { projectsApi } from './projects-api.ts';

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
      async onQueryStarted({ projectId, kind }, { dispatch, queryFulfilled }) {
        const { data: item } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (item) dispatch(patchProject(projectId, (project) => listOf(project, kind).push(item)));
      },
    }),
    updateItem: build.mutation<
      ItemJson,
      { projectId: string; kind: string; id: string; version: number; data: Answers }
    >({
      query: ({ projectId, kind, id, version, data }) => ({
        url: `/projects/${projectId}/${kind}/${id}`,
        method: 'PATCH',
        body: { ...data, version },
      }),
      transformResponse: unwrap<ItemJson>,
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
      // docs/product.md#zustände: the entry leaves the list at once, then the server is told.
      onQueryStarted({ projectId, kind, id }, { dispatch }) {
        dispatch(
          patchProject(projectId, (project) => {
            project[kind] = listOf(project, kind).filter((item) => item.id !== id);
          }),
        );
      },
    }),
    reorderItems: build.mutation<ItemJson[], { projectId: string; kind: string; order: string[] }>({
      query: ({ projectId, kind, order }) => ({
        url: `/projects/${projectId}/${kind}/order`,
        method: 'PUT',
        body: { order },
      }),
      transformResponse: unwrap<ItemJson[]>,
    }),
    saveForm: build.mutation<
      FormAnswers,
      { projectId: string; kind: string; version: number; data: Answers }
    >({
      query: ({ projectId, kind, version, data }) => ({
        url: `/projects/${projectId}/${kind}`,
        method: 'PATCH',
        body: { ...data, version },
      }),
      transformResponse: unwrap<FormAnswers>,
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

// A conflict opens the reload-or-overwrite dialog; a failed order save stays silent
// (docs/product.md#fehlermeldungen).
handleErrorsLocally('updateItem', [409]);
handleErrorsLocally('saveForm', [409]);
handleErrorsLocally('reorderItems', ['all']);

export const {
  useAddItemMutation,
  useUpdateItemMutation,
  useDeleteItemMutation,
  useReorderItemsMutation,
  useSaveFormMutation,
} = questionnaireApi;
