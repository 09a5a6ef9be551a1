import type { AllowanceOverride, AllowanceProgramme, AllowanceRules, LedgerEntry, TraineeMonth } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';
import { COACHED_TRAINEES, type CoachContact, coachesOf } from '../coaching';
import { DECIDE_MONTH } from './allowance-decision.sql';

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const NAME = (u: string) => `trim(${u}.first_name || ' ' || ${u}.last_name)`;

/** `YYYY-MM` as its first day, and back. */
export const monthDay = (month: string) => `${month}-01`;

/** This month (Malaysia time) as `YYYY-MM`. */
export async function currentMonth(q: Sql): Promise<string> {
  return (await mustOne<{ m: string }>(q, `SELECT to_char(now() AT TIME ZONE '${SCHOOL_TIME_ZONE}', 'YYYY-MM') AS m`)).m;
}

/** Whether the month has ended, Malaysia time. */
export async function monthOver(q: Sql, month: string): Promise<boolean> {
  return (
    await mustOne<{ over: boolean }>(
      q,
      `SELECT $1::date + interval '1 month' <= (now() AT TIME ZONE '${SCHOOL_TIME_ZONE}')::date AS over`,
      [monthDay(month)],
    )
  ).over;
}

const PROGRAMME_JSON = (finance: string) => `json_build_object(
  'id_slug', p.id_slug, 'title', p.title,
  'monthly_amount_sen', CASE WHEN ${finance} THEN p.monthly_amount_sen END,
  'versions', coalesce((SELECT json_agg(json_build_object('id_slug', v.id_slug, 'effective_month', to_char(v.effective_month, 'YYYY-MM'),
                          'rules', v.rules, 'note', v.note, 'created_by', coalesce(${NAME('u')}, ''), 'created_at', ${ISO('v.created_at')})
                        ORDER BY v.effective_month DESC)
                        FROM allowance_rule_versions v LEFT JOIN users u ON u.id = v.created_by WHERE v.programme_id = p.id), '[]'),
  'cohorts', coalesce((SELECT json_agg(json_build_object('id_slug', c.id_slug, 'title', c.title,
                          'decided_months', coalesce((SELECT json_agg(to_char(r.month, 'YYYY-MM') ORDER BY r.month)
                                                        FROM allowance_runs r WHERE r.cohort_id = c.id), '[]'))
                        ORDER BY c.start_date, c.title)
                        FROM cohorts c WHERE c.allowance_programme_id = p.id), '[]'))`;

/** Every programme (titles in order), amounts only for $1 = finance. */
export async function programmes(q: Sql, finance: boolean) {
  return rows<{ p: AllowanceProgramme }>(q, `SELECT ${PROGRAMME_JSON('$1::boolean')} AS p FROM allowance_programmes p ORDER BY p.title`, [
    finance,
  ]).then((r) => r.map((x) => x.p));
}

export async function programme(q: Sql, slug: string, finance: boolean) {
  return (
    await one<{ p: AllowanceProgramme }>(
      q,
      `SELECT ${PROGRAMME_JSON('$2::boolean')} AS p FROM allowance_programmes p WHERE p.id_slug = $1`,
      [slug, finance],
    )
  )?.p;
}

/** Creates a programme with its first rules, from this month; null when the title is taken. */
export async function insertProgramme(q: Sql, title: string, amountSen: number, rules: AllowanceRules, by: string) {
  return one<{ id_slug: string }>(
    q,
    `WITH p AS (
       INSERT INTO allowance_programmes (title, monthly_amount_sen, created_by) VALUES ($1, $2, $4)
       ON CONFLICT (title) DO NOTHING RETURNING id, id_slug),
     v AS (
       INSERT INTO allowance_rule_versions (programme_id, effective_month, rules, created_by, note)
       SELECT p.id, date_trunc('month', now() AT TIME ZONE '${SCHOOL_TIME_ZONE}')::date, $3, $4, 'The programme''s first rules' FROM p)
     SELECT id_slug FROM p`,
    [title, amountSen, JSON.stringify(rules), by],
  );
}

/** Locks a programme for a change of its rules; with the last month any of its cohorts has had decided. */
export async function lockProgramme(q: Sql, slug: string) {
  return one<{ id: string; last_decided: string | null }>(
    q,
    `SELECT p.id, (SELECT to_char(max(r.month), 'YYYY-MM') FROM allowance_runs r JOIN cohorts c ON c.id = r.cohort_id
                     WHERE c.allowance_programme_id = p.id) AS last_decided
       FROM allowance_programmes p WHERE p.id_slug = $1 FOR UPDATE`,
    [slug],
  );
}

