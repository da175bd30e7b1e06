// Styles first, so they lead the bundle's CSS: the engine's, then the app's global file; the
// components' own files follow and refine them.
import '@fragewerk/engine/react/engine.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadBootData } from './app/boot.ts';
import { lazyChecks } from './lib/checks.ts';
import {
  createRouter,
  opensResults,
  preloadPage,
  projectIdOf,
  routeMatches,
} from './app/router.tsx';
import { createStore } from './state/store.ts';
import { apiContext } from './lib/api.ts';
import { createI18n } from './lib/i18n.ts';
import { shareContextFrom } from './lib/share-token.ts';

const share = shareContextFrom(window.location.pathname);
apiContext.editToken = share.token;
const i18n = createI18n();
const store = createStore(i18n);
const root = createRoot(document.getElementById('root')!);

const checks = lazyChecks();
const opened = routeMatches(window.location.pathname, share.basename);
preloadPage(opened);

loadBootData(store, projectIdOf(opened), { results: opensResults(opened) })
  .then(() => {
    root.render(
      <StrictMode>
        <App store={store} i18n={i18n} router={createRouter(share.basename)} checks={checks} />
      </StrictMode>,
    );
  })
  .catch(() => {
    root.render(<p className="boot-error">{i18n.t('errors.generic')}</p>);
  });
