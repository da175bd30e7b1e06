import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { i18n } from 'i18next';
import { setAutoFreeze } from 'immer';
import { api } from '../lib/api.ts';
import { errorToasts } from '../lib/error-toasts.ts';
import { toastsSlice } from '../lib/toasts.ts';

// The store keeps large answers (the project with ~170 entries, the definition): deep-freezing
// them on every put cost the results view ~15 ms of its scripting. Production leaves them
// unfrozen; tests and the dev server keep freezing, so code that mutates cached data still fails
// there.
if (import.meta.env.PROD) setAutoFreeze(false);

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  toasts: toastsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The app's store (made by main.tsx); tests build a real one through the same function. */
export function createStore(i18n: i18n, preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware, errorToasts(i18n)),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
