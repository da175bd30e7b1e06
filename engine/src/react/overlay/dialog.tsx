import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useEngineTexts } from '../engine-texts.tsx';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Called on Enter when the dialog holds no form of its own (confirmations). */
  onEnter?: () => void;
  tone?: 'default' | 'warning';
  wide?: boolean;
}

/** Open dialogs: the body stays locked while any is open (a confirmation above an overlay). */
let openDialogs = 0;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal overlay: Escape closes it, Enter submits, Tab stays inside, the page body is locked
 * (`overlay-open`) while it is open, and focus returns to where it was.
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

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    openDialogs += 1;
    document.body.classList.add('overlay-open');
    const dialog = ref.current!;
    const first =
      dialog.querySelector<HTMLElement>('[autofocus], input, select, textarea') ??
      dialog.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog).focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else if (
        event.key === 'Enter' &&
        enter.current &&
        !(event.target instanceof HTMLTextAreaElement) &&
        !(event.target instanceof HTMLButtonElement)
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
      openDialogs -= 1;
      if (openDialogs === 0) document.body.classList.remove('overlay-open');
      previous?.focus?.();
    };
  }, []);

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