/** Adds a rule version; false when the programme has one from that month. */
export async function insertVersion(q: Sql, programmeId: string, month: string, rules: AllowanceRules, note: string, by: string) {
  const made = await one<{ id: string }>(
    q,
    `INSERT INTO allowance_rule_versions (programme_id, effective_month, rules, note, created_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (programme_id, effective_month) DO NOTHING RETURNING id`,
    [programmeId, monthDay(month), JSON.stringify(rules), note, by],
  );
  return !!made;
}

/** The cohort (locked) with its programme and whether it has ledger entries. */
export async function lockCohortProgramme(q: Sql, cohortSlug: string) {
  return one<{ id: string; programme_id: string | null; has_ledger: boolean }>(
    q,
    `SELECT c.id, c.allowance_programme_id AS programme_id,
            EXISTS (SELECT 1 FROM allowance_ledger l WHERE l.cohort_id = c.id) AS has_ledger
       FROM cohorts c WHERE c.id_slug = $1 FOR UPDATE`,
    [cohortSlug],
  );
}

export async function setCohortProgramme(q: Sql, cohortId: string, programmeSlug: string | null) {
  return one<{ ok: boolean }>(
    q,
    `UPDATE cohorts c SET allowance_programme_id = p.id
       FROM (SELECT (SELECT id FROM allowance_programmes WHERE id_slug = $2) AS id) p
      WHERE c.id = $1 AND ($2::text IS NULL OR p.id IS NOT NULL) RETURNING true AS ok`,
    [cohortId, programmeSlug],
  );
}

/**
 * A cohort the user may read allowance months of: admins any, instructors the cohorts they teach,
 * coaches the cohorts where they follow trainees (`coach_only`: they see only those trainees).
 */
export async function reachableCohort(q: Sql, cohortSlug: string, userId: string, isAdmin: boolean) {
  return one<{ id: string; title: string; coach_only: boolean; programme: { id_slug: string; title: string } | null }>(
    q,
    `SELECT c.id, c.title, NOT (r.teaches OR $3::boolean) AS coach_only,
            (SELECT json_build_object('id_slug', p.id_slug, 'title', p.title) FROM allowance_programmes p
              WHERE p.id = c.allowance_programme_id) AS programme
       FROM cohorts c
      CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = c.id AND ci.user_id = $2) AS teaches,
                                 EXISTS (SELECT 1 FROM cohort_coaches cc WHERE cc.cohort_id = c.id AND cc.user_id = $2) AS coaches) r
      WHERE c.id_slug = $1 AND ($3::boolean OR r.teaches OR r.coaches)`,
    [cohortSlug, userId, isAdmin],
  );
}

/** The trainees of the cohort a coach follows (ids), for a coach who reaches a cohort through them alone. */
export async function followedIn(q: Sql, cohortId: string, coachId: string): Promise<Set<string>> {
  const list = await rows<{ user_id: string }>(
    q,
    `SELECT f.user_id::text AS user_id FROM ${COACHED_TRAINEES('$2')} f WHERE f.cohort_id = $1`,
    [cohortId, coachId],
  );
  return new Set(list.map((r) => r.user_id));
}

/** The rule version in force for the cohort's month, if any. */
export async function versionFor(q: Sql, cohortId: string, month: string) {
  return one<{ id: string }>(
    q,
    `SELECT v.id FROM allowance_rule_versions v JOIN cohorts c ON c.id = $1 AND v.programme_id = c.allowance_programme_id
      WHERE v.effective_month <= $2::date ORDER BY v.effective_month DESC LIMIT 1`,
    [cohortId, monthDay(month)],
  );
}

export interface DecidedRow {
  user_id: string;
  id_slug: string;
  first_name: string;
  last_name: string;
  email: string;
  rule_version_id: string;
  outcome: TraineeMonth['outcome'];
  amount_sen: number;
  trace: TraineeMonth['trace'];
}

/** The month's decision for the cohort's trainees (or one), as of now: a forecast while the month runs. */
export async function decide(q: Sql, cohortId: string, month: string, userId: string | null = null) {
  return rows<DecidedRow>(q, DECIDE_MONTH, [cohortId, monthDay(month), userId]);
}

