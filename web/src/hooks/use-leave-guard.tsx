import { useEffect } from 'react';
import { ConfirmDialog } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from '../app/app-router.tsx';
import { navigation } from '../lib/navigation.ts';

/**
 * Blocks leaving a page with unsaved changes until confirmed (docs/product.md#routen-und-screens,
 * docs/product.md#validierung): inside the app with the 'Seite wirklich verlassen?' dialog, and for
 * reloads or closing the tab with the browser's own. Returns the dialog to render.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    // Not when the app leaves on its own (to the login after the session ended).
    const warn = (event: BeforeUnloadEvent) => {
      if (!navigation.leaving) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return blocker.state === 'blocked' ? (
    <ConfirmDialog
      title={t('project.leaveTitle')}
      text={t('project.leaveText')}
      confirmLabel={t('project.leaveConfirm')}
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  ) : null;
}
