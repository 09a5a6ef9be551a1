import { useEffect, useRef } from 'react';
import '../loading-indicator/spinner.css';
import './logout-overlay.css';

export interface LogoutOverlayProps {
  /** Shown when true. */
  open: boolean;
  /** Text (default 'Logging out...'). */
  text?: string;
}

/**
 * Full-screen 'Logging out...' overlay. It is a modal <dialog> in the browser's top layer, so
 * nothing the page draws while the session ends (a route guard's full-screen 'Loading...')
 * can cover it, the page behind is inert (one message for screen readers), and opening it
 * announces its name.
 */
export function LogoutOverlay({ open, text = 'Logging out...' }: LogoutOverlayProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (!open || !d) return;
    if (typeof d.showModal === 'function') {
      if (!d.open) d.showModal();
    } else d.setAttribute('open', '');
    d.focus();
    return () => {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="ui-logout-overlay"
      // Named by its message (an output's text does not name what points at it with aria-labelledby).
      aria-label={text}
      aria-busy="true"
      tabIndex={-1}
      // Escape cannot dismiss it: the session is already ending.
      onCancel={(e) => e.preventDefault()}
    >
      <span className="ui-spinner ui-spinner--light" aria-hidden="true" />
      <output className="ui-logout-overlay__text">{text}</output>
    </dialog>
  );
}