/**
 * Decides the month for every trainee in one statement: one RUN entry each (a second run, or the
 * job and an admin at once, adds none) and the run's record. Answers the new entries' ids.
 */
export async function runMonth(q: Sql, cohortId: string, month: string, versionId: string, by: string | null) {
  return mustOne<{ entries: { id: string; user_id: string }[]; made: boolean }>(
    q,
    `WITH dec AS (${DECIDE_MONTH}),
     ins AS (
       INSERT INTO allowance_ledger (cohort_id, user_id, month, kind, outcome, amount_sen, rule_version_id, trace, origin, created_by)
       SELECT $1, dec.user_id, $2::date, 'DECISION', dec.outcome, dec.amount_sen, dec.rule_version_id, dec.trace, 'RUN', $5 FROM dec
       ON CONFLICT (cohort_id, month, user_id) WHERE origin = 'RUN' DO NOTHING
       RETURNING id, user_id),
     run AS (
       INSERT INTO allowance_runs (cohort_id, month, rule_version_id, decided, run_by)
       SELECT $1, $2::date, $4, (SELECT count(*) FROM ins), $5
       ON CONFLICT (cohort_id, month) DO NOTHING RETURNING id)
     SELECT coalesce((SELECT json_agg(json_build_object('id', ins.id::text, 'user_id', ins.user_id::text)) FROM ins), '[]') AS entries,
            EXISTS (SELECT 1 FROM run) AS made`,
    [cohortId, monthDay(month), null, versionId, by],
  );
}

/** Locks the cohort's month for a correction (its run's record); undefined while the month is undecided. */
export async function lockRun(q: Sql, cohortId: string, month: string) {
  return one<{ id: string }>(q, `SELECT id FROM allowance_runs WHERE cohort_id = $1 AND month = $2 FOR UPDATE`, [
    cohortId,
    monthDay(month),
  ]);
}

/**
 * Corrects a decided month of one trainee after an exception: when the decision as of now differs
 * from the current one, a reversing entry and a new decision (one statement). Answers the new decision's id.
 */
export async function correctMonth(q: Sql, cohortId: string, month: string, userId: string, overrideId: string, by: string) {
  return one<{ id: string }>(
    q,
    `WITH dec AS (${DECIDE_MONTH}),
     cur AS (
       SELECT l.* FROM allowance_ledger l
        WHERE l.cohort_id = $1 AND l.month = $2::date AND l.user_id = $3 AND l.kind = 'DECISION'
          AND NOT EXISTS (SELECT 1 FROM allowance_ledger r WHERE r.reverses_id = l.id)
        ORDER BY l.id DESC LIMIT 1),
     chg AS (SELECT dec.* FROM dec JOIN cur ON (dec.outcome, dec.amount_sen) IS DISTINCT FROM (cur.outcome, cur.amount_sen)),
     rev AS (
       INSERT INTO allowance_ledger (cohort_id, user_id, month, kind, outcome, amount_sen, rule_version_id, trace, reverses_id, override_id, origin, created_by)
       SELECT cur.cohort_id, cur.user_id, cur.month, 'REVERSAL', cur.outcome, -cur.amount_sen, cur.rule_version_id, cur.trace, cur.id, $4, 'CORRECTION', $5
         FROM cur WHERE EXISTS (SELECT 1 FROM chg) RETURNING id)
     INSERT INTO allowance_ledger (cohort_id, user_id, month, kind, outcome, amount_sen, rule_version_id, trace, override_id, origin, created_by)
     SELECT $1, chg.user_id, $2::date, 'DECISION', chg.outcome, chg.amount_sen, chg.rule_version_id, chg.trace, $4, 'CORRECTION', $5
       FROM chg WHERE EXISTS (SELECT 1 FROM rev) RETURNING id`,
    [cohortId, monthDay(month), userId, overrideId, by],
  );
}

/** The current decision of each trainee's month: the latest DECISION not reversed. */
const CURRENT = `l.kind = 'DECISION' AND NOT EXISTS (SELECT 1 FROM allowance_ledger r WHERE r.reverses_id = l.id)`;
const ENTRIES = (
  finance: string,
) => `coalesce((SELECT json_agg(json_build_object('id_slug', e.id_slug, 'kind', e.kind, 'outcome', e.outcome,
    'amount_sen', CASE WHEN ${finance} THEN e.amount_sen END, 'origin', e.origin,
    'reverses', (SELECT x.id_slug FROM allowance_ledger x WHERE x.id = e.reverses_id), 'created_at', ${ISO('e.created_at')}) ORDER BY e.id)
  FROM allowance_ledger e WHERE e.cohort_id = l.cohort_id AND e.month = l.month AND e.user_id = l.user_id), '[]')`;

