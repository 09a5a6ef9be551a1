export interface LogoutOverlayProps {
  /** Shown when true. */
  open: boolean;
  /** Text (default 'Logging out...'). */
  text?: string;
}

/** Full-screen overlay announcing 'Logging out...'. */
export function LogoutOverlay({ open, text = 'Logging out...' }: LogoutOverlayProps) {
  if (!open) return null;
  return (
    <div className="ui-logout-overlay" role="status" aria-live="polite" aria-busy="true">
      <span className="ui-spinner ui-spinner--light" aria-hidden="true" />
      <p className="ui-logout-overlay__text">{text}</p>
    </div>
  );
}
