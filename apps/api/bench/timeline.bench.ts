import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { benchApp } from './bench-app';
import { TimelineService } from '../src/modules/timeline';

/**
 * The timeline benchmark (`pnpm bench:api -- --only timeline`): one cohort of `students` trainees and
 * `items` quizzes, each with a deadline counted in school days from the Online phase's start and
 * results a week later, and every trainee with a longer Online phase (so each has their own
 * extensions). Moving the cohort's start works out cohort x students dates and writes them: the
 * save is timed end to end (its transaction, the digest mails queued; no worker delivers them meanwhile),
 * the median of `runs`.
 */
export async function runTimelineBench(url: string, ds: DataSource, dataDir: string, students = 300, items = 150, runs = 5) {
  await seed(ds, students, items);
  const app = await benchApp(url, ds, dataDir);
  try {
    const timeline = app.get(TimelineService);
    const admin = { id: '1', id_slug: 'bench-admin', role: 'ADMIN' as const };
    // Every move goes the other way from where the last one left the start (the cohort begins on 1 March).
    let moves = 0;
    /** The median and best of `runs` moves of the start, a week forward and back. */
    const timeMoves = async () => {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const start = moves++ % 2 === 0 ? '2027-03-08' : '2027-03-01';
        const began = performance.now();
        const saved = await timeline.save(admin as never, 'bench-timeline', { start_date: start });
        times.push(performance.now() - began);
        if (saved.moved === 0) throw new Error('timeline bench: the move moved nothing');
      }
      times.sort((a, b) => a - b);
      return { median: times[Math.floor(times.length / 2)], best: times[0] };
    };
    const shifted = await timeMoves();
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM grade_extensions WHERE from_shift`);
    // The same cohort when nobody has a longer phase: the cohort's own dates only.
    await ds.query(`DELETE FROM timeline_shifts`);
    await timeline.save(admin as never, 'bench-timeline', {});
    const plain = await timeMoves();
    const line = (what: string, t: { median: number; best: number }) =>
      `timeline ${what.padEnd(44)} median ${t.median.toFixed(0).padStart(6)} ms, best ${t.best.toFixed(0)} ms of ${runs}`;
    return [
      `timeline: ${students} students x ${items} dated items`,
      line(`move, every student a longer phase (${n} own dates)`, shifted),
      line('move, no student with a longer phase', plain),
      `timeline ${shifted.median < 1000 ? 'meets' : 'MISSES'} target 1000 ms with every student's own dates; ${plain.median < 1000 ? 'meets' : 'MISSES'} it without`,
    ];
  } finally {
    await app.close();
  }
}

/** The cohort, its course of `items` quizzes with rules, `students` enrolled each with a shift: set-based inserts. */
async function seed(ds: DataSource, students: number, items: number) {
  await ds.query(
    `INSERT INTO users (id_slug, email, first_name, last_name, role, password_hash) VALUES ('bench-admin', 'bench-admin@example.test', 'Bench', 'Admin', 'ADMIN', 'x')`,
  );
  await ds.query(`INSERT INTO courses (id_slug, title) VALUES ('bench-course', 'Timeline bench course')`);
  await ds.query(
    `INSERT INTO modules (id_slug, course_id, title, "order") SELECT 'bench-module', id, 'Everything', 0 FROM courses WHERE id_slug = 'bench-course'`,
  );
  await ds.query(
    `INSERT INTO lessons (id_slug, module_id, title, lesson_type, "order")
     SELECT 'bench-quiz-' || i, m.id, 'Quiz ' || i, 'QUIZ', i FROM modules m, generate_series(1, $1) i WHERE m.id_slug = 'bench-module'`,
    [items],
  );
  await ds.query(
    `INSERT INTO cohorts (id_slug, title, start_date, end_date, end_access_date)
     VALUES ('bench-timeline', 'Timeline bench cohort', '2027-03-01T08:00:00+08:00', '2027-06-27T23:59:00+08:00', '2027-12-31T23:59:00+08:00')`,
  );
  // Linking the course makes the default grade items (the trigger).
  await ds.query(
    `INSERT INTO cohort_courses (cohort_id, course_id, "order") SELECT k.id, c.id, 0 FROM cohorts k, courses c WHERE k.id_slug = 'bench-timeline' AND c.id_slug = 'bench-course'`,
  );
  await ds.query(
    `INSERT INTO timeline_rules (cohort_id, item_key, rule)
     SELECT k.id, 'grade:bench-quiz-' || i || ':deadline',
            jsonb_build_object('anchor', jsonb_build_object('kind', 'PHASE_END', 'phase', 'ONLINE'),
                               'offset', jsonb_build_object('amount', -((i % 60) + 5), 'unit', 'SCHOOL_DAYS', 'at', '23:59'))
       FROM cohorts k, generate_series(1, $1) i WHERE k.id_slug = 'bench-timeline'
     UNION ALL
     SELECT k.id, 'grade:bench-quiz-' || i || ':result',
            jsonb_build_object('anchor', jsonb_build_object('kind', 'PHASE_END', 'phase', 'ONLINE'),
                               'offset', jsonb_build_object('amount', 30, 'unit', 'DAYS', 'at', '09:00'))
       FROM cohorts k, generate_series(1, $1) i WHERE k.id_slug = 'bench-timeline'`,
    [items],
  );
  await ds.query(
    `INSERT INTO users (id_slug, email, first_name, last_name, role, password_hash)
     SELECT 'bench-trainee-' || i, 'bench-trainee-' || i || '@example.test', 'Trainee', 'No ' || i, 'STUDENT', 'x' FROM generate_series(1, $1) i`,
    [students],
  );
  await ds.query(
    `INSERT INTO enrolments (cohort_id, user_id, enrolment_status)
     SELECT k.id, u.id, 'ACTIVE' FROM cohorts k, users u WHERE k.id_slug = 'bench-timeline' AND u.id_slug LIKE 'bench-trainee-%'`,
  );
  await ds.query(
    `INSERT INTO timeline_shifts (cohort_id, user_id, phase, days, reason)
     SELECT k.id, u.id, 'ONLINE', 7 + (u.id % 14), 'Bench' FROM cohorts k, users u WHERE k.id_slug = 'bench-timeline' AND u.id_slug LIKE 'bench-trainee-%'`,
  );
  // The first save writes every date from the rules; the timed runs move them.
  await ds.query(`ANALYZE`);
}
