import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { benchApp } from './bench-app';
import { TimelineService } from '../src/modules/timeline';
import { EvidencePackService } from '../src/modules/placements/evidence-pack.service';

/**
 * The evidence pack benchmark (`pnpm bench:api -- --only evidence`): a cohort of `trainees` placed
 * trainees whose 16 OJT weeks are all over, every week logged (5 days of tasks and evidence),
 * submitted and signed or returned and signed after a resubmission, and 12 live sessions with every
 * trainee marked. Times the cohort's job end to end (two reads, every trainee's PDF and CSV, the
 * cohort CSV, the ZIP stored with its row), and one trainee's PDF alone, the median of `runs`.
 */
export async function runEvidencePackBench(url: string, ds: DataSource, dataDir: string, trainees = 200, runs = 5) {
  await seedCohort(ds, trainees);
  const app = await benchApp(url, ds, dataDir);
  try {
    const [{ id: cohortId }] = await ds.query(`SELECT id FROM cohorts WHERE id_slug = 'bench-evidence'`);
    const window = (await app.get(TimelineService).phaseWindows(ds, [String(cohortId)], 'OJT')).get(String(cohortId))!.cohort;
    await seedLogbooks(ds, window.start);
    const packs = app.get(EvidencePackService);
    const admin = { id: '1', id_slug: 'bench-admin', role: 'ADMIN' as const };

    const single: number[] = [];
    const [{ id_slug: placement }] = await ds.query(`SELECT id_slug FROM placements ORDER BY id LIMIT 1`);
    for (let run = 0; run < runs; run++) {
      const began = performance.now();
      await packs.forStaff(admin, placement, 'pdf');
      single.push(performance.now() - began);
    }

    const queued = await packs.request(admin, 'bench-evidence');
    const [{ id: packId }] = await ds.query(`SELECT id FROM evidence_packs WHERE id_slug = $1`, [queued.id_slug]);
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    await packs.produce(String(packId));
    const cohortMs = performance.now() - began;
    // The process's own CPU time beside the wall clock: on a shared machine the two part ways.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const [done] = (await packs.list('bench-evidence')).data;
    if (done.state !== 'READY' || done.done !== trainees)
      throw new Error(`evidence bench: the pack is ${done.state} with ${done.done} of ${trainees}`);
    const [{ days, events }] = await ds.query(
      `SELECT (SELECT count(*)::int FROM logbook_days) AS days, (SELECT count(*)::int FROM logbook_week_events) AS events`,
    );
    const median = [...single].sort((a, b) => a - b)[Math.floor(single.length / 2)];
    return [
      `evidence pack: ${trainees} trainees x 16 weeks from ${window.start}, ${days} logged days, ${events} sign-off events, 12 live sessions`,
      `evidence pack of one trainee (PDF, two reads)          median ${median.toFixed(0).padStart(6)} ms, best ${Math.min(...single).toFixed(0)} ms of ${runs}`,
      `evidence pack of the cohort (job: ${trainees} PDFs + CSVs, ZIP ${((done.size_bytes ?? 0) / 1024 / 1024).toFixed(1)} MB) ${cohortMs.toFixed(0).padStart(6)} ms, of which ${cpuMs.toFixed(0)} ms CPU in this process (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
      `evidence pack ${cohortMs < 120_000 ? 'meets' : 'MISSES'} target 120000 ms for a cohort of ${trainees}`,
    ];
  } finally {
    await app.close();
  }
}

/** The admin, a cohort whose OJT phase is over, its trainees placed with one host, 12 sessions with every mark: set-based inserts. */
async function seedCohort(ds: DataSource, trainees: number) {
  await ds.query(
    `INSERT INTO users (id_slug, email, first_name, last_name, role, password_hash) VALUES
       ('bench-admin', 'bench-admin@example.test', 'Bench', 'Admin', 'ADMIN', 'x'),
       ('bench-coach', 'bench-coach@example.test', 'Siti', 'Coach', 'INSTRUCTOR', 'x')`,
  );
  // Started in January 2026: the 119-day Online phase and the 16 OJT weeks after it have ended.
  await ds.query(
    `INSERT INTO cohorts (id_slug, title, start_date, end_date, end_access_date)
     VALUES ('bench-evidence', 'Evidence bench cohort', '2026-01-05T00:00:00+08:00', '2026-10-30T23:59:00+08:00', '2026-12-31T23:59:00+08:00')`,
  );
  await ds.query(
    `INSERT INTO users (id_slug, email, first_name, last_name, role, password_hash)
     SELECT 'bench-trainee-' || i, 'bench-trainee-' || i || '@example.test', 'Trainee', 'No ' || i, 'STUDENT', 'x'
       FROM generate_series(1, $1::int) i`,
    [trainees],
  );
  await ds.query(
    `INSERT INTO enrolments (cohort_id, user_id, enrolment_status)
     SELECT k.id, u.id, 'ACTIVE' FROM users u, cohorts k WHERE u.id_slug LIKE 'bench-trainee-%'`,
  );
  await ds.query(
    `INSERT INTO host_companies (name, registration_number, sites)
     VALUES ('Penang Wafer Fab Sdn Bhd', '201901234567', '[{"name": "Fab 2", "address": "Bayan Lepas Industrial Zone, Penang"}]')`,
  );
  await ds.query(
    `INSERT INTO placements (cohort_id, user_id, host_company_id, site, supervisor_name, supervisor_email, supervisor_phone,
                             weekly_hours_target, coach_id)
     SELECT e.cohort_id, e.user_id, h.id, 'Fab 2', 'Encik Rahman bin Yusof', 'rahman@pwf.example', '+60 4-643 2100', 40,
            (SELECT id FROM users WHERE id_slug = 'bench-coach')
       FROM enrolments e, host_companies h`,
  );
  await ds.query(
    `INSERT INTO live_sessions (cohort_id, title, starts_at, duration_minutes, mode, place, mandatory)
     SELECT k.id, 'OJT check-in ' || d, '2026-05-08T10:00:00+08:00'::timestamptz + (d * 7) * interval '1 day', 90, 'ON_SITE', 'Lab', true
       FROM cohorts k, generate_series(1, 12) d`,
  );
  await ds.query(
    `INSERT INTO attendance_entries (session_id, user_id, status, reason, source)
     SELECT s.id, e.user_id, x.status, CASE WHEN x.status = 'EXCUSED' THEN 'Medical' END, 'HAND'
       FROM live_sessions s JOIN enrolments e ON e.cohort_id = s.cohort_id
      CROSS JOIN LATERAL (SELECT CASE (e.user_id * 7 + s.id * 13) % 10 WHEN 0 THEN 'ABSENT' WHEN 2 THEN 'LATE'
                                       WHEN 3 THEN 'EXCUSED' ELSE 'PRESENT' END AS status) x`,
  );
}

/** Every placement's 16 weeks from `ojtStart`: 5 days each, submitted and approved (one in eight returned first). */
async function seedLogbooks(ds: DataSource, ojtStart: string) {
  await ds.query(
    `INSERT INTO logbook_weeks (placement_id, week_number, status) SELECT pl.id, w, 'APPROVED' FROM placements pl, generate_series(1, 16) w`,
  );
  await ds.query(
    `INSERT INTO logbook_days (week_id, day, hours, tasks, job_role, evidence)
     SELECT w.id, $1::date + (w.week_number - 1) * 7 + d, CASE WHEN d = 4 THEN 7.5 ELSE 8 END,
            'Ran the wet bench for lot ' || (w.id * 10 + d) || ' under supervision, logged particle counts every two hours, '
              || 'cleaned and requalified the bath after the shift and handed over to the night technician',
            'Wafer Fab Process Engineer',
            'Shift log entries ' || (d * 4) || '-' || (d * 4 + 3) || ', counter sheet PC-7 signed by the line lead; no photos allowed in the cleanroom'
       FROM logbook_weeks w, generate_series(0, 4) d`,
    [ojtStart],
  );
  await ds.query(
    `INSERT INTO logbook_week_events (week_id, kind, by_name, comment, created_at)
     SELECT w.id, x.kind, CASE WHEN x.kind = 'SUBMITTED' THEN 'Trainee' ELSE 'Encik Rahman bin Yusof' END,
            CASE x.kind WHEN 'RETURNED' THEN 'Add the lot numbers to Thursday' WHEN 'APPROVED' THEN 'Good week' ELSE '' END,
            ($1::date + w.week_number * 7)::timestamptz + x.n * interval '1 day'
       FROM logbook_weeks w
      CROSS JOIN LATERAL (VALUES (1, 'SUBMITTED'), (2, 'RETURNED'), (3, 'SUBMITTED'), (4, 'APPROVED')) AS x(n, kind)
      WHERE w.id % 8 = 0 OR x.n IN (1, 4)`,
    [ojtStart],
  );
  await ds.query(`ANALYZE`);
}
