import { useEffect, useState } from 'react';
import { ConfirmDialog, type FormStepControl } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from '../lib/app-router.tsx';
import { navigation } from '../lib/navigation.ts';

/**
 * Blocks leaving a page with unsaved changes until confirmed (docs/product.md#routen-und-screens,
 * docs/product.md#validierung): inside the app with the 'Seite wirklich verlassen?' dialog, and for
 * reloads or closing the tab with the browser's own. Returns the dialog to render.
 *
 * `options.save`: a form step that is valid can be saved from the dialog („Speichern und weiter“).
 * `options.onLeave`: runs when the person chose to leave without saving (drops the drafts).
 */
export function useLeaveGuard(
  dirty: boolean,
  options: { save?: { current: FormStepControl | null }; onLeave?: () => void } = {},
) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
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

  if (blocker.state !== 'blocked') return null;
  const form = options.save?.current;
  const saveAndLeave = async () => {
    setSaving(true);
    const stored = await form!.save();
    setSaving(false);
    if (stored) blocker.proceed();
    // Not stored (a conflict to decide, a failure): the dialog closes, the form says why.
    else blocker.reset();
  };
  return (
    <ConfirmDialog
      title={t('project.leaveTitle')}
      text={t('project.leaveText')}
      confirmLabel={t('project.leaveConfirm')}
      busy={saving}
      onConfirm={() => {
        options.onLeave?.();
        blocker.proceed();
      }}
      onCancel={() => blocker.reset()}
      alternative={
        form?.canSave() ? { label: t('project.leaveSave'), onClick: saveAndLeave } : undefined
      }
    />
  );
}
