import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/** 'Skip to main content': the first focusable element of each layout, visible on focus. */
export function SkipLink({ targetId = MAIN_CONTENT_ID }: { targetId?: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    e.preventDefault();
    target.focus();
    target.scrollIntoView?.();
  };
  return (
    <a className="ui-skip-link" href={`#${targetId}`} onClick={onClick}>
      Skip to main content
    </a>
  );
}
