/**
 * Changes that wait for the connection (docs/product.md#was-die-app-bei-fehlern-tut): a change the
 * browser could not send because it is offline is sent again on the `online` event, and meanwhile
 * the page says so. A tiny store of its own (no Redux slice), read with `useSyncExternalStore`.
 */
let waiting = 0;
const listeners = new Set<() => void>();

function changeWaiting(by: number) {
  waiting += by;
  for (const listener of listeners) listener();
}

/** How many changes wait for the connection now. */
export const waitingChanges = () => waiting;

export function subscribeWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser says it is offline (a failed request then never reached the server). */
export const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Resolves when the browser is online again (at once if it is), counting the change as waiting
 * until then; rejects when `signal` aborts.
 */
export function untilOnline(signal?: AbortSignal): Promise<void> {
  if (!browserOffline()) return Promise.resolve();
  changeWaiting(1);
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', onOnline);
      signal?.removeEventListener('abort', onAbort);
      changeWaiting(-1);
    };
    const onOnline = () => {
      done();
      resolve();
    };
    const onAbort = () => {
      done();
      reject(signal!.reason as Error);
    };
    window.addEventListener('online', onOnline);
    signal?.addEventListener('abort', onAbort);
  });
}
