import { ALLOWANCE_OUTCOME_LABELS, type AllowanceOutcome, isApiError, type MyAllowance, ringgit } from '@school/contracts';
import {
  Button,
  ErrorView,
  LoadingIndicator,
  StatusChip,
  type StatusTone,
  TextAreaField,
  useRouteMutation,
  useRouteQuery,
  useSession,
} from '@school/ui';
import { useState } from 'react';
import { retryServerErrors } from '../../lib/retry';
import { formatMalaysiaDateTime, monthName } from '../../lib/school-time';
import { usePageTitle } from '../../lib/use-page-title';
import './allowance.css';

export const NO_PROGRAMME_MESSAGE = 'You are not a trainee of an allowance programme.';
export const STATEMENT_FAILED_MESSAGE = 'The statement could not be downloaded. Please try again.';
const TONE: Record<AllowanceOutcome, StatusTone> = { ELIGIBLE: 'success', PRORATED: 'warning', WITHHELD: 'danger' };

/** The trainee's allowance: this month so far and what would change it, then each decided month's statement. */
export function AllowancePage() {
  const mine = useRouteQuery('myAllowance', {}, { select: (r) => r.data, retry: retryServerErrors });
  usePageTitle('My allowance');
  if (mine.isPending) return <LoadingIndicator />;
  if (mine.isError) return <ErrorView homePath="/student" />;
  const a = mine.data;
  return (
    <div className="ui-page ui-page--padded learn-allowance">
      <h1>My allowance</h1>
      {a.programme ? (
        <p className="learn-allowance__lead">
          {a.programme}
          {a.cohort ? ` · ${a.cohort.title}` : ''}
        </p>
      ) : null}
      {!a.programme && a.statements.length === 0 ? <p className="ui-empty">{NO_PROGRAMME_MESSAGE}</p> : null}
      {a.current ? <CurrentMonth current={a.current} /> : null}
      {a.statements.length ? <Statements statements={a.statements} /> : null}
    </div>
  );
}

function CurrentMonth({ current }: { current: NonNullable<MyAllowance['current']> }) {
  const t = current.trace;
  const att = t.attendance;
  return (
    <section className="learn-allowance__card" aria-labelledby="allowance-now">
      <h2 id="allowance-now">{monthName(current.month)} so far</h2>
      <p className="learn-allowance__outcome">
        <StatusChip tone={TONE[current.outcome]}>{ALLOWANCE_OUTCOME_LABELS[current.outcome]}</StatusChip>
        {current.amount_sen !== null ? <strong>{ringgit(current.amount_sen)}</strong> : null}
        <span className="learn-allowance__hint">if the month ended today</span>
      </p>
      {current.advice.length ? (
        <>
          <h3>What would change it</h3>
          <ul className="learn-allowance__advice">
            {current.advice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      <dl className="learn-allowance__facts">
        {att.result !== 'OFF' ? (
          <>
            <dt>Attendance</dt>
            <dd>
              {att.attended} of {att.counted} sessions{att.percent === null ? '' : ` (${att.percent}%)`}; at least {att.min_percent}%
              {att.remaining ? `; ${att.remaining} to come` : ''}
            </dd>
          </>
        ) : null}
        {t.submissions.result !== 'OFF' ? (
          <>
            <dt>Hand-ins</dt>
            <dd>
              {t.submissions.handed_in} of {t.submissions.due} handed in{t.submissions.open ? `; ${t.submissions.open} still open` : ''}
            </dd>
          </>
        ) : null}
        {t.absence_streak.result !== 'OFF' ? (
          <>
            <dt>Absences in a row</dt>
            <dd>
              {t.absence_streak.longest} (at most {t.absence_streak.max_sessions})
            </dd>
          </>
        ) : null}
        {t.logbook && t.logbook.result !== 'OFF' ? (
          <>
            <dt>Logbook weeks signed</dt>
            <dd>
              {t.logbook.signed} of {t.logbook.due}
              {t.logbook.open ? `; ${t.logbook.open} still within their 7 days` : ''}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function Statements({ statements }: { statements: MyAllowance['statements'] }) {
  return (
    <section aria-labelledby="allowance-statements">
      <h2 id="allowance-statements">Statements</h2>
      <ul className="learn-allowance__statements">
        {statements.map((s) => (
          <Statement key={s.decision_id} statement={s} />
        ))}
      </ul>
    </section>
  );
}

function Statement({ statement: s }: { statement: MyAllowance['statements'][number] }) {
  const { client } = useSession();
  const [failed, setFailed] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');
  const dispute = useRouteMutation('myAllowanceDispute', { invalidates: () => [['myAllowance']] });
  const download = async () => {
    setFailed(false);
    try {
      const blob = await client.call('myAllowanceStatement', { params: { decisionId: s.decision_id } });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `allowance-${s.month}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setFailed(true);
    }
  };
  const error = dispute.error && isApiError(dispute.error) ? (dispute.error.errors?.reason ?? dispute.error.message) : null;
  return (
    <li className="learn-allowance__statement">
      <div className="learn-allowance__statement-head">
        <h3>{monthName(s.month)}</h3>
        <StatusChip tone={TONE[s.outcome]}>{ALLOWANCE_OUTCOME_LABELS[s.outcome]}</StatusChip>
        <strong>{ringgit(s.amount_sen)}</strong>
      </div>
      <p className="learn-allowance__hint">
        {s.cohort_title} · decided {formatMalaysiaDateTime(s.decided_at)}
      </p>
      {s.dispute ? (
        <p>
          {s.dispute.state === 'OPEN'
            ? `You disputed this decision on ${formatMalaysiaDateTime(s.dispute.created_at)}: staff will answer it.`
            : 'Your dispute has been answered.'}
        </p>
      ) : null}
      <div className="learn-allowance__actions">
        <Button variant="secondary" onClick={() => void download()}>
          Download statement (PDF)
        </Button>
        {!s.dispute || s.dispute.state === 'RESOLVED' ? (
          <Button variant="ghost" onClick={() => setDisputing((v) => !v)} aria-expanded={disputing}>
            Dispute this decision
          </Button>
        ) : null}
      </div>
      {failed ? <p role="alert">{STATEMENT_FAILED_MESSAGE}</p> : null}
      {disputing ? (
        <form
          className="learn-allowance__dispute"
          onSubmit={(e) => {
            e.preventDefault();
            dispute.mutate({ params: { decisionId: s.decision_id }, body: { reason } }, { onSuccess: () => setDisputing(false) });
          }}
        >
          <TextAreaField
            label="What is wrong with this decision?"
            value={reason}
            maxLength={2000}
            onChange={(e) => setReason(e.target.value)}
            error={error ?? undefined}
            required
          />
          <Button type="submit" loading={dispute.isPending}>
            Send the dispute
          </Button>
        </form>
      ) : null}
    </li>
  );
}
