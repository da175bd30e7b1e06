import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { dismissToast, type Toast } from '../../lib/toasts.ts';
import './toast.css';

function ToastMessage({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), toast.durationMs);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.durationMs]);
  return <div className={`toast toast-${toast.kind}`}>{toast.text}</div>;
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
        {toasts
          .filter((toast) => toast.kind !== 'error')
          .map((toast) => (
            <ToastMessage key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
}
