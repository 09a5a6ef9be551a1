import { SaveAnswersSchema } from '@school/contracts';
import type pg from 'pg';
import { attemptView, lockStartTarget, openSession, saveAnswers, sessionView, submitAttempt } from '../src/modules/quizzes';
import {
  type CeilingAnswer,
  type CeilingRequest,
  type Scenario,
  type ScenarioContext,
  type SimulatedServer,
  type Simulation,
  userOf,
} from './scenario';

/** One timed quiz taken by this many students of one cohort at once. */
export const QUIZ_STUDENTS = 300;
const QUIZ_TITLE = 'Bench timed quiz';
/** The bank: every kind the server scores, and free text for hand grading. */
const BANK = [
  {
    kind: 'SINGLE_CHOICE',
    options: [
      { key: 'a', text: 'A', is_correct: true },
      { key: 'b', text: 'B', is_correct: false },
    ],
    key: {},
  },
  {
    kind: 'MULTIPLE_CHOICE',
    options: [
      { key: 'a', text: 'A', is_correct: true },
      { key: 'b', text: 'B', is_correct: true },
    ],
    key: {},
  },
  { kind: 'TRUE_FALSE', options: [], key: { correct_boolean: true } },
  { kind: 'NUMERIC', options: [], key: { correct_number: 3.3, tolerance: 0.1 } },
  { kind: 'SHORT_TEXT', options: [], key: { accepted_answers: ['flip-flop'] } },
  { kind: 'FREE_TEXT', options: [], key: {} },
  { kind: 'NUMERIC', options: [], key: { correct_number: 42, tolerance: 0 } },
  { kind: 'SHORT_TEXT', options: [], key: { accepted_answers: ['nand'] } },
  { kind: 'NUMERIC', options: [], key: { correct_number: 1.8, tolerance: 0.05 } },
  { kind: 'FREE_TEXT', options: [], key: {} },
] as const;

export interface QuizBench {
  cohortId: string;
  /** The start route's address of the quiz: /api/quizzes/cohorts/<cohort>/lessons/<lesson>/start/. */
  startPath: string;
  groupId: string;
  gradeId: string;
  lessonId: string;
  questions: { id_slug: string; kind: string }[];
  students: { id: string; id_slug: string; session: string; token: string }[];
}

let prepared: QuizBench | undefined;

/**
 * The quiz of the benchmark, made once: a course with a QUIZ lesson and its bank, a cohort of
 * QUIZ_STUDENTS seeded students with an OPEN grade item, and one open attempt per student.
 */
export async function prepareQuiz(ctx: ScenarioContext): Promise<QuizBench> {
  if (prepared) return prepared;
  const db = ctx.db;
  const [course] = await db.query(`INSERT INTO courses (title) VALUES ($1) RETURNING id`, [QUIZ_TITLE]);
  const [mod] = await db.query(`INSERT INTO modules (course_id, title) VALUES ($1, 'Quiz') RETURNING id`, [course.id]);
  const [lesson] = await db.query(`INSERT INTO lessons (module_id, title, lesson_type) VALUES ($1, $2, 'QUIZ') RETURNING id, id_slug`, [
    mod.id,
    QUIZ_TITLE,
  ]);
  const [cohort] = await db.query(
    `INSERT INTO cohorts (title, start_date, end_date, end_access_date) VALUES ($1, now() - interval '1 day', now() + interval '30 days', now() + interval '60 days') RETURNING id, id_slug`,
    [QUIZ_TITLE],
  );
  await db.query(`INSERT INTO cohort_courses (cohort_id, course_id) VALUES ($1, $2)`, [cohort.id, course.id]);
  const [group] = await db.query(
    `INSERT INTO quiz_groups (lesson_id, time_limit_minutes, attempts_allowed) VALUES ($1, 30, 1) RETURNING id`,
    [lesson.id],
  );
  const questions: { id: string; id_slug: string; kind: string }[] = await db.query(
    `INSERT INTO quiz_questions (quiz_group_id, "order", kind, prompt, points, options, answer_key)
     SELECT $1, o - 1, q->>'kind', 'Question ' || o, 1, q->'options', q->'key' FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY t(q, o)
     RETURNING id, id_slug, kind`,
    [group.id, JSON.stringify(BANK)],
  );
  const [grade] = await db.query(
    // The link may already have made the lesson's default item: this one replaces it.
    `INSERT INTO cohort_grades (cohort_id, lesson_id, submission_status, grade_percentage) VALUES ($1, $2, 'OPEN', 10)
     ON CONFLICT (cohort_id, lesson_id) DO UPDATE SET submission_status = 'OPEN', grade_percentage = 10, is_default = false
     RETURNING id`,
    [cohort.id, lesson.id],
  );
  const users: { id: string; id_slug: string }[] = await db.query(
    `SELECT id, id_slug FROM users WHERE role = 'STUDENT' ORDER BY id LIMIT $1`,
    [QUIZ_STUDENTS],
  );
  await db.query(`INSERT INTO enrolments (cohort_id, user_id) SELECT $1, unnest($2::bigint[])`, [cohort.id, users.map((u) => u.id)]);
  const ids = questions.map((q) => q.id);
  const sessions: { user_id: string; id_slug: string }[] = await db.query(
    `INSERT INTO quiz_sessions (quiz_group_id, cohort_id, user_id, attempt_number, question_ids, deadline_at)
     SELECT $1, $2, u, 1, $4::bigint[], now() + interval '1 hour' FROM unnest($3::bigint[]) u RETURNING user_id, id_slug`,
    [group.id, cohort.id, users.map((u) => u.id), ids],
  );
  const bySession = new Map(sessions.map((s) => [String(s.user_id), s.id_slug]));
  prepared = {
    cohortId: cohort.id,
    startPath: `/api/quizzes/cohorts/${cohort.id_slug}/lessons/${lesson.id_slug}/start/`,
    groupId: group.id,
    gradeId: grade.id,
    lessonId: lesson.id,
    questions,
    students: users.map((u) => ({ ...u, session: bySession.get(String(u.id))!, token: ctx.tokenFor({ ...u, role: 'STUDENT' }) })),
  };
  return prepared;
}

