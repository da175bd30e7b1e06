import { isRejected, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { i18n } from 'i18next';
import { paths } from '../config/paths.ts';
import { api as rtkApi, errorBody, errorStatus } from './api.ts';
import { failureTextOf, isHandledLocally } from './handled-errors.ts';
import { navigation } from './navigation.ts';
import { showToast, TOAST_MS } from './toasts.ts';

interface QueryMeta {
  arg?: { endpointName?: string; type?: 'query' | 'mutation' };
}

/**
 * docs/product.md#fehlermeldungen for every API call: a 401 shows the server's message (or 'Keine
 * Berechtigung') and goes to /login; a failed change shows 'Es ist ein Fehler aufgetreten' (without
 * connection and on a server error what happened and what to do, with that sentence in small
 * print), or the endpoint's own text (`explainFailure`); a failed
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
    const generic = i18n.t('errors.generic');
    const body = errorBody(action.payload);
    // A customer's project closed meanwhile (approved in another tab, archived) or the link was
    // renewed: the project is read again, and its screen shows the way forward (the locked
    // questionnaire, the archived notice, „Dieser Link ist nicht mehr gültig“ – each with whom to
    // ask); the toast says what happened.
    if (status === 410 || (status === 403 && body?.contact)) {
      dispatch(rtkApi.util.invalidateTags(['Project']));
      dispatch(showToast('error', body?.message ?? generic, TOAST_MS, generic));
      return;
    }
    const text = failureTextOf(endpointName);
    // What happened and what to do, in German; the technical sentence in small print beside.
    const explained =
      status === 'network'
        ? 'errors.network'
        : typeof status === 'number' && status >= 500
          ? 'errors.server'
          : undefined;
    const key = text ?? explained ?? 'errors.generic';
    dispatch(
      showToast('error', i18n.t(key), TOAST_MS, key === 'errors.generic' ? undefined : generic),
    );
  }
}
