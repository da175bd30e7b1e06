import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { AppStore } from './store.ts';
import type { createRouter } from './router.tsx';

/** The app's providers: store, texts, router. */
export function App({
  store,
  i18n,
  router,
}: {
  store: AppStore;
  i18n: i18n;
  router: ReturnType<typeof createRouter>;
}) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>
  );
}
