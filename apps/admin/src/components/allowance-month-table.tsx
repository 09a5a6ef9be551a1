import {
  ALLOWANCE_OUTCOME_LABELS,
  type CohortAllowanceMonth,
  OVERRIDE_KIND_LABELS,
  type OverrideKind,
  ringgit,
  type RuleResult,
  type TraineeMonth,
  traceWeekText,
} from '@school/contracts';
import { Button, StatusChip } from '@school/ui';
import { formatMalaysiaDateTime } from '../lib/school-time';
import { monthLabel } from './allowance-text';
import { ListTable, type Column } from './list-table';
import './allowance.css';

const RESULT_LABELS: Record<RuleResult, string> = { PASS: 'met', PRORATE: 'pro-rates', WITHHOLD: 'withholds', OFF: 'not counted' };
const STATUS_WORDS: Record<string, string> = { PRESENT: 'Present', LATE: 'Late', ABSENT: 'Absent', EXCUSED: 'Excused' };
const OUTCOME_TONES = { ELIGIBLE: 'success', PRORATED: 'warning', WITHHELD: 'danger' } as const;

const nameOf = (t: TraineeMonth) => `${t.trainee.first_name} ${t.trainee.last_name}`;
const kindLabel = (k: string) => OVERRIDE_KIND_LABELS[k as OverrideKind] ?? k;

