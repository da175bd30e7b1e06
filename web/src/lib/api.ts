import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { browserOffline, untilOnline } from './connection.ts';
import { csrfToken } from './csrf.ts';

/** Settings the API layer needs from the page: the share token of a customer, if any. */
export const apiContext: { editToken: string | undefined } = { editToken: undefined };

/** The error body of the API (docs/architecture.md#api-konventionen). */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
  data?: unknown;
  /** 409 of a step save: the fields both sides changed differently. */
  conflicts?: string[];
  /** 410 of a renewed share link, 403 of a closed project for a customer: whom to ask. */
  contact?: { name: string; email: string | null };
}

/** Status and body of a failed call, whatever failed (HTTP, network, parsing). */
export function errorStatus(error: unknown): number | 'network' | undefined {
  const failure = error as FetchBaseQueryError | undefined;
  if (!failure || typeof failure !== 'object' || !('status' in failure)) return undefined;
  if (typeof failure.status === 'number') return failure.status;
  return failure.status === 'FETCH_ERROR' || failure.status === 'TIMEOUT_ERROR'
    ? 'network'
    : undefined;
}

/** The API's error body of a failed call, if it sent one. */
export function errorBody(error: unknown): ApiErrorBody | undefined {
  const failure = error as FetchBaseQueryError | undefined;
  return failure && typeof failure === 'object' && 'data' in failure
    ? (failure.data as ApiErrorBody)
    : undefined;
}

// Absolute, so the same code runs where relative URLs have no base (Node in component tests).
export const API_BASE = `${window.location.origin}/api`;

/** The headers of every API call: JSON, the CSRF token, a customer's share token. */
export function apiHeaders(headers = new Headers()): Headers {
  headers.set('Accept', 'application/json');
  headers.set('X-Requested-With', 'XMLHttpRequest');
  const token = csrfToken();
  if (token) headers.set('X-CSRF-Token', token);
  if (apiContext.editToken) headers.set('X-Edit-Token', apiContext.editToken);
  return headers;
}

const fetchQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  credentials: 'same-origin',
  prepareHeaders: apiHeaders,
});

/**
 * Every call through `fetch`; a change (a mutation) that failed because the browser is offline
 * did not reach the server: it waits for the `online` event and is sent again, unchanged, so a save
 * is never lost to a dropped connection. Its promise stays pending meanwhile (the editors keep what
 * was typed and show that they save), and `connection.ts` counts it for the notice.
 */
export const sendOnceOnline: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, context, extra) => {
  for (;;) {
    const result = await fetchQuery(args, context, extra);
    const failed = result.error && errorStatus(result.error) === 'network';
    if (context.type !== 'mutation' || !failed || !browserOffline()) return result;
    try {
      await untilOnline(context.signal);
    } catch {
      return result;
    }
  }
};

/** The one RTK Query API; each feature adds its endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: sendOnceOnline,
  tagTypes: ['User', 'Project', 'Results'],
  endpoints: () => ({}),
});

/**
 * Unwraps the `{data: …}` envelope of every success, frozen at its top level: immer, putting an
 * answer into the store, walks every object of an unfrozen value for drafts to finalize (the
 * definition, the project with ~170 entries: 10–20 ms per page load) and skips a frozen one.
 * Cached data is changed only through immer's drafts (tests deep-freeze the store to hold to that).
 */
export const unwrap = <T>(response: { data: T }): T => {
  const { data } = response;
  return typeof data === 'object' && data !== null ? (Object.freeze(data) as T) : data;
};
