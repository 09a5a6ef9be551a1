import { ADMIN_MESSAGES, type RegradeChange } from '@school/contracts';
import { useState } from 'react';
import { useNotify } from '../../lib/notice';

/** A save held back while the admin chooses whether to regrade the attempts its keys change. */
export interface PendingRegrade<B> {
  body: B;
  changes: RegradeChange[];
  submitted: number;
}

/**
 * The check before saving questions students have answered (a quiz's own, or a shared bank's): the
 * preview call lists the submitted attempts whose score the new keys change; when there are any the
 * save waits in `pending` for the regrade dialog.
 */
export function useRegradeCheck<B>(preview: (body: B) => Promise<{ data: RegradeChange[]; submitted_attempts: number }>) {
  const notify = useNotify();
  const [pending, setPending] = useState<PendingRegrade<B> | null>(null);
  const [checking, setChecking] = useState(false);
  /** True when the save may go ahead now; false when the dialog asks first or the check failed (said in a notice). */
  const check = async (body: B): Promise<boolean> => {
    setChecking(true);
    try {
      const answer = await preview(body);
      if (answer.data.length === 0) return true;
      setPending({ body, changes: answer.data, submitted: answer.submitted_attempts });
      return false;
    } catch {
      notify.error(ADMIN_MESSAGES.genericFailure);
      return false;
    } finally {
      setChecking(false);
    }
  };
  return { pending, setPending, checking, check };
}
