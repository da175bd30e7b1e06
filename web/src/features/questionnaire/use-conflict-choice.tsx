import { Dialog } from '@fragewerk/engine/react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ConflictChoice = 'reload' | 'overwrite';

/**
 * docs/architecture.md#api-konventionen: when someone else saved first (409), the user decides:
 * load the current state, or save their own input over it. Nothing typed is dropped without that
 * choice. Returns the dialog to render and `ask`, which resolves with the choice.
 */
export function useConflictChoice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const resolver = useRef<(choice: ConflictChoice) => void>(undefined);
  const ask = useCallback(
    () =>
      new Promise<ConflictChoice>((resolve) => {
        resolver.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const choose = (choice: ConflictChoice) => {
    setOpen(false);
    resolver.current?.(choice);
  };
  const dialog = open ? (
    <Dialog title={t('conflict.title')} onClose={() => choose('reload')} tone="warning">
      <p>{t('conflict.text')}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => choose('reload')}>
          {t('conflict.reload')}
        </button>
        <button type="button" className="button" onClick={() => choose('overwrite')} autoFocus>
          {t('conflict.overwrite')}
        </button>
      </div>
    </Dialog>
  ) : null;
  return { dialog, ask };
}
