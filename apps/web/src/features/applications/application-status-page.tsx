import { getInitiative } from '@school/catalogue';
import { ApiError, APPLICANT_STATUS_TEXT, type ApplicantStatus, FINAL_STATUSES } from '@school/contracts';
import { Button, formatDate, LoadingIndicator, useSession } from '@school/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { applicationStatusCopy as c } from './applications-page';
import { ErasureRequest } from './erasure-request';
import { InterviewBooking } from './interview-booking';
import './applications.css';

type Answer = 'accept' | 'decline' | 'withdraw';
const CALLS = { accept: 'applicantAcceptOffer', decline: 'applicantDeclineOffer', withdraw: 'applicantWithdraw' } as const;

/**
 * /applications/{id}?token=: the applicant's own application through the private link of their
 * emails (no account): its state in plain words, the timeline (states and dates only) and, for an
 * offer, the cohort, its dates and the accept-by date with Accept / Decline (declining asks to
 * confirm). An initiative's frontend_slug goes to the programme's page under /apply instead.
 */
export function ApplicationStatusPage() {
  const { id = '' } = useParams();
  const initiative = getInitiative(id);
  if (initiative) return <Navigate to={`/apply/${initiative.frontend_slug}`} replace />;
  return <ApplicationStatusView id={id} />;
}

function ApplicationStatusView({ id }: { id: string }) {
  usePageTitle('Your application');
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = hydrated ? (params.get('token') ?? '') : null;
  const { client } = useSession();
  const queryClient = useQueryClient();
  const key = ['application-status', id, token];
  const q = useQuery({
    queryKey: key,
    enabled: !!token,
    retry: (count, e) => !(e instanceof ApiError && e.status > 0 && e.status < 500) && count < 2,
    queryFn: async (): Promise<ApplicantStatus | null> => {
      try {
        return (await client.call('applicantStatus', { params: { applicationId: id }, body: { token: token! } })).data;
      } catch (e) {
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return null;
        throw e;
      }
    },
  });
  const [confirming, setConfirming] = useState<Answer | null>(null);
  // The offer closes the moment its accept-by passes, whether or not the expiry job has run yet.
  const acceptBy = q.data?.status === 'OFFERED' ? q.data.offer?.accept_by : undefined;
  const passed = useMomentPassed(acceptBy);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const answer = async (what: Answer) => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await client.call(CALLS[what], { params: { applicationId: id }, body: { token: token! } });
      queryClient.setQueryData(key, res.data);
      setMessage('message' in res ? (res.message as string) : null);
      setConfirming(null);
    } catch (e) {
      setFailure(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : c.failed);
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (!hydrated || (token && q.isPending)) body = <LoadingIndicator />;
  else if (!token || q.data === null)
    body = (
      <p role="alert" className="site-application-status__alert">
        {c.invalid}
      </p>
    );
  else if (q.isError || !q.data)
    body = (
      <p role="alert" className="site-application-status__alert">
        {c.failed}
      </p>
    );
  else {
    const a = q.data;
    const words = APPLICANT_STATUS_TEXT[a.status];
    const open = a.status === 'OFFERED';
    const canAccept = open && !!a.offer?.open && !passed;
    body = (
      <>
        <p className="site-application-status__programme">
          {a.programme} · {a.course}
        </p>
        <output className={`site-application-status__state site-application-status__state--${a.status.toLowerCase()}`}>
          <strong>{words.title}.</strong> {words.text}
        </output>
        {message && <p className="site-application-status__message">{message}</p>}
        {a.offer && (
          <section aria-labelledby="offer-title" className="site-application-status__offer">
            <h2 id="offer-title">{c.offerTitle}</h2>
            <dl>
              <dt>{c.cohort}</dt>
              <dd>{a.offer.cohort_title}</dd>
              <dt>{c.dates}</dt>
              <dd>
                {formatDate(a.offer.start_date)} to {formatDate(a.offer.end_date)}
              </dd>
              {open && (
                <>
                  <dt>{c.acceptBy}</dt>
                  <dd>{a.offer.accept_by_text}</dd>
                </>
              )}
            </dl>
          </section>
        )}
        {a.status === 'SHORTLISTED' && <InterviewBooking id={id} token={token!} />}
        {failure && (
          <p role="alert" className="site-application-status__alert">
            {failure}
          </p>
        )}
        {open && !canAccept && <output className="site-application-status__note">{c.acceptByPassed}</output>}
        {open && confirming !== 'decline' && confirming !== 'withdraw' && (
          <div className="site-application-status__actions">
            {canAccept && (
              <Button type="button" disabled={busy} onClick={() => answer('accept')}>
                {c.accept}
              </Button>
            )}
            <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming('decline')}>
              {c.decline}
            </Button>
          </div>
        )}
        {confirming === 'decline' && (
          <div className="site-application-status__confirm">
            <p>{c.declineConfirm}</p>
            <div className="site-application-status__actions">
              <Button type="button" variant="danger" disabled={busy} onClick={() => answer('decline')}>
                {c.declineYes}
              </Button>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(null)}>
                {c.keep}
              </Button>
            </div>
          </div>
        )}
        <section aria-labelledby="timeline-title">
          <h2 id="timeline-title">{c.timeline}</h2>
          <ol className="site-application-status__timeline">
            {a.timeline.map((t, i) => (
              <li key={`${t.status}-${i}`}>
                <span>{APPLICANT_STATUS_TEXT[t.status].title}</span>
                <time dateTime={t.at}>{formatDate(t.at)}</time>
              </li>
            ))}
          </ol>
        </section>
        {!FINAL_STATUSES.includes(a.status) &&
          (confirming === 'withdraw' ? (
            <div className="site-application-status__confirm">
              <p>{c.withdrawConfirm}</p>
              <div className="site-application-status__actions">
                <Button type="button" variant="danger" disabled={busy} onClick={() => answer('withdraw')}>
                  {c.withdrawYes}
                </Button>
                <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(null)}>
                  {c.keepApplication}
                </Button>
              </div>
            </div>
          ) : (
            confirming === null && (
              <p className="site-application-status__withdraw">
                <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming('withdraw')}>
                  {c.withdraw}
                </Button>
              </p>
            )
          ))}
        <ErasureRequest
          application={a}
          token={token!}
          onDone={(status, said) => {
            queryClient.setQueryData(key, status);
            setMessage(said);
          }}
        />
      </>
    );
  }

  return (
    <section className="site-application-status" aria-labelledby="application-status-title">
      <h1 id="application-status-title">{c.title}</h1>
      {body}
    </section>
  );
}

/**
 * Whether the moment has passed, turning true when it does (a timer to that moment, in chunks a
 * browser timer can hold): the page stops offering to accept without waiting for a reload.
 */
function useMomentPassed(iso: string | undefined): boolean {
  const at = iso ? new Date(iso).getTime() : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(at) || now >= at) return;
    const id = setTimeout(() => setNow(Date.now()), Math.min(at - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [at, now]);
  return !Number.isNaN(at) && now >= at;
}
