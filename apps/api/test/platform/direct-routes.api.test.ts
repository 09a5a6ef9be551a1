import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setGradeItem } from '../fixtures/grade-item.fixtures';
import { buildCohort, buildCourse, enrolStudent } from '../fixtures/learning.fixtures';
import { SIX_KINDS } from '../fixtures/quiz.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The quiz autosave is answered before the framework (platform/http/direct-routes). Every request
 * below is sent twice: as it is (answered directly) and with a query string added (the route reads
 * none), which the direct path leaves to Express and Nest. Both answers must be the same: status, body, every
 * header (but its date and request id) and the request's log line.
 */
const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let session: string;
let closedSession: string;
let question: string;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', LOG_LEVEL: 'info' }, { logStream });
  const admin = await createUser(t, { role: 'ADMIN' });
  owner = await createUser(t);
  stranger = await createUser(t);
  const course = await buildCourse(t, admin, {
    title: 'Direct routes',
    modules: [{ title: 'M', lessons: ['Q1', 'Q2'].map((title) => ({ title, type: 'QUIZ' as const })) }],
  });
  const cohort = await buildCohort(t, admin, 'Direct', [course.id_slug]);
  await enrolStudent(t, admin, cohort.id_slug, owner);
  await enrolStudent(t, admin, cohort.id_slug, stranger);
  const settings = {
    time_limit_minutes: 30,
    attempts_allowed: 1,
    pass_mark_percentage: 50,
    shuffle_questions: false,
    shuffle_options: false,
    draw_count: null,
  };
  for (const title of ['Q1', 'Q2']) {
    await t.http
      .put(`/api/quizzes/admin/lessons/${course.lessons[title].id_slug}/`)
      .set(bearer(admin))
      .send({ ...settings, questions: SIX_KINDS })
      .expect(200);
    await setGradeItem(t, admin, cohort.id_slug, course.lessons[title].id_slug, {
      grade_percentage: 20,
      result_open_datetime: new Date(Date.now() + 86_400_000).toISOString(),
    });
  }
  const start = (title: string) =>
    t.http.post(`/api/quizzes/cohorts/${cohort.id_slug}/lessons/${course.lessons[title].id_slug}/start/`).set(bearer(owner)).expect(200);
  session = (await start('Q1')).body.session_id_slug;
  const view = await t.http.get(`/api/quizzes/sessions/${session}/`).set(bearer(owner)).expect(200);
  question = view.body.data.questions[0].id_slug;
  closedSession = (await start('Q2')).body.session_id_slug;
  await t.http.post(`/api/quizzes/sessions/${closedSession}/submit/`).set(bearer(owner)).expect(200);
});
afterAll(async () => t?.close());

interface Case {
  name: string;
  /** Refused by the framework's body parsing, before its request logger runs: it writes no line (the direct path does). */
  unloggedByFramework?: boolean;
  path?: () => string;
  headers?: () => Record<string, string>;
  body?: () => string;
}

const CASES: Case[] = [
  { name: 'a saved answer', body: () => JSON.stringify({ answers: [{ question_id_slug: question, answer: 'nand' }] }) },
  { name: 'no token', headers: () => ({}) },
  { name: 'a forged token', headers: () => ({ authorization: `Bearer ${owner.access.slice(0, -4)}AAAA` }) },
  { name: 'another scheme', headers: () => ({ authorization: `Basic ${owner.access}` }) },
  { name: "another student's attempt", headers: () => ({ authorization: `Bearer ${stranger.access}` }) },
  { name: 'a submitted attempt', path: () => `/api/quizzes/sessions/${closedSession}/answers/` },
  { name: 'a malformed attempt id', path: () => `/api/quizzes/sessions/not-an-id/answers/` },
  { name: 'no answers', body: () => '{}' },
  { name: 'an unknown field', body: () => JSON.stringify({ answers: [], extra: 1 }) },
  { name: 'an empty body', body: () => '' },
  { name: 'a body that is not JSON', body: () => '{"answers": [', unloggedByFramework: true },
  { name: 'a JSON string, not an object', body: () => '"answers"', unloggedByFramework: true },
  {
    name: 'a control character',
    unloggedByFramework: true,
    body: () => JSON.stringify({ answers: [{ question_id_slug: question, answer: 'na\u0000nd' }] }),
  },
  { name: 'no trailing slash', path: () => `/api/quizzes/sessions/${session}/answers` },
];

const IGNORED_HEADERS = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

async function send(c: Case, viaFramework: boolean) {
  const path = (c.path?.() ?? `/api/quizzes/sessions/${session}/answers/`) + (viaFramework ? '?via=framework' : '');
  const requestId = `${viaFramework ? 'framework' : 'direct'}-${Math.random().toString(36).slice(2)}`;
  let req = t.http.put(path).set('Content-Type', 'application/json').set('X-Request-Id', requestId);
  for (const [k, v] of Object.entries(c.headers?.() ?? { authorization: `Bearer ${owner.access}` })) req = req.set(k, v);
  const res = await req.send(c.body?.() ?? JSON.stringify({ answers: [{ question_id_slug: question, answer: 'nor' }] }));
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !IGNORED_HEADERS.has(k)));
  // The request's log line (written when the answer is sent), without what differs by nature.
  await new Promise((r) => setTimeout(r, 20));
  const line = lines.find((l) => l.request_id === requestId);
  if (!(viaFramework && c.unloggedByFramework)) expect(line, `the log line of ${requestId}`).toBeDefined();
  const { time: _time, request_id: _id, duration_ms: _ms, ...logged } = line ?? {};
  const { url: _url, ...loggedReq } = (logged.req ?? {}) as Record<string, unknown>;
  return {
    status: res.status,
    body: res.body,
    headers,
    log: { ...logged, req: loggedReq } as Record<string, unknown>,
    echoedId: res.headers['x-request-id'] === requestId,
  };
}

describe('the quiz autosave answered before the framework', () => {
  it.each(CASES)('answers $name exactly as the framework does', async (c) => {
    const direct = await send(c, false);
    const framework = await send(c, true);
    expect(direct.echoedId && framework.echoedId).toBe(true);
    expect(direct.status).toBe(framework.status);
    expect(direct.body).toEqual(framework.body);
    expect(direct.headers).toEqual(framework.headers);
    if (!c.unloggedByFramework) expect(direct.log).toEqual(framework.log);
    expect(direct.log.msg).toEqual(expect.stringMatching(/^PUT \/api\/quizzes\/sessions\/\S+ \d{3}$/));
  });

  it('counts the direct answers in the request metrics under the route pattern', async () => {
    const metrics = await t.http.get('/api/metrics').expect(200);
    const line = metrics.text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('http_requests_total{') &&
          l.includes('route="/api/quizzes/sessions/:sessionId/answers"') &&
          l.includes('status_code="200"'),
      );
    expect(line).toBeDefined();
  });

  it('saves the answer it answers for', async () => {
    const rows = await t.ds.query(`SELECT a.answer FROM quiz_answers a JOIN quiz_sessions s ON s.id = a.session_id WHERE s.id_slug = $1`, [
      session,
    ]);
    expect(rows.map((r: { answer: unknown }) => r.answer)).toContain('nor');
  });
});