/** Every row behind a trainee's month: sessions and their marks, hand-ins, exceptions, the formula, the ledger. */
function Trace({ row, finance }: { row: TraineeMonth; finance: boolean }) {
  const { trace } = row;
  return (
    <details className="admin-allowance__trace">
      <summary>Trace for {nameOf(row)}</summary>
      <div className="ui-stack">
        <p className="ui-muted ui-muted--small">
          Rules from {monthLabel(trace.rule_version.effective_month)} · paid for {trace.paid_days} of {trace.days_in_month} days
        </p>
        <h4 className="admin-allowance__trace-title">Sessions (attendance {RESULT_LABELS[trace.attendance.result]})</h4>
        {trace.attendance.sessions.length ? (
          <ul className="admin-allowance__list">
            {trace.attendance.sessions.map((s) => (
              <li key={s.session_id_slug}>
                {s.title}, {formatMalaysiaDateTime(s.starts_at)}: {s.status ? (STATUS_WORDS[s.status] ?? s.status) : 'to come'}
                {s.entry_id !== null ? ` (entry ${s.entry_id})` : s.status ? ' (unmarked)' : ''}
                {s.excused_by_exception ? ', excused by an exception' : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="ui-muted ui-muted--small">No mandatory session this month.</p>
        )}
        <h4 className="admin-allowance__trace-title">Hand-ins ({RESULT_LABELS[trace.submissions.result]})</h4>
        {trace.submissions.items.length ? (
          <ul className="admin-allowance__list">
            {trace.submissions.items.map((i) => (
              <li key={i.item_id_slug}>
                {i.title}, closes {formatMalaysiaDateTime(i.closes_at)}:{' '}
                {i.submitted_at ? `handed in ${formatMalaysiaDateTime(i.submitted_at)}` : 'not handed in'}
              </li>
            ))}
          </ul>
        ) : (
          <p className="ui-muted ui-muted--small">No mandatory item due this month.</p>
        )}
        <p>
          Longest unexcused absences in a row: {trace.absence_streak.longest} (at most {trace.absence_streak.max_sessions};{' '}
          {RESULT_LABELS[trace.absence_streak.result]})
        </p>
        {trace.logbook && trace.logbook.result !== 'OFF' && (
          <>
            <h4 className="admin-allowance__trace-title">Logbook weeks ({RESULT_LABELS[trace.logbook.result]})</h4>
            {trace.logbook.weeks.length ? (
              <ul className="admin-allowance__list">
                {trace.logbook.weeks.map((w) => (
                  <li key={w.week}>{traceWeekText(w)}</li>
                ))}
              </ul>
            ) : (
              <p className="ui-muted ui-muted--small">No OJT week ends this month.</p>
            )}
          </>
        )}
        {trace.exceptions.length > 0 && (
          <>
            <h4 className="admin-allowance__trace-title">Approved exceptions</h4>
            <ul className="admin-allowance__list">
              {trace.exceptions.map((x) => (
                <li key={x.id_slug}>
                  {kindLabel(x.kind)}: {x.reason}
                </li>
              ))}
            </ul>
          </>
        )}
        {finance && <p>Formula: {trace.formula}</p>}
        {row.entries.length > 0 && (
          <>
            <h4 className="admin-allowance__trace-title">Ledger entries</h4>
            <ul className="admin-allowance__list">
              {row.entries.map((e) => (
                <li key={e.id_slug}>
                  {e.kind === 'REVERSAL' ? `Reversal of ${e.reverses ?? ''}` : e.origin === 'RUN' ? 'Decision' : 'Correction'} {e.id_slug}:{' '}
                  {ALLOWANCE_OUTCOME_LABELS[e.outcome]}
                  {e.amount_sen !== null ? `, ${ringgit(e.amount_sen)}` : ''} · {formatMalaysiaDateTime(e.created_at)}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </details>
  );
}

export interface AllowanceMonthTableProps {
  month: CohortAllowanceMonth;
  /** Proposes an exception for a trainee (absent: the viewer cannot). */
  onPropose?: (row: TraineeMonth) => void;
}

/**
 * A cohort's month, one row per trainee: the outcome, the amount (finance only), attendance, hand-ins,
 * the longest absence streak, what would change a forecast, and the trace behind it.
 */
export function AllowanceMonthTable({ month, onPropose }: AllowanceMonthTableProps) {
  const columns: Column<TraineeMonth>[] = [
    {
      label: 'Trainee',
      render: (t) => (
        <>
          <span className="admin-table__title">{nameOf(t)}</span>
          <span className="admin-table__sub">{t.trainee.email}</span>
        </>
      ),
    },
    {
      label: 'Outcome',
      render: (t) => <StatusChip tone={OUTCOME_TONES[t.outcome]}>{ALLOWANCE_OUTCOME_LABELS[t.outcome]}</StatusChip>,
    },
    ...(month.finance
      ? [
          {
            label: 'Amount',
            render: (t: TraineeMonth) => (t.amount_sen === null ? '' : ringgit(t.amount_sen)),
          } satisfies Column<TraineeMonth>,
        ]
      : []),
    {
      label: 'Attendance',
      render: (t) =>
        `${t.trace.attendance.attended}/${t.trace.attendance.counted}${t.trace.attendance.percent === null ? '' : ` (${t.trace.attendance.percent}%)`}`,
    },
    { label: 'Hand-ins', render: (t) => `${t.trace.submissions.handed_in}/${t.trace.submissions.due}` },
    { label: 'Streak', render: (t) => String(t.trace.absence_streak.longest) },
    {
      label: 'Details',
      render: (t) => (
        <div className="ui-stack">
          {!month.decided && t.advice.length > 0 && (
            <ul className="admin-allowance__list" aria-label={`What would change ${nameOf(t)}'s month`}>
              {t.advice.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          )}
          <Trace row={t} finance={month.finance} />
          {onPropose && (
            <Button size="sm" variant="secondary" onClick={() => onPropose(t)} aria-label={`Propose an exception for ${nameOf(t)}`}>
              Propose an exception
            </Button>
          )}
        </div>
      ),
    },
  ];
  if (month.trainees.length === 0) return <p className="ui-muted">No active trainee in this cohort for {monthLabel(month.month)}.</p>;
  return (
    <div className="admin-allowance__table">
      <ListTable columns={columns} rows={month.trainees} rowKey={(t) => t.trainee.id_slug} />
    </div>
  );
}
