/** Small inline icons of the learner portal (decorative: callers hide them from assistive technology). */
export function CheckIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
    >
      <path d="M4 10.5l4 4 8-9" />
    </svg>
  );
}

export function PlayIcon() {
  return (
    <svg viewBox="0 0 20 20" width="14" height="14" fill="currentColor" focusable="false">
      <path d="M6 4l10 6-10 6z" />
    </svg>
  );
}

export function DocumentIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.6" focusable="false">
      <path d="M5 2h7l4 4v12H5z M12 2v4h4" />
    </svg>
  );
}

export function LinkIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      focusable="false"
    >
      <path d="M8.5 11.5l3-3 M7 9l-2 2a2.8 2.8 0 004 4l2-2 M13 11l2-2a2.8 2.8 0 00-4-4L9 7" />
    </svg>
  );
}
