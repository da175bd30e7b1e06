import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../state/hooks.ts';
import { subscribeWaiting, waitingChanges } from '../../lib/connection.ts';
import { dismissToast, type Toast } from '../../lib/toasts.ts';
import './toast.css';

function ToastMessage({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), toast.durationMs);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.durationMs]);
  return (
    <div className={`toast toast-${toast.kind}`}>
      {toast.text}
      {toast.detail ? <small className="toast-detail">{toast.detail}</small> : null}
    </div>
  );
}

/** While changes wait for the connection (`lib/connection.ts`): a notice that stays until then. */
function WaitingForConnection() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(subscribeWaiting, waitingChanges);
  return waiting > 0 ? <div className="toast toast-info">{t('errors.waitingOnline')}</div> : null;
}

/** Toasts at the top centre; errors are announced assertively, the rest politely. */
export function ToastContainer() {
  const toasts = useAppSelector((state) => state.toasts);
  return (
    <div className="toasts">
      <div role="alert" aria-live="assertive">
        {toasts
          .filter((toast) => toast.kind === 'error')
          .map((toast) => (
            <ToastMessage key={toast.id} toast={toast} />
          ))}
      </div>
      <div role="status" aria-live="polite">
        <WaitingForConnection />
        {toasts
          .filter((toast) => toast.kind !== 'error')
          .map((toast) => (
            <ToastMessage key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
}
