import { ApiError, LOGBOOK_STATUS_LABELS, type SupervisorWeek } from '@school/contracts';
import { Button, formatDate, LoadingIndicator, TextAreaField, useSession } from '@school/ui';
import { LogbookFileList } from '@school/ui/ojt-review';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import './supervisor.css';

const c = {
  title: 'Logbook sign-off',
  failed: 'The week could not be loaded. Please try again in a moment.',
  invalid: 'This link is not valid. Check that you opened the whole link from the email.',
  approve: 'Approve week',
  return: 'Return',
  returnSend: 'Send back to the trainee',
  cancel: 'Cancel',
  comment: 'What should the trainee change?',
  commentHint: 'The trainee sees this comment with the returned week.',
  hours: (h: number, target: number) => `${h} of ${target} hours`,
  noDays: 'No days logged.',
  expires: (when: string) => `This link works once, until ${when}.`,
  approvedBy: (by: string, at: string) => `Signed by ${by} on ${at}.`,
  returnedBy: (by: string, at: string) => `Returned by ${by} on ${at}.`,
};

type Gone = { status: number; message: string; reason?: string };

/**
 * /supervisor/week?token=: the host supervisor's link to one submitted logbook week (no account):
 * the trainee, host, dates, each day and the hours against the weekly target; Approve in one tap,
 * Return in two (the comment, then send). An expired, used or revoked link says which.
 */
export function SupervisorWeekPage() {
  usePageTitle(c.title);
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = hydrated ? (params.get('token') ?? '') : null;
  const { client } = useSession();
  const queryClient = useQueryClient();
  const key = ['supervisor-week', token];
  const q = useQuery({
    queryKey: key,
    enabled: !!token,
    retry: (count, e) => !(e instanceof ApiError && e.status > 0 && e.status < 500) && count < 2,
    queryFn: async (): Promise<SupervisorWeek | Gone> => {
      try {
        return (await client.call('supervisorWeek', { body: { token: token! } })).data;
      } catch (e) {
        if (e instanceof ApiError && [400, 404, 410].includes(e.status))
          return { status: e.status, message: e.message, reason: e.errors?.token };
        throw e;
      }
    },
  });
  const [returning, setReturning] = useState(false);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  // Tapping Return opens the comment ready to type: the second tap is Send.
  useEffect(() => {
    if (returning) commentRef.current?.focus();
  }, [returning]);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const decide = async (decision: 'APPROVE' | 'RETURN') => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await client.call('supervisorDecideWeek', { body: { token: token!, decision, comment } });
      queryClient.setQueryData(key, res.data);
      setMessage(res.message);
      setReturning(false);
    } catch (e) {
      setFailure(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : c.failed);
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (!hydrated || (token && q.isPending)) body = <LoadingIndicator />;
  else if (!token)
    body = (
      <p role="alert" className="site-supervisor__alert">
        {c.invalid}
      </p>
    );
  else if (q.isError || !q.data)
    body = (
      <p role="alert" className="site-supervisor__alert">
        {c.failed}
      </p>
    );
  else if ('message' in q.data)
    body = (
      <p role="alert" className={`site-supervisor__alert site-supervisor__alert--${q.data.reason ?? 'invalid'}`}>
        {q.data.message}
      </p>
    );
  else {
    const w = q.data;
    const decision = [...w.events].reverse().find((e) => e.kind !== 'SUBMITTED');
    body = (
      <>
        <p className="site-supervisor__who">
          <strong>{w.trainee_name}</strong> · {w.host_name}, {w.site}
        </p>
        <p className="site-supervisor__dates">
          Week {w.week}: {formatDate(w.starts_on)} to {formatDate(w.ends_on)}
        </p>
        <output className={`site-supervisor__state site-supervisor__state--${w.status.toLowerCase()}`}>
          <strong>{LOGBOOK_STATUS_LABELS[w.status]}.</strong> {c.hours(w.hours, w.weekly_hours_target)}
        </output>
        {message && <p className="site-supervisor__message">{message}</p>}
        {decision && !w.open && (
          <p className="site-supervisor__decision">
            {(decision.kind === 'APPROVED' ? c.approvedBy : c.returnedBy)(decision.by, formatDate(decision.at))}
            {decision.comment && ` “${decision.comment}”`}
          </p>
        )}
        {failure && (
          <p role="alert" className="site-supervisor__alert">
            {failure}
          </p>
        )}
        {w.open &&
          (returning ? (
            <form
              className="site-supervisor__return"
              onSubmit={(e) => {
                e.preventDefault();
                void decide('RETURN');
              }}
            >
              <TextAreaField
                label={c.comment}
                hint={c.commentHint}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                required
                rows={4}
                maxLength={2000}
                ref={commentRef}
              />
              <div className="site-supervisor__actions">
                <Button type="submit" variant="danger" disabled={busy || !comment.trim()}>
                  {c.returnSend}
                </Button>
                <Button type="button" variant="secondary" disabled={busy} onClick={() => setReturning(false)}>
                  {c.cancel}
                </Button>
              </div>
            </form>
          ) : (
            <div className="site-supervisor__actions">
              <Button type="button" disabled={busy} onClick={() => void decide('APPROVE')}>
                {c.approve}
              </Button>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => setReturning(true)}>
                {c.return}
              </Button>
            </div>
          ))}
        <h2 id="supervisor-days">Days</h2>
        {w.days.length === 0 ? (
          <p>{c.noDays}</p>
        ) : (
          <ul className="site-supervisor__days" aria-labelledby="supervisor-days">
            {w.days.map((d) => (
              <li key={d.date}>
                <h3>
                  {formatDate(d.date)} · {d.hours} h
                </h3>
                {d.tasks && <p>{d.tasks}</p>}
                {d.job_role && (
                  <p className="site-supervisor__muted">
                    <span className="site-supervisor__label">Job role:</span> {d.job_role}
                  </p>
                )}
                {d.evidence && (
                  <p className="site-supervisor__muted">
                    <span className="site-supervisor__label">Evidence:</span> {d.evidence}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        {w.files.length > 0 && (
          <>
            <h2 id="supervisor-files">Files</h2>
            <LogbookFileList files={w.files} />
          </>
        )}
        {w.open && <p className="site-supervisor__muted">{c.expires(formatDate(w.expires_at))}</p>}
      </>
    );
  }

  return (
    <section className="site-supervisor" aria-labelledby="supervisor-title">
      <h1 id="supervisor-title">{c.title}</h1>
      {body}
    </section>
  );
}
