import { SCHOOL_TIME_ZONE } from '../../common/school-time';
import { LATEST_ENTRY, MARK_STATUS, SESSION_APPLIES, SESSION_ENDED } from '../live-sessions';

const TZ = SCHOOL_TIME_ZONE;
const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const RM = (sen: string) => `'RM ' || to_char((${sen}) / 100.0, 'FM999,999,990.00')`;
const rule = (path: string, of = 'v') => `(${of}.rules #>> '{${path}}')`;
const TODAY = `(now() AT TIME ZONE '${TZ}')::date`;

/**
 * The one decision of a trainee's allowance month, as a SELECT the monthly run inserts from and every
 * forecast reads: $1 the cohort, $2 the month's first day, $3 one trainee or null for all.
 *
 * Who: the cohort's active trainees with days of their paid phases (Online and OJT, their own longer
 * phases included) in the month; the amount is the monthly amount times those days over the month's.
 * The rules of the version in force for the month, each with the rows that made it:
 * - attendance: attended (present or late) out of counted mandatory sessions that have ended (excused
 *   ones left out; an approved exception excuses the month's absences);
 * - hand-ins: every mandatory item whose hand-in closes in the month handed in (the product takes no
 *   hand-in after the late window, so a hand-in is on time or within it);
 * - absence streak: the longest run of unexcused absences in a row;
 * - logbook (placed trainees in OJT): every OJT week ending in the month whose 7 days for the
 *   supervisor's sign-off have passed is signed; a week still within them counts neither way.
 * A failed rule withholds the month or pro-rates it by its share (the smaller share when both do);
 * an approved 'pay in full' exception pays the month's amount whatever the rules say.
 */
