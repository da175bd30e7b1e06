import type { ReactNode } from 'react';
import { useEngineTexts } from '../engine-texts.tsx';
import { Dialog } from './dialog.tsx';
import { WarningIcon } from '../icons.tsx';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
  /**
   * Focus the safe answer (cancel) instead of the confirm button, so that an Enter pressed out of
   * habit does not do what cannot be undone (the list entry's „Wirklich löschen?“).
   */
  focusCancel?: boolean;
  /** More below the text (the approval's list of incomplete steps). */
  children?: ReactNode;
  /** The safe answer's label where „Abbrechen“ would be unclear („Weiter bearbeiten“). */
  cancelLabel?: string;
  /** A third answer between the two (the leave question's „Speichern und weiter“). */
  alternative?: { label: string; onClick: () => void };
}

/**
 * A yes/no question, e.g. the delete confirmation ('Wirklich löschen?') of
 * docs/product.md#routen-und-screens. Enter confirms – unless `focusCancel` puts focus on
 * „Abbrechen“: Enter on a button does what that button does.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  danger = false,
  focusCancel = false,
  children,
  cancelLabel,
  alternative,
}: ConfirmDialogProps) {
  const texts = useEngineTexts();
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      onEnter={busy ? undefined : onConfirm}
      tone={danger ? 'warning' : 'default'}
    >
      <div className="confirm">
        {danger ? <WarningIcon className="confirm-icon" /> : null}
        <p>{text}</p>
      </div>
      {children}
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={onCancel}
          autoFocus={focusCancel}
        >
          {cancelLabel ?? texts.cancel}
        </button>
        {alternative ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={alternative.onClick}
            disabled={busy}
          >
            {alternative.label}
          </button>
        ) : null}
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button'}
          onClick={onConfirm}
          disabled={busy}
          autoFocus={!focusCancel}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