/** The decided month's trainees with their current decision and every entry (amounts for $3 = finance). */
export type DecidedMonthRow = Omit<TraineeMonth, 'trainee'> & { trainee: TraineeMonth['trainee'] & { user_id: string } };
export async function decidedMonth(q: Sql, cohortId: string, month: string, finance: boolean) {
  return rows<DecidedMonthRow>(
    q,
    `SELECT json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email,
                              'user_id', u.id::text) AS trainee,
            l.outcome, CASE WHEN $3 THEN l.amount_sen END AS amount_sen, l.trace, l.id_slug AS decision_id,
            ${ENTRIES('$3')} AS entries, '[]'::json AS advice
       FROM allowance_ledger l JOIN users u ON u.id = l.user_id
      WHERE l.cohort_id = $1 AND l.month = $2::date AND ${CURRENT}
      ORDER BY CASE l.outcome WHEN 'WITHHELD' THEN 0 WHEN 'PRORATED' THEN 1 ELSE 2 END, u.last_name, u.first_name, u.id`,
    [cohortId, monthDay(month), finance],
  );
}

/** The month's run, if decided. */
export async function runOf(q: Sql, cohortId: string, month: string) {
  return one<{ run_at: string; run_by: string | null; decided: number }>(
    q,
    `SELECT ${ISO('r.run_at')} AS run_at, ${NAME('u')} AS run_by, r.decided FROM allowance_runs r LEFT JOIN users u ON u.id = r.run_by
      WHERE r.cohort_id = $1 AND r.month = $2::date`,
    [cohortId, monthDay(month)],
  );
}

/** The ledger's sum for the cohort's month (every entry, reversals included). */
export async function ledgerSum(q: Sql, cohortId: string, month: string) {
  return Number(
    (
      await mustOne<{ s: string }>(
        q,
        `SELECT coalesce(sum(amount_sen), 0) AS s FROM allowance_ledger WHERE cohort_id = $1 AND month = $2::date`,
        [cohortId, monthDay(month)],
      )
    ).s,
  );
}

/** The payment list's rows: each trainee's current decision (its amount is the net of their entries). */
export async function paymentRows(q: Sql, cohortId: string, month: string) {
  return rows<{ user_id: string; name: string; email: string; amount_sen: number; net_sen: string; outcome: string; decision_id: string }>(
    q,
    `SELECT l.user_id, ${NAME('u')} AS name, u.email, l.amount_sen, l.outcome, l.id_slug AS decision_id,
            (SELECT sum(e.amount_sen) FROM allowance_ledger e WHERE e.cohort_id = l.cohort_id AND e.month = l.month AND e.user_id = l.user_id) AS net_sen
       FROM allowance_ledger l JOIN users u ON u.id = l.user_id
      WHERE l.cohort_id = $1 AND l.month = $2::date AND ${CURRENT}
      ORDER BY u.last_name, u.first_name, u.id`,
    [cohortId, monthDay(month)],
  );
}

/** Whether the user is an active trainee of the cohort. */
export async function isTrainee(q: Sql, cohortId: string, userSlug: string) {
  return one<{ id: string }>(
    q,
    `SELECT u.id FROM users u JOIN enrolments e ON e.user_id = u.id AND e.cohort_id = $1 AND e.enrolment_status = 'ACTIVE' WHERE u.id_slug = $2`,
    [cohortId, userSlug],
  );
}

const OVERRIDE_JSON = `json_build_object(
  'id_slug', o.id_slug, 'cohort', json_build_object('id_slug', c.id_slug, 'title', c.title),
  'trainee', json_build_object('id_slug', t.id_slug, 'first_name', t.first_name, 'last_name', t.last_name),
  'month', to_char(o.month, 'YYYY-MM'), 'kind', o.kind, 'reason', o.reason,
  'attachment', CASE WHEN o.attachment_id_slug IS NOT NULL THEN json_build_object('id_slug', o.attachment_id_slug, 'name', o.attachment_name) END,
  'dispute', (SELECT json_build_object('id_slug', d.id_slug, 'reason', d.reason) FROM allowance_disputes d WHERE d.id = o.dispute_id),
  'state', o.state, 'proposed_by', ${NAME('p')}, 'proposed_at', ${ISO('o.proposed_at')}, 'mine', o.proposed_by = $1::bigint,
  'decided_by', ${NAME('dd')}, 'decided_at', ${ISO('o.decided_at')}, 'decision_note', o.decision_note)`;
