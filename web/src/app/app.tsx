import type { CompiledChecks } from '@fragewerk/engine/core';
import { EngineChecksProvider, EngineTextsProvider } from '@fragewerk/engine/react';
import type { i18n } from 'i18next';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { engineTexts } from '../lib/i18n.ts';
import { type AppRouter, AppRouterProvider } from '../lib/app-router.tsx';
import type { AppStore } from '../state/store.ts';

/** The app's providers: store, texts (the engine's from the same locale file), router. */
export function App({
  store,
  i18n,
  router,
  checks,
}: {
  store: AppStore;
  i18n: i18n;
  router: AppRouter;
  checks: Promise<CompiledChecks>;
}) {
  const texts = useMemo(() => engineTexts(i18n), [i18n]);
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <EngineTextsProvider texts={texts}>
          <EngineChecksProvider checks={checks}>
            <AppRouterProvider router={router} />
          </EngineChecksProvider>
        </EngineTextsProvider>
      </I18nextProvider>
    </Provider>
  );
}
