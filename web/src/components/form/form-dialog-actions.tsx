import { useTranslation } from 'react-i18next';
import { Spinner } from '../spinner.tsx';

/**
 * The buttons under a dialog's form: „Abbrechen“ and the submit button, which shows a spinner
 * while the request runs and stays disabled then (and while `disabled`, e.g. after success).
 */
export function FormDialogActions({
  submitLabel,
  onCancel,
  busy,
  disabled = false,
  danger = false,
  focusCancel = false,
}: {
  submitLabel: string;
  onCancel: () => void;
  busy: boolean;
  disabled?: boolean;
  /** A destructive submit (deleting): the danger colour. */
  danger?: boolean;
  /** Focus starts on „Abbrechen“ (a destructive dialog). */
  focusCancel?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="dialog-actions">
      <button
        type="button"
        className="button button-secondary"
        onClick={onCancel}
        autoFocus={focusCancel}
      >
        {t('common.cancel')}
      </button>
      <button
        type="submit"
        className={danger ? 'button button-danger' : 'button'}
        disabled={busy || disabled}
      >
        {busy ? <Spinner small /> : null}
        {submitLabel}
      </button>
    </div>
  );
}
