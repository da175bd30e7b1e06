import { isRejected, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { i18n } from 'i18next';
import { paths } from '../config/paths.ts';
import { errorBody, errorStatus } from './api.ts';
import { failureTextOf, isHandledLocally } from './handled-errors.ts';
import { navigation } from './navigation.ts';
import { showToast } from './toasts.ts';

interface QueryMeta {
  arg?: { endpointName?: string; type?: 'query' | 'mutation' };
}

/**
 * docs/product.md#fehlermeldungen for every API call: a 401 shows the server's message (or 'Keine
 * Berechtigung') and goes to /login; a failed change shows 'Es ist ein Fehler aufgetreten'
 * ('Network Error' without connection), or the endpoint's own text (`explainFailure`); a failed
 * load just stops (its screen shows the state). Screens that answer a status themselves register
 * it with `handleErrorsLocally`.
 */
export function errorToasts(i18n: i18n): Middleware {
  // A plain middleware: RTK's listener middleware did the same for this one listener and cost
  // ~1.2 KB gzip in the first load of every page.
  return (api) => (next) => (action) => {
    const result = next(action);
    if (isRejected(action) && (action.meta as QueryMeta).arg?.endpointName !== undefined)
      report(action, (toast) => api.dispatch(toast));
    return result;
  };

  function report(
    action: { meta: unknown; payload?: unknown },
    dispatch: (action: UnknownAction) => void,
  ) {
    const { endpointName = '', type } = (action.meta as QueryMeta).arg ?? {};
    if ((action.meta as { condition?: boolean }).condition) return;
    const status = errorStatus(action.payload);
    if (isHandledLocally(endpointName, status)) return;
    if (status === 401) {
      dispatch(
        showToast('error', errorBody(action.payload)?.message ?? i18n.t('errors.unauthorized')),
      );
      // Back here after the login: what was typed waits as a draft (docs/product.md#entwürfe).
      navigation.leaveTo(paths.login.url(navigation.currentPath()));
      return;
    }
    if (type !== 'mutation') return;
    const text = failureTextOf(endpointName);
    dispatch(
      showToast(
        'error',
        i18n.t(text ?? (status === 'network' ? 'errors.network' : 'errors.generic')),
      ),
    );
  }
}
