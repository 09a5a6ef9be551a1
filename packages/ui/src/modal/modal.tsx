import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../icons/icons';
import { cx } from '../utils/cx';
import './modal.css';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, the close button and (by default) a click on the backdrop. */
  onClose: () => void;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Close on a click outside the dialog box (default true). */
  closeOnBackdrop?: boolean;
  /** Accessible name of the close button (default 'Close'); null hides the button. */
  closeLabel?: string | null;
  className?: string;
}

function showDialog(d: HTMLDialogElement) {
  if (typeof d.showModal === 'function') d.showModal();
  else d.setAttribute('open', '');
}

function hideDialog(d: HTMLDialogElement) {
  if (typeof d.close === 'function') d.close();
  else d.removeAttribute('open');
}

/**
 * A modal dialog on the native <dialog> element (focus kept inside, the page
 * behind inert). Focus returns to where it was when the dialog closes.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeOnBackdrop = true,
  closeLabel = 'Close',
  className,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      showDialog(d);
      const preferred = d.querySelector<HTMLElement>('[data-autofocus]');
      if (preferred) preferred.focus();
      else if (!d.contains(document.activeElement)) {
        (d.querySelector<HTMLElement>('[autofocus], button, [href], input, select, textarea') ?? d).focus();
      }
      document.body.classList.add('ui-scroll-locked');
    } else if (!open && d.open) {
      hideDialog(d);
      document.body.classList.remove('ui-scroll-locked');
      returnFocus.current?.focus();
      returnFocus.current = null;
    }
  }, [open]);

  useEffect(
    () => () => {
      document.body.classList.remove('ui-scroll-locked');
    },
    [],
  );

  // Escape and a click on the backdrop close the dialog. Escape is heard on the document, after the
  // dialog's own controls had their say (one that handles Escape itself stops it on the way there).
  useEffect(() => {
    const d = ref.current;
    if (!open || !d) return;
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || !(e.target instanceof Node) || !d.contains(e.target)) return;
      e.preventDefault();
      onClose();
    };
    const onClick = (e: globalThis.MouseEvent) => {
      if (closeOnBackdrop && e.target === d) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    d.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      d.removeEventListener('click', onClick);
    };
  }, [open, onClose, closeOnBackdrop]);

  return (
    <dialog
      ref={ref}
      className={cx('ui-modal', `ui-modal--${size}`, className)}
      aria-labelledby={titleId}
      aria-modal="true"
      tabIndex={-1}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className="ui-modal__box">
          <div className="ui-modal__header">
            <h2 id={titleId} className="ui-modal__title">
              {title}
            </h2>
            {closeLabel !== null && (
              <button type="button" className="ui-icon-button ui-modal__close" aria-label={closeLabel} onClick={onClose}>
                <CloseIcon size={20} />
              </button>
            )}
          </div>
          {children !== undefined && <div className="ui-modal__body">{children}</div>}
          {footer && <div className="ui-modal__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
