import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useEngineTexts } from '../engine-texts.tsx';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * Called on Enter when the dialog holds no form of its own (confirmations); Enter on a button or
   * link inside does what that one does.
   */
  onEnter?: () => void;
  tone?: 'default' | 'warning';
  wide?: boolean;
}

/**
 * The open dialogs, innermost last. Only the innermost answers keys: Escape in a confirmation above
 * an overlay (the leave question above the edit overlay) closes the confirmation, not both. The
 * body stays locked while any is open.
 */
const openDialogs: object[] = [];

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal overlay: Escape closes it, Enter submits, Tab stays inside, the page body is locked
 * (`overlay-open`) while it is open, and focus returns to the element that opened it
 * (docs/product.md#routen-und-screens) unless the host has already moved it elsewhere.
 */
export function Dialog({
  title,
  onClose,
  children,
  onEnter,
  tone = 'default',
  wide = false,
}: DialogProps) {
  const texts = useEngineTexts();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const enter = useRef(onEnter);
  close.current = onClose;
  enter.current = onEnter;
  // Read while rendering: a child's autoFocus moves focus into the dialog before any effect runs,
  // and the opener would be lost.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);

  useEffect(() => {
    const self = {};
    openDialogs.push(self);
    document.body.classList.add('overlay-open');
    const dialog = ref.current!;
    if (!dialog.contains(document.activeElement)) {
      const first =
        dialog.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ??
        dialog.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? dialog).focus();
    }

    const onKey = (event: KeyboardEvent) => {
      if (openDialogs.at(-1) !== self) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else if (
        event.key === 'Enter' &&
        enter.current &&
        !(event.target instanceof HTMLTextAreaElement) &&
        !(event.target instanceof HTMLButtonElement) &&
        !(event.target instanceof HTMLAnchorElement)
      ) {
        event.preventDefault();
        enter.current();
      } else if (event.key === 'Tab') {
        const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (focusable.length === 0) return;
        const [firstItem, lastItem] = [focusable[0]!, focusable.at(-1)!];
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      if (openDialogs.length === 0) document.body.classList.remove('overlay-open');
      // Back to the opener, unless the host already focused what comes next (the saved card).
      const current = document.activeElement;
      const unclaimed = !current || current === document.body || dialog.contains(current);
      if (unclaimed && opener?.isConnected) opener.focus();
    };
  }, [opener]);

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={ref}
        className={`dialog${tone === 'warning' ? ' dialog-warning' : ''}${wide ? ' dialog-wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={texts.close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="dialog-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