/** Every attempt open again, empty, with its deadline `seconds` from now; no grade, no completion. */
export async function reopenQuiz(ctx: ScenarioContext, seconds = 3600) {
  const q = await prepareQuiz(ctx);
  await ctx.db.query(`DELETE FROM quiz_answers a USING quiz_sessions s WHERE a.session_id = s.id AND s.quiz_group_id = $1`, [q.groupId]);
  await ctx.db.query(
    `UPDATE quiz_sessions SET submitted_at = NULL, score = NULL, max_score = NULL, deadline_at = now() + make_interval(secs => $2) WHERE quiz_group_id = $1`,
    [q.groupId, seconds],
  );
  await ctx.db.query(`DELETE FROM user_grades WHERE cohort_grade_id = $1`, [q.gradeId]);
  await ctx.db.query(`DELETE FROM lesson_completions WHERE lesson_id = $1`, [q.lessonId]);
}

/** An answer of the right shape for a kind; `n` makes each one different. */
export function answerFor(kind: string, n: number): unknown {
  switch (kind) {
    case 'SINGLE_CHOICE':
      return n % 2 ? 'a' : 'b';
    case 'MULTIPLE_CHOICE':
      return n % 2 ? ['a', 'b'] : ['a'];
    case 'TRUE_FALSE':
      return n % 2 === 1;
    case 'NUMERIC':
      return n;
    default:
      return `answer ${n}`;
  }
}

/** The ceiling's autosave: the API's statement on plain pg. */
export async function ceilingAutosave(client: pg.PoolClient, req: CeilingRequest): Promise<CeilingAnswer> {
  const m = /^\/api\/quizzes\/sessions\/([^/]+)\/answers\/?$/.exec(req.url.pathname);
  if (!m) return { status: 404, body: { message: 'Not found' } };
  const body = SaveAnswersSchema.parse(req.body);
  const res = await saveAnswers(client, m[1], userOf(req), body.answers);
  if (res.open === 0) return { status: 409, body: { message: 'closed' } };
  return { status: 200, body: { saved: res.saved } };
}