const OVERRIDE_FROM = `allowance_overrides o JOIN cohorts c ON c.id = o.cohort_id JOIN users t ON t.id = o.user_id
  JOIN users p ON p.id = o.proposed_by LEFT JOIN users dd ON dd.id = o.decided_by`;

export async function insertOverride(
  q: Sql,
  o: {
    cohortId: string;
    userId: string;
    month: string;
    kind: string;
    reason: string;
    file: { id_slug: string; name: string } | null;
    disputeId: string | null;
    by: string;
  },
) {
  return mustOne<{ id: string }>(
    q,
    `INSERT INTO allowance_overrides (cohort_id, user_id, month, kind, reason, attachment_id_slug, attachment_name, dispute_id, proposed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [o.cohortId, o.userId, monthDay(o.month), o.kind, o.reason, o.file?.id_slug ?? null, o.file?.name ?? null, o.disputeId, o.by],
  );
}

export async function overrideById(q: Sql, reader: string, id: string) {
  return (await one<{ o: AllowanceOverride }>(q, `SELECT ${OVERRIDE_JSON} AS o FROM ${OVERRIDE_FROM} WHERE o.id = $2`, [reader, id]))?.o;
}

/** Pending exceptions oldest first, or decided ones newest first (the last 100). */
export async function overrideQueue(q: Sql, reader: string, pending: boolean) {
  return rows<{ o: AllowanceOverride }>(
    q,
    pending
      ? `SELECT ${OVERRIDE_JSON} AS o FROM ${OVERRIDE_FROM} WHERE o.state = 'PENDING' ORDER BY o.proposed_at, o.id`
      : `SELECT ${OVERRIDE_JSON} AS o FROM ${OVERRIDE_FROM} WHERE o.state <> 'PENDING' ORDER BY o.decided_at DESC, o.id DESC LIMIT 100`,
    [reader],
  ).then((r) => r.map((x) => x.o));
}

export async function lockOverride(q: Sql, slug: string) {
  return one<{
    id: string;
    state: string;
    proposed_by: string;
    cohort_id: string;
    user_id: string;
    month: string;
    kind: string;
    dispute_id: string | null;
  }>(
    q,
    `SELECT id, state, proposed_by, cohort_id, user_id, to_char(month, 'YYYY-MM') AS month, kind, dispute_id
       FROM allowance_overrides WHERE id_slug = $1 FOR UPDATE`,
    [slug],
  );
}

export async function decideOverride(q: Sql, id: string, approve: boolean, note: string, by: string) {
  await exec(q, `UPDATE allowance_overrides SET state = $2, decision_note = $3, decided_by = $4, decided_at = now() WHERE id = $1`, [
    id,
    approve ? 'APPROVED' : 'REJECTED',
    note,
    by,
  ]);
}

/** The trainee's open dispute (locked) answered by an exception, resolved once it is approved. */
export async function resolveDispute(q: Sql, disputeId: string) {
  await exec(q, `UPDATE allowance_disputes SET state = 'RESOLVED', resolved_at = now() WHERE id = $1 AND state = 'OPEN'`, [disputeId]);
}

/** An open dispute with the decision it disputes (its cohort, trainee and month). */
export async function openDispute(q: Sql, slug: string) {
  return one<{ id: string; cohort_id: string; user_id: string; user_slug: string; month: string }>(
    q,
    `SELECT d.id, l.cohort_id, l.user_id, u.id_slug AS user_slug, to_char(l.month, 'YYYY-MM') AS month
       FROM allowance_disputes d JOIN allowance_ledger l ON l.id = d.entry_id JOIN users u ON u.id = l.user_id
      WHERE d.id_slug = $1 AND d.state = 'OPEN'`,
    [slug],
  );
}

/** Open disputes oldest first, with a proposal waiting for its second staff member. */
export async function disputeQueue(q: Sql, userId: string, isAdmin: boolean) {
  return rows(
    q,
    `SELECT json_build_object('id_slug', d.id_slug, 'entry_id_slug', l.id_slug,
              'cohort', json_build_object('id_slug', c.id_slug, 'title', c.title),
              'trainee', json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name),
              'month', to_char(l.month, 'YYYY-MM'), 'outcome', l.outcome, 'reason', d.reason, 'state', d.state,
              'created_at', ${ISO('d.created_at')},
              'proposal', (SELECT json_build_object('id_slug', o.id_slug, 'kind', o.kind, 'proposed_by', ${NAME('p')})
                             FROM allowance_overrides o JOIN users p ON p.id = o.proposed_by
                            WHERE o.dispute_id = d.id AND o.state = 'PENDING' ORDER BY o.id DESC LIMIT 1)) AS d
       FROM allowance_disputes d JOIN allowance_ledger l ON l.id = d.entry_id JOIN cohorts c ON c.id = l.cohort_id JOIN users u ON u.id = l.user_id
      WHERE d.state = 'OPEN' AND ($2::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = c.id AND ci.user_id = $1))
      ORDER BY d.created_at, d.id`,
    [userId, isAdmin],
  ).then((r) => r.map((x) => (x as { d: unknown }).d));
}

/** The trainee's cohort in an allowance programme (the latest they are active in), for their own page. */
export async function traineeCohort(q: Sql, userId: string) {
  return one<{ id: string; id_slug: string; title: string; programme: string }>(
    q,
    `SELECT c.id, c.id_slug, c.title, p.title AS programme
       FROM enrolments e JOIN cohorts c ON c.id = e.cohort_id JOIN allowance_programmes p ON p.id = c.allowance_programme_id
      WHERE e.user_id = $1 AND e.enrolment_status = 'ACTIVE' ORDER BY c.start_date DESC, c.id DESC LIMIT 1`,
    [userId],
  );
}

/** The trainee's decided months, newest first: each current decision with its dispute. */
export async function statements(q: Sql, userId: string) {
  return rows(
    q,
    `SELECT to_char(l.month, 'YYYY-MM') AS month, c.title AS cohort_title, l.id_slug AS decision_id, l.outcome, l.amount_sen,
            ${ISO('l.created_at')} AS decided_at,
            (SELECT json_build_object('state', d.state, 'created_at', ${ISO('d.created_at')}) FROM allowance_disputes d
              WHERE d.entry_id = l.id ORDER BY d.id DESC LIMIT 1) AS dispute
       FROM allowance_ledger l JOIN cohorts c ON c.id = l.cohort_id
      WHERE l.user_id = $1 AND ${CURRENT} ORDER BY l.month DESC, l.id DESC`,
    [userId],
  );
}

/** One of the trainee's decisions with what its statement prints. */
export async function statementOf(q: Sql, userId: string, decisionSlug: string) {
  return one<{
    id: string;
    id_slug: string;
    month: string;
    cohort_title: string;
    programme: string;
    name: string;
    outcome: TraineeMonth['outcome'];
    amount_sen: number;
    trace: TraineeMonth['trace'];
    rules: AllowanceRules;
    created_at: string;
    entries: LedgerEntry[];
    current: boolean;
  }>(
    q,
    `SELECT l.id, l.id_slug, to_char(l.month, 'YYYY-MM') AS month, c.title AS cohort_title, p.title AS programme, ${NAME('u')} AS name,
            l.outcome, l.amount_sen, l.trace, v.rules, ${ISO('l.created_at')} AS created_at, ${ENTRIES('true')} AS entries,
            NOT EXISTS (SELECT 1 FROM allowance_ledger r WHERE r.reverses_id = l.id) AS current
       FROM allowance_ledger l JOIN cohorts c ON c.id = l.cohort_id JOIN allowance_programmes p ON p.id = c.allowance_programme_id
       JOIN users u ON u.id = l.user_id JOIN allowance_rule_versions v ON v.id = l.rule_version_id
      WHERE l.user_id = $1 AND l.id_slug = $2 AND l.kind = 'DECISION'`,
    [userId, decisionSlug],
  );
}

/** Files a dispute of the trainee's current decision; null when one is already open. */
export async function insertDispute(q: Sql, entryId: string, userId: string, reason: string) {
  return one<{ id: string }>(
    q,
    `INSERT INTO allowance_disputes (entry_id, user_id, reason) VALUES ($1, $2, $3)
     ON CONFLICT (entry_id) WHERE state = 'OPEN' DO NOTHING RETURNING id`,
    [entryId, userId, reason],
  );
}

/** Cohorts in a programme with an ended month in their paid phase not yet decided: what the monthly job runs. */
export async function dueRuns(q: Sql) {
  return rows<{ cohort_id: string; month: string }>(
    q,
    `WITH m AS (SELECT (date_trunc('month', now() AT TIME ZONE '${SCHOOL_TIME_ZONE}') - interval '1 month')::date AS month)
     SELECT c.id AS cohort_id, to_char(m.month, 'YYYY-MM') AS month
       FROM cohorts c CROSS JOIN m
      WHERE c.allowance_programme_id IS NOT NULL
        AND (c.start_date AT TIME ZONE '${SCHOOL_TIME_ZONE}')::date < (m.month + interval '1 month')::date
        AND c.end_access_date >= m.month
        AND NOT EXISTS (SELECT 1 FROM allowance_runs r WHERE r.cohort_id = c.id AND r.month = m.month)
        AND EXISTS (SELECT 1 FROM enrolments e WHERE e.cohort_id = c.id AND e.enrolment_status = 'ACTIVE')`,
  );
}

/** What each new decision's mail needs. */
export async function statementNotices(q: Sql, entryIds: string[]) {
  return rows<{
    id_slug: string;
    user_id: string;
    email: string;
    first_name: string;
    month: string;
    cohort_title: string;
    outcome: TraineeMonth['outcome'];
    amount_sen: number;
  }>(
    q,
    `SELECT l.id_slug, l.user_id::text, u.email, u.first_name, to_char(l.month, 'YYYY-MM') AS month, c.title AS cohort_title, l.outcome, l.amount_sen
       FROM allowance_ledger l JOIN users u ON u.id = l.user_id JOIN cohorts c ON c.id = l.cohort_id
      WHERE l.id = ANY ($1::bigint[])`,
    [entryIds],
  );
}

/** A stored file of the purpose uploaded by the user, with its name. */
export async function ownFile(q: Sql, slug: string, purpose: string, userId: string) {
  return one<{ id_slug: string; name: string }>(
    q,
    `SELECT id_slug, original_name AS name FROM stored_files WHERE id_slug = $1 AND purpose = $2 AND uploaded_by = $3`,
    [slug, purpose, userId],
  );
}

/** Today's day of the month, Malaysia time. */
export async function schoolDay(q: Sql): Promise<number> {
  return (await mustOne<{ d: number }>(q, `SELECT extract(day FROM now() AT TIME ZONE '${SCHOOL_TIME_ZONE}')::int AS d`)).d;
}

/** Cohorts in a programme, running this month and not yet sent this month's at-risk list. */
export async function riskMailsDue(q: Sql, month: string) {
  return rows<{ id: string; id_slug: string; title: string }>(
    q,
    `SELECT c.id, c.id_slug, c.title FROM cohorts c
      WHERE c.allowance_programme_id IS NOT NULL
        AND c.start_date < ($1::date + interval '1 month') AND c.end_access_date >= $1::date
        AND NOT EXISTS (SELECT 1 FROM allowance_risk_mailings r WHERE r.cohort_id = c.id AND r.month = $1::date)
        AND NOT EXISTS (SELECT 1 FROM allowance_runs r WHERE r.cohort_id = c.id AND r.month = $1::date)`,
    [monthDay(month)],
  );
}

/** Claims the cohort's at-risk mail of the month; false when another run already sent it. */
export async function claimRiskMail(q: Sql, cohortId: string, month: string) {
  return !!(await one(
    q,
    `INSERT INTO allowance_risk_mailings (cohort_id, month) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING cohort_id`,
    [cohortId, monthDay(month)],
  ));
}

/** The coaches following any of the trainees (ids), each with the ones of them they follow. */
export async function coachesFollowing(q: Sql, cohortId: string, userIds: string[]) {
  const byCoach = new Map<string, CoachContact & { trainees: string[] }>();
  for (const [trainee, coaches] of await coachesOf(q, cohortId, userIds))
    for (const coach of coaches) {
      const entry = byCoach.get(coach.id) ?? { ...coach, trainees: [] };
      entry.trainees.push(trainee);
      byCoach.set(coach.id, entry);
    }
  return [...byCoach.values()];
}
