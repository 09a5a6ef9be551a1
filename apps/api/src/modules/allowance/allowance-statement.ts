import {
  ALLOWANCE_OUTCOME_LABELS,
  type AllowanceRules,
  traceWeekText,
  type AllowanceTrace,
  type LedgerEntry,
  ringgit,
  type RuleResult,
} from '@school/contracts';
import { buildTextDocument } from '../../common/pdf/text-document';
import { deadlineText } from '../../common/school-time';
import { monthTitle } from '../live-sessions';

export interface Statement {
  id_slug: string;
  month: string;
  cohort_title: string;
  programme: string;
  name: string;
  outcome: keyof typeof ALLOWANCE_OUTCOME_LABELS;
  amount_sen: number;
  trace: AllowanceTrace;
  rules: AllowanceRules;
  created_at: string;
  entries: LedgerEntry[];
  current: boolean;
}

const RESULT: Record<RuleResult, string> = {
  PASS: 'Met',
  PRORATE: 'Not met: pro-rated',
  WITHHOLD: 'Not met: withheld',
  OFF: 'Not applied',
};
const STATUS: Record<string, string> = { PRESENT: 'Present', LATE: 'Late', EXCUSED: 'Excused', ABSENT: 'Absent' };

/** The statement's lines: the decision, each rule with its threshold, result and rows, and the ledger entries. */
export function statementParagraphs(s: Statement, signature: string): string[] {
  const t = s.trace;
  const r = s.rules;
  const a = t.attendance;
  const lines = [
    `Trainee: ${s.name}`,
    `Cohort: ${s.cohort_title} (${s.programme})`,
    `Decision ${s.id_slug}, ${deadlineText(s.created_at)}${s.current ? '' : ' - replaced by a later decision'}`,
    `# ${ALLOWANCE_OUTCOME_LABELS[s.outcome]}: ${ringgit(s.amount_sen)}`,
    `How: ${t.formula}`,
    `Paid days in the month: ${t.paid_days} of ${t.days_in_month}. Rules in force from ${monthTitle(t.rule_version.effective_month)}.`,
    '# Attendance',
    `Rule: at least ${r.attendance.min_percent}% of counted mandatory sessions attended` +
      (r.attendance.prorate_from_percent === null ? '.' : `; from ${r.attendance.prorate_from_percent}% the month is pro-rated.`),
    `Result: ${RESULT[a.result]}. Attended ${a.attended} of ${a.counted}${a.percent === null ? '' : ` (${a.percent}%)`}.`,
    ...a.sessions.map(
      (x) =>
        `${deadlineText(x.starts_at)} - ${x.title}: ${x.status ? (STATUS[x.status] ?? x.status) : 'to come'}` +
        `${x.excused_by_exception ? ' (excused by an exception)' : ''}${x.entry_id ? ` [entry ${x.entry_id}]` : ''}`,
    ),
    '# Hand-ins',
    `Rule: every mandatory item whose hand-in closes in the month handed in (on time or within its late window)${
      r.submissions.on_fail === 'PRORATE' ? '; otherwise the month is pro-rated.' : '; otherwise the month is withheld.'
    }`,
    `Result: ${RESULT[t.submissions.result]}. Handed in ${t.submissions.handed_in} of ${t.submissions.due}.`,
    ...t.submissions.items.map(
      (i) =>
        `${i.title}, closes ${deadlineText(i.closes_at)}: ${i.submitted_at ? `handed in ${deadlineText(i.submitted_at)}` : 'not handed in'}`,
    ),
    '# Absences in a row',
    `Rule: at most ${r.absence_streak.max_sessions} unexcused absences in a row.`,
    `Result: ${RESULT[t.absence_streak.result]}. Longest: ${t.absence_streak.longest}.`,
  ];
  // Decisions from before the logbook rule carry no logbook trace; rule versions from before it, no rule.
  if (t.logbook && r.logbook) {
    lines.push(
      '# Logbook weeks',
      `Rule: every OJT logbook week ending in the month signed by the supervisor (counted once its 7 days for signing have passed)${
        r.logbook.on_fail === 'PRORATE' ? '; otherwise the month is pro-rated.' : '; otherwise the month is withheld.'
      }`,
      `Result: ${RESULT[t.logbook.result]}. Signed ${t.logbook.signed} of ${t.logbook.due}${t.logbook.open ? `; ${t.logbook.open} still within their 7 days` : ''}.`,
      ...t.logbook.weeks.map(traceWeekText),
    );
  }
  if (t.exceptions.length) {
    lines.push('# Exceptions approved by two staff members');
    for (const e of t.exceptions) lines.push(`${e.kind === 'PAY_IN_FULL' ? 'Pay in full' : 'Absences excused'}: ${e.reason}`);
  }
  lines.push('# Ledger entries for the month');
  for (const e of s.entries)
    lines.push(
      `${e.id_slug} ${e.kind === 'REVERSAL' ? `reverses ${e.reverses}` : 'decision'}: ${ALLOWANCE_OUTCOME_LABELS[e.outcome]}, ` +
        `${e.amount_sen === null ? '' : ringgit(e.amount_sen)} (${deadlineText(e.created_at)})`,
    );
  lines.push('# Signature');
  lines.push('Signed by the school with its Ed25519 key (public keys at /.well-known/jwks.json). The signed claims:');
  lines.push(signature);
  return lines;
}

/** The trainee's monthly statement as a PDF. */
export function buildStatementPdf(s: Statement, signature: string): Promise<Buffer> {
  return buildTextDocument({
    title: `Allowance statement: ${monthTitle(s.month)}`,
    subtitle: `${s.programme}`,
    paragraphs: statementParagraphs(s, signature),
  });
}
