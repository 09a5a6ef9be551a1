import { ApiError, type ApplicantStatus, erasureBlockedMessage } from '@school/contracts';
import { Button, formatDate, useSession } from '@school/ui';
import { useState } from 'react';

export const erasureCopy = {
  title: 'Your personal data',
  lead: 'You can ask us to erase the personal data of this application: your answers, name, email, phone numbers, date of birth and documents. The school confirms the request; an application still in progress is then withdrawn.',
  ask: 'Erase my personal data',
  confirm:
    'Ask the school to erase the personal data of this application? Once it is erased, this link no longer opens it, and it cannot be undone.',
  yes: 'Yes, erase my data',
  keep: 'Keep my data',
  pending: (date: string) => `You asked on ${date} for your personal data to be erased. The school checks the request and emails you.`,
  refused: (date: string) => `The school refused your request of ${date}:`,
  askAgain: 'Ask again',
  failed: 'Your request could not be sent right now. Please try again.',
} as const;

/**
 * The applicant asks, through their private link, for their data to be erased (with a
 * confirmation); a pending or refused request is shown, and while an offer is open or a place
 * taken the page says why it cannot be asked instead of offering the button.
 */
export function ErasureRequest({
  application: a,
  token,
  onDone,
}: {
  application: ApplicantStatus;
  token: string;
  onDone: (status: ApplicantStatus, message: string) => void;
}) {
  const c = erasureCopy;
  const { client } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const blocked = erasureBlockedMessage(a.status);
  const pending = a.erasure?.status === 'PENDING';

  const ask = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await client.call('applicantRequestErasure', { params: { applicationId: a.id_slug }, body: { token } });
      setConfirming(false);
      onDone(res.data, res.message);
    } catch (e) {
      setFailure(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : c.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="erasure-title" className="site-application-status__erasure">
      <h2 id="erasure-title">{c.title}</h2>
      {pending ? (
        <p>{c.pending(formatDate(a.erasure!.requested_at))}</p>
      ) : (
        <>
          {a.erasure?.status === 'REFUSED' && (
            <p>
              {c.refused(formatDate(a.erasure.requested_at))} {a.erasure.reason}
            </p>
          )}
          {blocked ? (
            <p className="site-application-status__note">{blocked}</p>
          ) : (
            <>
              <p className="site-application-status__note">{c.lead}</p>
              {failure && (
                <p role="alert" className="site-application-status__alert">
                  {failure}
                </p>
              )}
              {confirming ? (
                <div className="site-application-status__confirm">
                  <p>{c.confirm}</p>
                  <div className="site-application-status__actions">
                    <Button type="button" variant="danger" disabled={busy} onClick={() => void ask()}>
                      {c.yes}
                    </Button>
                    <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
                      {c.keep}
                    </Button>
                  </div>
                </div>
              ) : (
                <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                  {a.erasure?.status === 'REFUSED' ? c.askAgain : c.ask}
                </Button>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