/** The ceiling's start of an attempt already open (the whole class has one): lock the target, resume it. */
export async function ceilingStart(client: pg.PoolClient, req: CeilingRequest): Promise<CeilingAnswer> {
  const m = /^\/api\/quizzes\/cohorts\/([^/]+)\/lessons\/([^/]+)\/start\/?$/.exec(req.url.pathname);
  if (!m) return { status: 404, body: { message: 'Not found' } };
  const uid = userOf(req);
  try {
    await client.query('BEGIN');
    const t = await lockStartTarget(client, m[1], m[2], uid);
    const open = t?.group_id ? await openSession(client, t.group_id, t.cohort_id, uid) : undefined;
    await client.query('COMMIT');
    if (!open) return { status: 404, body: { message: 'Not found' } };
    return { status: 201, body: { session_id_slug: open.id_slug, resumed: true } };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

/** The ceiling's submission: the API's statements in one transaction, then the attempt as the API answers it. */
export async function ceilingSubmit(client: pg.PoolClient, req: CeilingRequest): Promise<CeilingAnswer> {
  const m = /^\/api\/quizzes\/sessions\/([^/]+)\/submit\/?$/.exec(req.url.pathname);
  if (!m) return { status: 404, body: { message: 'Not found' } };
  const uid = userOf(req);
  try {
    await client.query('BEGIN');
    const found = await submitAttempt(client, m[1], uid);
    await client.query('COMMIT');
    if (!found) return { status: 404, body: { message: 'Not found' } };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
  const row = await sessionView(client, m[1], uid);
  return { status: 200, body: { data: attemptView(row!) } };
}

/**
 * Autosave at full speed: QUIZ_STUDENTS connections, each request one answer of one student's
 * open attempt (every student and question in turn), against the ceiling running the same statement.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const percentile = (values: number[], p: number) => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));

/** Seconds the simulated quiz runs (BENCH_QUIZ_SECONDS), each student saving an answer every 2 to 4 s. */
const QUIZ_SECONDS = Number(process.env.BENCH_QUIZ_SECONDS ?? 30);

/**
 * The class taking the quiz: every student saves an answer every 2 to 4 seconds until the
 * deadline, then all submit at the deadline at once. Afterwards every answer a server acknowledged
 * must be the one stored (none lost) and every attempt submitted.
 */
async function timedQuiz(ctx: ScenarioContext, server: SimulatedServer): Promise<Simulation> {
  const q = await prepareQuiz(ctx);
  await reopenQuiz(ctx, QUIZ_SECONDS);
  const deadline = Date.now() + QUIZ_SECONDS * 1000;
  const saves: number[] = [];
  const submits: number[] = [];
  let failedSaves = 0;
  let failedSubmits = 0;
  const acked = new Map<string, unknown>();
  let counter = 0;
  // The class opens the quiz together: every student's start at the same instant. A start the
  // server refuses (any answer but 2xx: a 503 of a pool that made it wait too long) is counted.
  const startTimes: number[] = [];
  const starts = await Promise.all(
    q.students.map(async (s) => {
      const started = performance.now();
      const res = await server.send({ method: 'POST', path: q.startPath, headers: { authorization: `Bearer ${s.token}` } });
      startTimes.push(performance.now() - started);
      return res.status;
    }),
  );
  const refusedStarts = starts.filter((status) => status < 200 || status >= 300).length;
  await Promise.all(
    q.students.map(async (s, i) => {
      await sleep(Math.random() * 3000);
      for (let turn = 0; Date.now() < deadline - 500; turn++) {
        const question = q.questions[(i + turn) % q.questions.length];
        const answer = answerFor(question.kind, ++counter);
        const started = performance.now();
        const res = await server.send({
          method: 'PUT',
          path: `/api/quizzes/sessions/${s.session}/answers/`,
          headers: { authorization: `Bearer ${s.token}` },
          body: JSON.stringify({ answers: [{ question_id_slug: question.id_slug, answer }] }),
        });
        saves.push(performance.now() - started);
        if (res.status === 200) acked.set(`${s.session}/${question.id_slug}`, answer);
        else failedSaves++;
        await sleep(Math.min(2000 + Math.random() * 2000, deadline - 500 - Date.now()));
      }
      await sleep(deadline - Date.now());
      const started = performance.now();
      const res = await server.send({
        method: 'POST',
        path: `/api/quizzes/sessions/${s.session}/submit/`,
        headers: { authorization: `Bearer ${s.token}` },
      });
      submits.push(performance.now() - started);
      if (res.status !== 200) failedSubmits++;
    }),
  );
  const stored: { session: string; question: string; answer: unknown }[] = await ctx.db.query(
    `SELECT s.id_slug AS session, qq.id_slug AS question, a.answer
       FROM quiz_answers a JOIN quiz_sessions s ON s.id = a.session_id JOIN quiz_questions qq ON qq.id = a.question_id
      WHERE s.quiz_group_id = $1`,
    [q.groupId],
  );
  const byKey = new Map(stored.map((r) => [`${r.session}/${r.question}`, JSON.stringify(r.answer)]));
  let lost = 0;
  for (const [key, answer] of acked) if (byKey.get(key) !== JSON.stringify(answer)) lost++;
  const [{ open }] = await ctx.db.query(
    `SELECT count(*)::int AS open FROM quiz_sessions WHERE quiz_group_id = $1 AND submitted_at IS NULL`,
    [q.groupId],
  );
  const name = `timed quiz ${q.students.length} students`.padEnd(28);
  const figures = {
    students: q.students.length,
    refusedStarts,
    autosaveP50: percentile(saves, 50),
    autosaveP99: percentile(saves, 99),
    failedSaves,
    submitP50: percentile(submits, 50),
    submitP99: percentile(submits, 99),
    failedSubmits,
    lost,
    acked: acked.size,
    open,
  };
  const lines = [
    `${name} ${server.name.padEnd(8)} ${q.students.length} starts at once p50 ${ms(percentile(startTimes, 50))} ms p99 ${ms(percentile(startTimes, 99))} ms (${refusedStarts} refused; ${starts.filter((st) => st === 503).length} answered 503)`,
    `${name} ${server.name.padEnd(8)} autosave n=${saves.length} p50 ${ms(percentile(saves, 50))} ms p99 ${ms(percentile(saves, 99))} ms (${failedSaves} refused); ` +
      `submit at the deadline p50 ${ms(percentile(submits, 50))} ms p99 ${ms(percentile(submits, 99))} ms (${failedSubmits} failed); ` +
      `answers lost ${lost} of ${acked.size}; attempts left open ${open}`,
  ];
  return { lines, figures };
}

/** Targets of the timed class, as ratios to the ceiling's figures in the same run. */
export const TIMED_QUIZ_TARGETS = { maxP99Ratio: 1.5, lost: 0, refusedStarts: 0 };

/**
 * The Nest app's timed class beside the ceiling's: autosave and submit-at-the-deadline p50/p99 of
 * both, the p99 ratios against their target, and the answers lost and starts refused against none.
 */
export function compareTimedQuiz(nest: Simulation, ceiling: Simulation): string[] {
  const n = nest.figures;
  const c = ceiling.figures;
  const name = `timed quiz ${n.students} students`.padEnd(28);
  const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
  const latency = (label: string, p50: 'autosaveP50' | 'submitP50', p99: 'autosaveP99' | 'submitP99') => {
    const ratio = n[p99] / c[p99];
    return (
      `${name} ${label}: p50 nest ${ms(n[p50])} / ceiling ${ms(c[p50])} ms, p99 nest ${ms(n[p99])} / ceiling ${ms(c[p99])} ms; ` +
      `p99 ratio ${Number.isNaN(ratio) ? '-' : ratio.toFixed(2)} (${verdict(ratio <= TIMED_QUIZ_TARGETS.maxP99Ratio)} target <= ${TIMED_QUIZ_TARGETS.maxP99Ratio}x the ceiling)`
    );
  };
  return [
    latency('autosave', 'autosaveP50', 'autosaveP99'),
    latency('submit at the deadline', 'submitP50', 'submitP99'),
    `${name} nest: answers lost ${n.lost} of ${n.acked} (${verdict(n.lost <= TIMED_QUIZ_TARGETS.lost)} target ${TIMED_QUIZ_TARGETS.lost}); ` +
      `starts refused ${n.refusedStarts} of ${n.students} (${verdict(n.refusedStarts <= TIMED_QUIZ_TARGETS.refusedStarts)} target ${TIMED_QUIZ_TARGETS.refusedStarts}); ` +
      `saves refused ${n.failedSaves}, submits failed ${n.failedSubmits}, attempts left open ${n.open}`,
  ];
}

export const quizAutosaveScenario: Scenario = {
  name: 'quiz autosave',
  // Its own course, quiz and cohort, taken by that many seeded students.
  seed: { students: QUIZ_STUDENTS },
  reset: (ctx) => reopenQuiz(ctx),
  async requests(ctx) {
    const q = await prepareQuiz(ctx);
    return q.students.flatMap((s, i) =>
      q.questions.map((question, j) => ({
        method: 'PUT' as const,
        path: `/api/quizzes/sessions/${s.session}/answers/`,
        headers: { authorization: `Bearer ${s.token}` },
        body: JSON.stringify({ answers: [{ question_id_slug: question.id_slug, answer: answerFor(question.kind, i + j) }] }),
      })),
    );
  },
  ceiling: (client, req) =>
    req.url.pathname.endsWith('/submit/')
      ? ceilingSubmit(client, req)
      : req.url.pathname.endsWith('/start/')
        ? ceilingStart(client, req)
        : ceilingAutosave(client, req),
  connections: [QUIZ_STUDENTS, 50],
  targets: { minRatio: 0.75 },
  simulate: timedQuiz,
  compareSimulations: compareTimedQuiz,
};

export const quizScenarios: Scenario[] = [quizAutosaveScenario];