export const DECIDE_MONTH = `
WITH c AS (
  SELECT c.id, c.phases, (c.start_date AT TIME ZONE '${TZ}')::date AS start_day, p.monthly_amount_sen
    FROM cohorts c JOIN allowance_programmes p ON p.id = c.allowance_programme_id
   WHERE c.id = $1),
v AS (
  SELECT v.id, v.id_slug, v.effective_month, v.rules
    FROM allowance_rule_versions v JOIN cohorts c ON c.id = $1 AND v.programme_id = c.allowance_programme_id
   WHERE v.effective_month <= $2::date ORDER BY v.effective_month DESC LIMIT 1),
m AS (
  SELECT $2::date AS first_day, ($2::date + interval '1 month')::date AS next_day,
         (($2::date + interval '1 month')::date - $2::date) AS days_in_month,
         ($2::date::timestamp AT TIME ZONE '${TZ}') AS starts, (($2::date + interval '1 month')::timestamp AT TIME ZONE '${TZ}') AS ends),
ph AS (SELECT p.ord, p.v ->> 'key' AS key, (p.v ->> 'length_days')::int AS len FROM c, jsonb_array_elements(c.phases) WITH ORDINALITY p(v, ord)),
t AS (
  SELECT e.user_id, u.id_slug, u.first_name, u.last_name, u.email, e.created_date AS joined_at,
         greatest(c.start_day + w.before, m.first_day) AS from_day,
         least(c.start_day + greatest(w.before + w.len, w.ojt_before + w.ojt_len) - 1, m.next_day - 1) AS to_day,
         c.start_day + w.ojt_before AS ojt_from, c.start_day + w.ojt_before + w.ojt_len - 1 AS ojt_to
    FROM c CROSS JOIN m
    JOIN enrolments e ON e.cohort_id = c.id AND e.enrolment_status = 'ACTIVE'
    JOIN users u ON u.id = e.user_id
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(ph.len + coalesce(sh.days, 0)) FILTER (WHERE ph.ord < o.ord), 0)::int AS before,
             coalesce(max(ph.len + coalesce(sh.days, 0)) FILTER (WHERE ph.ord = o.ord), 0)::int AS len,
             coalesce(sum(ph.len + coalesce(sh.days, 0)) FILTER (WHERE ph.ord < j.ord), 0)::int AS ojt_before,
             coalesce(max(ph.len + coalesce(sh.days, 0)) FILTER (WHERE ph.ord = j.ord), 0)::int AS ojt_len
        FROM ph CROSS JOIN (SELECT ord FROM ph WHERE key = 'ONLINE') o
        LEFT JOIN (SELECT ord FROM ph WHERE key = 'OJT') j ON true
        LEFT JOIN timeline_shifts sh ON sh.cohort_id = c.id AND sh.user_id = e.user_id AND sh.phase = ph.key) w
   WHERE $3::bigint IS NULL OR e.user_id = $3::bigint),
tp AS (SELECT t.*, (t.to_day - t.from_day + 1) AS paid_days FROM t WHERE t.to_day >= t.from_day),
ov AS (
  SELECT o.user_id, bool_or(o.kind = 'EXCUSE_ABSENCES') AS excuse, bool_or(o.kind = 'PAY_IN_FULL') AS in_full,
         json_agg(json_build_object('id_slug', o.id_slug, 'kind', o.kind, 'reason', o.reason) ORDER BY o.id) AS list
    FROM allowance_overrides o
   WHERE o.cohort_id = $1 AND o.month = $2::date AND o.state = 'APPROVED' AND o.kind <> 'UPHOLD'
   GROUP BY o.user_id),
ms AS (
  SELECT tp.user_id, s.id_slug, s.title, s.starts_at, a.id AS entry_id, ${SESSION_ENDED('s')} AS ended,
         ${MARK_STATUS('s', 'a', 'tp.joined_at')} AS raw_status,
         CASE WHEN coalesce(ov.excuse, false) AND ${MARK_STATUS('s', 'a', 'tp.joined_at')} = 'ABSENT' THEN 'EXCUSED'
              ELSE ${MARK_STATUS('s', 'a', 'tp.joined_at')} END AS status
    FROM tp CROSS JOIN m
    JOIN live_sessions s ON s.cohort_id = $1 AND s.starts_at >= m.starts AND s.starts_at < m.ends
     AND s.mandatory AND s.cancelled_at IS NULL
     AND (s.starts_at AT TIME ZONE '${TZ}')::date BETWEEN tp.from_day AND tp.to_day
    LEFT JOIN ov ON ov.user_id = tp.user_id
    ${LATEST_ENTRY('s', 'tp.user_id', 'a')}
   -- A session held before the trainee joined is none of theirs, unless they were marked on it.
   WHERE a.id IS NOT NULL OR ${SESSION_APPLIES('s', 'tp.joined_at')}),
att AS (
  SELECT tp.user_id,
         count(ms.id_slug) FILTER (WHERE ms.ended AND ms.status IN ('PRESENT', 'LATE'))::int AS attended,
         count(ms.id_slug) FILTER (WHERE ms.ended AND ms.status <> 'EXCUSED')::int AS counted,
         count(ms.id_slug) FILTER (WHERE NOT ms.ended)::int AS remaining,
         coalesce(json_agg(json_build_object('session_id_slug', ms.id_slug, 'title', ms.title, 'starts_at', ${ISO('ms.starts_at')},
                    'status', CASE WHEN ms.ended THEN ms.status END, 'entry_id', ms.entry_id,
                    'excused_by_exception', ms.raw_status = 'ABSENT' AND ms.status = 'EXCUSED')
                  ORDER BY ms.starts_at, ms.id_slug) FILTER (WHERE ms.id_slug IS NOT NULL), '[]') AS sessions
    FROM tp LEFT JOIN ms ON ms.user_id = tp.user_id GROUP BY tp.user_id),
isl AS (
  SELECT ms.user_id, ms.id_slug, ms.starts_at, ms.status,
         row_number() OVER (PARTITION BY ms.user_id ORDER BY ms.starts_at, ms.id_slug)
         - row_number() OVER (PARTITION BY ms.user_id, ms.status = 'ABSENT' ORDER BY ms.starts_at, ms.id_slug) AS grp
    FROM ms WHERE ms.ended AND ms.status <> 'EXCUSED'),
streak AS (
  SELECT DISTINCT ON (isl.user_id) isl.user_id, count(*)::int AS n, json_agg(isl.id_slug ORDER BY isl.starts_at) AS sessions
    FROM isl WHERE isl.status = 'ABSENT' GROUP BY isl.user_id, isl.grp ORDER BY isl.user_id, count(*) DESC, min(isl.starts_at)),
it AS (
  SELECT * FROM (
    SELECT tp.user_id, tp.from_day, tp.to_day, g.id_slug, l.title, h.at AS submitted_at,
           coalesce(effective_late_deadline(g.deadline_datetime, g.late_deadline_datetime, x.late_deadline_datetime),
                    effective_deadline(g.deadline_datetime, x.deadline_datetime)) AS closes_at
      FROM tp JOIN cohort_grades g ON g.cohort_id = $1 AND g.is_mandatory AND g.deadline_datetime IS NOT NULL
      JOIN lessons l ON l.id = g.lesson_id
      LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = tp.user_id
      LEFT JOIN LATERAL (
        SELECT min(z.at) AS at FROM (
          SELECT s.submitted_at AS at FROM submissions s WHERE s.cohort_grade_id = g.id AND s.user_id = tp.user_id
          UNION ALL
          SELECT qs.submitted_at FROM quiz_sessions qs JOIN quiz_groups qg ON qg.id = qs.quiz_group_id
           WHERE qg.lesson_id = g.lesson_id AND qs.cohort_id = $1 AND qs.user_id = tp.user_id AND qs.submitted_at IS NOT NULL
          UNION ALL
          SELECT ug.modified_date FROM user_grades ug
           WHERE ug.cohort_grade_id = g.id AND ug.user_id = tp.user_id AND ug.user_submission_status IN ('SUBMITTED', 'GRADED')) z) h ON true
  ) i WHERE (i.closes_at AT TIME ZONE '${TZ}')::date BETWEEN i.from_day AND i.to_day),
sub AS (
  SELECT tp.user_id,
         count(it.id_slug) FILTER (WHERE it.closes_at <= now() OR it.submitted_at <= it.closes_at)::int AS due,
         count(it.id_slug) FILTER (WHERE it.submitted_at <= it.closes_at)::int AS handed_in,
         count(it.id_slug) FILTER (WHERE it.closes_at > now() AND it.submitted_at IS NULL)::int AS open,
         coalesce(json_agg(json_build_object('item_id_slug', it.id_slug, 'title', it.title, 'closes_at', ${ISO('it.closes_at')},
                    'submitted_at', ${ISO('it.submitted_at')}) ORDER BY it.closes_at, it.id_slug) FILTER (WHERE it.id_slug IS NOT NULL), '[]') AS items
    FROM tp LEFT JOIN it ON it.user_id = tp.user_id GROUP BY tp.user_id),
wk AS (
  SELECT tp.user_id, n + 1 AS week, tp.ojt_from + 7 * n AS starts_on, least(tp.ojt_from + 7 * n + 6, tp.ojt_to) AS ends_on,
         coalesce(lw.status, 'DRAFT') AS status
    FROM tp JOIN placements pl ON pl.cohort_id = $1 AND pl.user_id = tp.user_id
    CROSS JOIN LATERAL generate_series(0, (tp.ojt_to - tp.ojt_from) / 7) n
    LEFT JOIN logbook_weeks lw ON lw.placement_id = pl.id AND lw.week_number = n + 1
   WHERE tp.ojt_to >= tp.ojt_from
     AND least(tp.ojt_from + 7 * n + 6, tp.ojt_to) BETWEEN tp.from_day AND tp.to_day),
lb AS (
  SELECT tp.user_id,
         count(wk.week) FILTER (WHERE wk.status = 'APPROVED' OR wk.ends_on + 7 < ${TODAY})::int AS due,
         count(wk.week) FILTER (WHERE wk.status = 'APPROVED')::int AS signed,
         count(wk.week) FILTER (WHERE wk.status <> 'APPROVED' AND wk.ends_on + 7 >= ${TODAY})::int AS open,
         coalesce(json_agg(json_build_object('week', wk.week, 'starts_on', wk.starts_on, 'ends_on', wk.ends_on,
                    'sign_by', wk.ends_on + 7,
                    'state', CASE WHEN wk.status = 'APPROVED' THEN 'SIGNED' WHEN wk.ends_on + 7 < ${TODAY} THEN 'UNSIGNED' ELSE 'OPEN' END)
                  ORDER BY wk.week) FILTER (WHERE wk.week IS NOT NULL), '[]') AS weeks
    FROM tp LEFT JOIN wk ON wk.user_id = tp.user_id GROUP BY tp.user_id),
r AS (
  SELECT tp.*, m.days_in_month, c.monthly_amount_sen, v.id AS rule_version_id, v.id_slug AS version_slug,
         to_char(v.effective_month, 'YYYY-MM') AS effective_month, v.rules,
         a.attended, a.counted, a.remaining, a.sessions, s.due, s.handed_in, s.open, s.items,
         lb.due AS lb_due, lb.signed AS lb_signed, lb.open AS lb_open, lb.weeks AS lb_weeks,
         coalesce(st.n, 0) AS longest, coalesce(st.sessions, '[]') AS streak_sessions,
         coalesce(ov.in_full, false) AS in_full, coalesce(ov.list, '[]') AS exceptions,
         CASE WHEN NOT ${rule('attendance,enabled')}::boolean THEN 'OFF'
              WHEN a.counted = 0 OR a.attended * 100 >= ${rule('attendance,min_percent')}::int * a.counted THEN 'PASS'
              WHEN ${rule('attendance,prorate_from_percent')} IS NOT NULL
                   AND a.attended * 100 >= ${rule('attendance,prorate_from_percent')}::int * a.counted THEN 'PRORATE'
              ELSE 'WITHHOLD' END AS att_result,
         CASE WHEN NOT ${rule('submissions,enabled')}::boolean THEN 'OFF'
              WHEN s.due = s.handed_in THEN 'PASS' ELSE ${rule('submissions,on_fail')} END AS sub_result,
         CASE WHEN NOT ${rule('absence_streak,enabled')}::boolean THEN 'OFF'
              WHEN coalesce(st.n, 0) <= ${rule('absence_streak,max_sessions')}::int THEN 'PASS' ELSE 'WITHHOLD' END AS streak_result,
         -- Versions written before the logbook rule existed have none: off.
         CASE WHEN NOT coalesce(${rule('logbook,enabled')}::boolean, false) THEN 'OFF'
              WHEN lb.due = lb.signed THEN 'PASS' ELSE ${rule('logbook,on_fail')} END AS lb_result
    FROM tp CROSS JOIN m CROSS JOIN c CROSS JOIN v
    JOIN att a ON a.user_id = tp.user_id JOIN sub s ON s.user_id = tp.user_id JOIN lb ON lb.user_id = tp.user_id
    LEFT JOIN streak st ON st.user_id = tp.user_id LEFT JOIN ov ON ov.user_id = tp.user_id),
o AS (
  SELECT r.*, (r.monthly_amount_sen::bigint * r.paid_days / r.days_in_month)::int AS base,
         CASE WHEN r.in_full THEN 'ELIGIBLE'
              WHEN 'WITHHOLD' IN (r.att_result, r.sub_result, r.streak_result, r.lb_result) THEN 'WITHHELD'
              WHEN 'PRORATE' IN (r.att_result, r.sub_result, r.lb_result) THEN 'PRORATED' ELSE 'ELIGIBLE' END AS outcome,
         least(CASE WHEN r.att_result = 'PRORATE' THEN r.attended::numeric / r.counted ELSE 1 END,
               CASE WHEN r.sub_result = 'PRORATE' THEN r.handed_in::numeric / r.due ELSE 1 END,
               CASE WHEN r.lb_result = 'PRORATE' THEN r.lb_signed::numeric / r.lb_due ELSE 1 END) AS factor
    FROM r),
d AS (
  SELECT o.*, CASE o.outcome WHEN 'ELIGIBLE' THEN o.base WHEN 'WITHHELD' THEN 0 ELSE floor(o.base * o.factor)::int END AS amount_sen
    FROM o)
SELECT d.user_id, d.id_slug, d.first_name, d.last_name, d.email, d.rule_version_id, d.outcome, d.amount_sen,
       json_build_object(
         'rule_version', json_build_object('id_slug', d.version_slug, 'effective_month', d.effective_month),
         'paid_days', d.paid_days, 'days_in_month', d.days_in_month,
         'attendance', json_build_object('result', d.att_result, 'attended', d.attended, 'counted', d.counted,
            'percent', round(100.0 * d.attended / nullif(d.counted, 0), 1)::float8,
            'min_percent', ${rule('attendance,min_percent', 'd')}::int,
            'prorate_from_percent', ${rule('attendance,prorate_from_percent', 'd')}::int,
            'remaining', d.remaining, 'sessions', d.sessions),
         'submissions', json_build_object('result', d.sub_result, 'due', d.due, 'handed_in', d.handed_in, 'open', d.open, 'items', d.items),
         'absence_streak', json_build_object('result', d.streak_result, 'longest', d.longest,
            'max_sessions', ${rule('absence_streak,max_sessions', 'd')}::int, 'sessions', d.streak_sessions),
         'logbook', json_build_object('result', d.lb_result, 'due', d.lb_due, 'signed', d.lb_signed, 'open', d.lb_open, 'weeks', d.lb_weeks),
         'exceptions', d.exceptions,
         'formula', concat_ws(' x ', ${RM('d.monthly_amount_sen')},
                      CASE WHEN d.paid_days < d.days_in_month THEN d.paid_days || '/' || d.days_in_month || ' days' END,
                      CASE WHEN d.in_full THEN 'paid in full (exception)'
                           WHEN d.outcome = 'WITHHELD' THEN '0 (withheld)'
                           WHEN d.outcome = 'PRORATED' THEN to_char(floor(d.factor * 1000) / 10, 'FM990.0') || '% (' ||
                             CASE WHEN d.factor = CASE WHEN d.att_result = 'PRORATE' THEN d.attended::numeric / d.counted END THEN 'attendance'
                                  WHEN d.factor = CASE WHEN d.sub_result = 'PRORATE' THEN d.handed_in::numeric / d.due END THEN 'hand-ins'
                                  ELSE 'logbook weeks signed' END || ')' END)
                    || ' = ' || ${RM('d.amount_sen')}) AS trace
  FROM d`;
