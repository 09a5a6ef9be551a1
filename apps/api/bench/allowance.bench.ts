import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { benchApp } from './bench-app';
import { AllowanceService } from '../src/modules/allowance/allowance.service';
import { DECIDE_MONTH } from '../src/modules/allowance/allowance-decision.sql';

const MONTH = '2026-03';

/**
 * The allowance benchmark (`pnpm bench:api -- --only allowance`): `cohorts` cohorts of `trainees`
 * trainees each, in March 2026: 12 mandatory sessions with every trainee marked (present, late, absent
 * or excused), 4 mandatory hand-ins most handed in. Times the decision's SELECT alone (the bare SQL,
 * median of `runs` on the first cohort) beside the run of each cohort end to end (the ledger's insert,
 * the run's row, a statement mail queued per trainee, in one transaction; no worker sends them).
 */
export async function runAllowanceBench(url: string, ds: DataSource, dataDir: string, trainees = 1000, cohorts = 3, runs = 5) {
  await seed(ds, trainees, cohorts);
  const app = await benchApp(url, ds, dataDir);
  try {
    const [{ id: firstCohort }] = await ds.query(`SELECT id FROM cohorts WHERE id_slug = 'bench-allowance-1'`);
    const bare: number[] = [];
    let decided = 0;
    for (let run = 0; run < runs; run++) {
      const began = performance.now();
      decided = (await ds.query(DECIDE_MONTH, [firstCohort, `${MONTH}-01`, null])).length;
      bare.push(performance.now() - began);
    }
    const service = app.get(AllowanceService);
    const admin = { id: '1', id_slug: 'bench-admin', role: 'ADMIN' as const };
    const full: number[] = [];
    for (let c = 1; c <= cohorts; c++) {
      const began = performance.now();
      const r = await service.run(admin, `bench-allowance-${c}`, MONTH);
      full.push(performance.now() - began);
      if (r.data.decided !== trainees) throw new Error(`allowance bench: decided ${r.data.decided} of ${trainees}`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM allowance_ledger`);
    const [{ outcomes }] = await ds.query(
      `SELECT json_object_agg(outcome, k) AS outcomes FROM (SELECT outcome, count(*) AS k FROM allowance_ledger GROUP BY outcome) x`,
    );
    return [
      `allowance: ${cohorts} cohorts x ${trainees} trainees, 12 sessions and 4 hand-ins each in ${MONTH}`,
      `allowance decision SELECT alone (bare SQL, ${decided} trainees)   median ${median(bare).toFixed(0).padStart(6)} ms, best ${Math.min(...bare).toFixed(0)} ms of ${runs}`,
      `allowance run of a cohort (ledger, run row, ${trainees} mails queued) median ${median(full).toFixed(0).padStart(6)} ms, best ${Math.min(...full).toFixed(0)} ms of ${cohorts}`,
      `allowance ledger: ${n} entries, ${JSON.stringify(outcomes)}`,
      `allowance ${median(full) < 2000 ? 'meets' : 'MISSES'} target 2000 ms for ${trainees} trainees decided`,
    ];
  } finally {
    await app.close();
  }
}

/** The programme, `cohorts` cohorts starting 1 February 2026, their trainees, sessions, marks, items and hand-ins: set-based inserts. */
async function seed(ds: DataSource, trainees: number, cohorts: number) {
  await ds.query(
    `INSERT INTO users (id_slug, email, first_name, last_name, role, password_hash) VALUES ('bench-admin', 'bench-admin@example.test', 'Bench', 'Admin', 'ADMIN', 'x')`,
  );
  await ds.query(
    `INSERT INTO allowance_programmes (id_slug, title, monthly_amount_sen) VALUES ('bench-programme', 'Bench programme', 250000)`,
  );
  await ds.query(
    `INSERT INTO allowance_rule_versions (programme_id, effective_month, rules)
     SELECT id, '2026-01-01', '{"attendance":{"enabled":true,"min_percent":75,"prorate_from_percent":50},
                                "submissions":{"enabled":true,"on_fail":"PRORATE"},"absence_streak":{"enabled":true,"max_sessions":3}}'
       FROM allowance_programmes`,
  );
  await ds.query(`INSERT INTO courses (id_slug, title) VALUES ('bench-course', 'Allowance bench course')`);
  await ds.query(`INSERT INTO modules (id_slug, course_id, title, "order") SELECT 'bench-module', id, 'Everything', 0 FROM courses`);
  await ds.query(
    `INSERT INTO lessons (id_slug, module_id, title, lesson_type, "order")
     SELECT 'bench-project-' || i, m.id, 'Project ' || i, 'PROJECT', i FROM modules m, generate_series(1, 4) i`,
  );
  await ds.query(
    `INSERT INTO cohorts (id_slug, title, start_date, end_date, end_access_date, allowance_programme_id)
     SELECT 'bench-allowance-' || c, 'Allowance bench cohort ' || c, '2026-02-01T00:00:00+08:00', '2026-06-30T23:59:00+08:00',
            '2026-12-31T23:59:00+08:00', p.id
       FROM generate_series(1, $1) c, allowance_programmes p`,
    [cohorts],
  );
  // Linking the course makes the default grade items; each gets a March deadline.
  await ds.query(`INSERT INTO cohort_courses (cohort_id, course_id, "order") SELECT k.id, c.id, 0 FROM cohorts k, courses c`);
  await ds.query(
    `UPDATE cohort_grades g SET is_mandatory = true,
            deadline_datetime = '2026-03-01T23:59:00+08:00'::timestamptz + (substring(l.id_slug FROM '\\d+$')::int * 6) * interval '1 day'
       FROM lessons l WHERE l.id = g.lesson_id`,
  );
  await ds.query(
    `INSERT INTO users (id_slug, email, first_name, last_name, role, password_hash)
     SELECT 'bench-trainee-' || i, 'bench-trainee-' || i || '@example.test', 'Trainee', 'No ' || i, 'STUDENT', 'x'
       FROM generate_series(1, $1::int * $2::int) i`,
    [trainees, cohorts],
  );
  await ds.query(
    `INSERT INTO enrolments (cohort_id, user_id, enrolment_status)
     SELECT k.id, u.id, 'ACTIVE' FROM users u
       JOIN cohorts k ON k.id_slug = 'bench-allowance-' || (1 + (substring(u.id_slug FROM '\\d+$')::int - 1) / $1::int)
      WHERE u.id_slug LIKE 'bench-trainee-%'`,
    [trainees],
  );
  await ds.query(
    `INSERT INTO live_sessions (cohort_id, title, starts_at, duration_minutes, mode, place, mandatory)
     SELECT k.id, 'Session ' || d, '2026-03-01T10:00:00+08:00'::timestamptz + (d * 2) * interval '1 day', 90, 'ON_SITE', 'Lab', true
       FROM cohorts k, generate_series(1, 12) d`,
  );
  // Every trainee marked on every session: mostly present, some late, absent or excused.
  await ds.query(
    `INSERT INTO attendance_entries (session_id, user_id, status, reason, source)
     SELECT s.id, e.user_id, x.status, CASE WHEN x.status = 'EXCUSED' THEN 'Medical' END, 'HAND'
       FROM live_sessions s JOIN enrolments e ON e.cohort_id = s.cohort_id
      CROSS JOIN LATERAL (SELECT CASE (e.user_id * 7 + s.id * 13) % 10 WHEN 0 THEN 'ABSENT' WHEN 1 THEN 'ABSENT' WHEN 2 THEN 'LATE'
                                       WHEN 3 THEN 'EXCUSED' ELSE 'PRESENT' END AS status) x`,
  );
  await ds.query(
    `INSERT INTO submissions (cohort_grade_id, user_id, submitted_at)
     SELECT g.id, e.user_id, g.deadline_datetime - interval '1 day'
       FROM cohort_grades g JOIN enrolments e ON e.cohort_id = g.cohort_id WHERE (e.user_id + g.id) % 9 <> 0`,
  );
  await ds.query(`ANALYZE`);
}
