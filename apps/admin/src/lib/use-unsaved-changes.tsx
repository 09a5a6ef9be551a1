import { ConfirmDialog } from '@school/ui';
import { useCallback, useEffect, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

export interface UnsavedChangesPrompt {
  title: string;
  message: string;
}

/**
 * While `dirty`, asks before the user leaves the page: a link or Back to another page opens a
 * confirmation (Stay or Leave page), and closing or reloading the tab gets the browser's own
 * question. Moving within the page (another `?tab=`) is not leaving. Render the returned dialog.
 * Needs a data router (createBrowserRouter), for react-router's blocking.
 */
export function useUnsavedChangesGuard(dirty: boolean, prompt: UnsavedChangesPrompt): ReactNode {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={prompt.title}
      message={prompt.message}
      confirmLabel="Leave page"
      cancelLabel="Stay"
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
