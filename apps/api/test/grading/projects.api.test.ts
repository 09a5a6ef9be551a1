import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { GradingService } from '../../src/modules/grading/grading.service';
import { IncomingSweep } from '../../src/platform/storage/incoming-sweep';
import { linkInstructor } from '../fixtures/admin.fixtures';
import { buildCohort, buildCourse, enrolStudent } from '../fixtures/learning.fixtures';
import { forgedSizeEntry, makeZip, symlinkEntry } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Projects and grading over HTTP: the hand-in rules (zip inspection, the deadline, late work),
 * statuses from real state, grading by the cohort's instructors only, release at the result
 * date, and the gradebook with its CSV.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let alice: TestUser;
let bob: TestUser;
let cohort: { id: string; id_slug: string };
let project: string;
let quiz: string;
const HOUR = 3_600_000;
const iso = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const RUBRIC = [
  {
    id: 'rtl',
    title: 'RTL quality',
    levels: [
      { title: 'Weak', points: 0 },
      { title: 'Good', points: 6 },
      { title: 'Excellent', points: 10 },
    ],
  },
  {
    id: 'tb',
    title: 'Testbench',
    levels: [
      { title: 'Missing', points: 0 },
      { title: 'Complete', points: 10 },
    ],
  },
];
const goodZip = () =>
  makeZip([
    { name: 'rtl/counter.v', data: 'module counter; endmodule', deflate: true },
    { name: 'README.md', data: '# Counter' },
  ]);

const setItem = (lesson: string, body: Record<string, unknown>) =>
  t.http.put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${lesson}/grade-item`).set(bearer(admin)).send(body);
const submit = (who: TestUser, data: Buffer, name = 'project.zip') =>
  t.http.post(`/api/cohorts/${cohort.id_slug}/lessons/${project}/project/submission`).set(bearer(who)).attach('file', data, name);
const view = (who: TestUser) => t.http.get(`/api/cohorts/${cohort.id_slug}/lessons/${project}/project`).set(bearer(who));
const storedSubmissions = async () =>
  (await t.ds.query(`SELECT count(*)::int AS n FROM stored_files WHERE purpose = 'project-submission'`))[0].n as number;
/** Uploads received but not yet kept or refused (each request deletes its own). */
const incoming = () => {
  try {
    return readdirSync(join(t.config.dataDir, 'incoming'));
  } catch {
    return [];
  }
};
const releasedJobs = async (user: TestUser) =>
  (
    await t.ds.query(
      `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND data->>'template' = 'grade-released' AND data->>'to' = $1`,
      [user.email],
    )
  )[0].n as number;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR' });
  otherTeacher = await createUser(t, { role: 'INSTRUCTOR' });
  alice = await createUser(t, { first_name: '=HYPERLINK("http://x")', last_name: 'Able' });
  bob = await createUser(t, { first_name: 'Bob', last_name: 'Baker' });
  const course = await buildCourse(t, admin, {
    title: 'Digital design',
    modules: [
      {
        title: 'RTL',
        lessons: [
          { title: 'Counter project', type: 'PROJECT' },
          { title: 'Quiz one', type: 'QUIZ' },
        ],
      },
    ],
  });
  project = course.lessons['Counter project'].id_slug;
  quiz = course.lessons['Quiz one'].id_slug;
  cohort = await buildCohort(t, admin, 'Spring cohort', [course.id_slug]);
  await enrolStudent(t, admin, cohort.id_slug, alice);
  await enrolStudent(t, admin, cohort.id_slug, bob);
  await linkInstructor(t, admin, cohort.id_slug, teacher);
  const other = await buildCohort(t, admin, 'Other cohort', [course.id_slug]);
  await linkInstructor(t, admin, other.id_slug, otherTeacher);
  await t.http
    .put(`/api/courses/admin/lessons/${project}/project`)
    .set(bearer(admin))
    .send({ instructions: 'Write a counter and its testbench.', rubric: RUBRIC, max_size_bytes: 5 * 1024 * 1024 })
    .expect(200);
});
afterAll(async () => t?.close());

beforeEach(async () => {
  await t.ds.query(`DELETE FROM submissions`);
  await t.ds.query(`DELETE FROM user_grades`);
  await t.ds.query(`DELETE FROM stored_files WHERE purpose = 'project-submission'`);
  await t.ds.query(`DELETE FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND data->>'template' = 'grade-released'`);
  await setItem(project, { deadline_datetime: iso(48), grade_percentage: 60 }).expect(200);
  await setItem(quiz, { deadline_datetime: iso(24), grade_percentage: 40, is_mandatory: false }).expect(200);
});

describe('zip inspection before storing', () => {
  it.each([
    ['not a zip', () => Buffer.from('just some text, not an archive'), /not a zip/],
    [
      'a bomb by ratio',
      () => makeZip([{ name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024), deflate: true }]),
      /compressed suspiciously/,
    ],
    // Incompressible bytes declared 99 times larger: within the ratio, past 20 times the project's 5 MB.
    [
      'a bomb by declared size',
      () => makeZip([{ name: 'huge.bin', data: randomBytes(1_200_000), deflate: true, declaredSize: 99 * 1_200_000 }]),
      /more than the allowed size/,
    ],
    ['too many entries', () => makeZip(Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}.txt`, data: 'a' }))), /more than 2000 files/],
    ['a ../ name', () => makeZip([{ name: '../../etc/cron.d/evil', data: 'x' }]), /unsafe file name: \.\.\/\.\.\/etc/],
    ['an absolute name', () => makeZip([{ name: '/etc/passwd', data: 'x' }]), /unsafe file name/],
  ])('refuses %s with a 400 and stores nothing', async (_what, build, message) => {
    const res = await submit(alice, build());
    expect(res.status).toBe(400);
    expect(res.body.errors.file).toMatch(message);
    expect(await storedSubmissions()).toBe(0);
    expect((await view(alice).expect(200)).body.data.submission).toBeNull();
  });

  it('refuses a file larger than the project allows', async () => {
    const big = makeZip([{ name: 'big.bin', data: Buffer.alloc(6 * 1024 * 1024, 1) }]);
    const res = await submit(alice, big);
    expect(res.status).toBe(413);
    expect(await storedSubmissions()).toBe(0);
    expect(incoming()).toEqual([]);
  });

  it.each([
    // Its headers claim 204,800 bytes (within every declared limit); it inflates to 60 MiB.
    [
      'an entry that inflates far past the size it declares',
      () => makeZip([forgedSizeEntry('notes.txt', 204_800, 60 * 1024 * 1024)]),
      /does not unpack to the sizes it declares \(notes\.txt\)/,
    ],
    [
      'a local header naming another file than the central directory',
      () => makeZip([{ name: 'report.txt', data: 'the report', deflate: true, local: { name: '../../.ssh/authorized_keys' } }]),
      /describes report\.txt differently in two places/,
    ],
    [
      'a local header declaring another size than the central directory',
      () => makeZip([{ name: 'report.txt', data: 'the report', deflate: true, local: { size: 60 * 1024 * 1024 } }]),
      /describes report\.txt differently in two places/,
    ],
    [
      'a local header with another compression method than the central directory',
      () => makeZip([{ name: 'report.txt', data: 'the report', deflate: true, local: { method: 0 } }]),
      /describes report\.txt differently in two places/,
    ],
    [
      'a symbolic link',
      () => makeZip([{ name: 'top.v', data: 'module top; endmodule' }, symlinkEntry('keys', '/etc/ssh')]),
      /symbolic link \(keys\)/,
    ],
  ])('refuses %s, stores nothing and keeps no copy of the upload', async (_what, build, message) => {
    const res = await submit(alice, build());
    expect(res.status).toBe(400);
    expect(res.body.errors.file).toMatch(message);
    expect(await storedSubmissions()).toBe(0);
    expect((await view(alice).expect(200)).body.data.submission).toBeNull();
    expect(incoming()).toEqual([]);
  });
});

describe('uploads are streamed, not held in memory', () => {
  it('removes an upload a stopped process left in the incoming folder, a day later', async () => {
    const dir = join(t.config.dataDir, 'incoming');
    mkdirSync(dir, { recursive: true });
    // The fault: a process killed mid-request leaves its received file behind.
    writeFileSync(join(dir, 'left-behind.upload'), goodZip());
    writeFileSync(join(dir, 'in-flight.upload'), goodZip());
    const dayAndHourAgo = new Date(Date.now() - 25 * HOUR);
    utimesSync(join(dir, 'left-behind.upload'), dayAndHourAgo, dayAndHourAgo);
    expect(await t.app.get(IncomingSweep).sweep()).toBe(1);
    expect(incoming()).toEqual(['in-flight.upload']);
    rmSync(join(dir, 'in-flight.upload'));
  });

  // Buffers still referenced after a full collection: what uploads in flight keep in memory.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const retained = () => {
    gc();
    return process.memoryUsage().arrayBuffers;
  };

  /** A multipart hand-in written straight to a socket: the test itself holds nothing but `zip`. */
  const rawSubmit = async (who: TestUser, zip: Buffer): Promise<number> => {
    const server = t.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const boundary = `----hand-in-${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="waves.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          // A connection of its own: a pooled keep-alive one the server is closing would end in EPIPE.
          agent: false,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/cohorts/${cohort.id_slug}/lessons/${project}/project/submission`,
          headers: {
            ...bearer(who),
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': head.length + zip.length + tail.length,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.write(head);
      req.write(zip);
      req.end(tail);
    });
  };

  it('takes 8 concurrent 19 MiB hand-ins without holding them in memory', async () => {
    await t.http
      .put(`/api/courses/admin/lessons/${project}/project`)
      .set(bearer(admin))
      .send({ instructions: 'Write a counter and its testbench.', rubric: RUBRIC, max_size_bytes: 20 * 1024 * 1024 })
      .expect(200);
    try {
      // Random bytes, stored: nothing to gain by compressing, nothing suspicious to refuse.
      const zip = makeZip([{ name: 'waves.vcd', data: randomBytes(19 * 1024 * 1024) }]);
      const before = retained();
      let peak = 0;
      // A full collection takes a while on a busy machine: a sample a second sees the uploads grow.
      const sampler = setInterval(() => (peak = Math.max(peak, retained() - before)), 1000);
      try {
        const answers = await Promise.all(Array.from({ length: 8 }, () => rawSubmit(alice, zip)));
        expect(answers).toEqual(Array(8).fill(201));
      } finally {
        clearInterval(sampler);
      }
      // Held in memory, the 8 uploads would keep 152 MiB; streamed, a few chunks each.
      expect(peak).toBeLessThan(40 * 1024 * 1024);
      expect(incoming()).toEqual([]);
      expect(await storedSubmissions()).toBe(1);
    } finally {
      await t.http
        .put(`/api/courses/admin/lessons/${project}/project`)
        .set(bearer(admin))
        .send({ instructions: 'Write a counter and its testbench.', rubric: RUBRIC, max_size_bytes: 5 * 1024 * 1024 })
        .expect(200);
    }
  }, 120_000);
});

describe('hand-in', () => {
  it('stores a real zip, lists its files, and takes a resubmission before the deadline (replacing the file)', async () => {
    const first = await submit(alice, goodZip()).expect(201);
    expect(first.body.data.submission.files).toEqual([
      { path: 'rtl/counter.v', size: 25 },
      { path: 'README.md', size: 9 },
    ]);
    expect(first.body.data.submission.is_late).toBe(false);
    expect(first.body.data.grade_item).toMatchObject({ user_submission_status: 'SUBMITTED', submission_status: 'OPEN', can_submit: true });
    const second = await submit(alice, makeZip([{ name: 'v2/top.v', data: 'module top; endmodule' }]), 'v2.zip').expect(201);
    expect(second.body.data.submission.files).toEqual([{ path: 'v2/top.v', size: 21 }]);
    expect(second.body.data.submission.file_name).toBe('v2.zip');
    expect(await storedSubmissions()).toBe(1);
    const [{ attempts }] = await t.ds.query(`SELECT attempts FROM submissions`);
    expect(attempts).toBe(2);
  });

  it('refuses a hand-in after the deadline', async () => {
    await submit(alice, goodZip()).expect(201);
    await setItem(project, { deadline_datetime: iso(-1), grade_percentage: 60 }).expect(200);
    const res = await submit(alice, goodZip());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Submissions for this project are closed.');
    await submit(bob, goodZip()).expect(403);
    expect(await storedSubmissions()).toBe(1);
  });

  it('takes a first hand-in after the deadline until the late deadline, marked late, and no resubmission', async () => {
    await setItem(project, { deadline_datetime: iso(-1), late_deadline_datetime: iso(5), grade_percentage: 60 }).expect(200);
    const res = await submit(bob, goodZip()).expect(201);
    expect(res.body.data.submission.is_late).toBe(true);
    await submit(bob, goodZip()).expect(403);
  });

  it('refuses a hand-in before the item opens', async () => {
    await setItem(project, { open_datetime: iso(2), deadline_datetime: iso(48), grade_percentage: 60 }).expect(200);
    await submit(alice, goodZip()).expect(403);
  });
});

describe('statuses come from real state', () => {
  const statusOf = async (who: TestUser) => (await view(who).expect(200)).body.data.grade_item;
  const cohortRow = async (who: TestUser) =>
    (await t.http.get(`/api/cohorts/${cohort.id_slug}/user/${who.id_slug}/`).set(bearer(who)).expect(200)).body.data.user_grades_part.find(
      (g: { cohort_grade_info: { lesson_id: string } }) => g.cohort_grade_info.lesson_id === project,
    );

  it('NOT_OPEN before the item opens', async () => {
    await setItem(project, { open_datetime: iso(2), deadline_datetime: iso(48), grade_percentage: 60 }).expect(200);
    expect(await statusOf(alice)).toMatchObject({ submission_status: 'NOT_OPEN', user_submission_status: 'PENDING', can_submit: false });
    expect((await cohortRow(alice)).cohort_grade_info.submission_status).toBe('NOT_OPEN');
  });
  it('OPEN while it can be submitted, SUBMITTED once handed in', async () => {
    expect(await statusOf(alice)).toMatchObject({ submission_status: 'OPEN', user_submission_status: 'PENDING' });
    expect((await cohortRow(alice)).cohort_grade_info.submission_status).toBe('OPEN');
    await submit(alice, goodZip()).expect(201);
    expect((await cohortRow(alice)).user_submission_status).toBe('SUBMITTED');
  });
  it('locked when the deadline passed without a submission', async () => {
    await setItem(project, { deadline_datetime: iso(-1), grade_percentage: 60 }).expect(200);
    expect(await statusOf(bob)).toMatchObject({ submission_status: 'locked', user_submission_status: 'PENDING' });
    expect((await cohortRow(bob)).cohort_grade_info.submission_status).toBe('locked');
  });
  it('GRADED once graded (and released)', async () => {
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    await grade(teacher, sub).expect(200);
    expect(await statusOf(alice)).toMatchObject({ submission_status: 'locked', user_submission_status: 'GRADED' });
    const row = await cohortRow(alice);
    expect(row).toMatchObject({ user_submission_status: 'GRADED', user_grade: 80 });
  });
});

const grade = (who: TestUser, submission: string, body: Record<string, unknown> = {}) =>
  t.http
    .put(`/api/grading/submissions/${submission}/grade`)
    .set(bearer(who))
    .send({
      rubric_scores: [
        { criterion_id: 'rtl', level_index: 1, comment: 'Clean, but no reset.' },
        { criterion_id: 'tb', level_index: 1 },
      ],
      feedback: 'Good work.',
      ...body,
    });

describe('grading', () => {
  it("lets the cohort's instructor work through the queue: ungraded first, late flagged, files listed, rubric scored", async () => {
    // Bob hands in while the project is due tomorrow; the deadline then moves to an hour ago, with a late window.
    await setItem(project, { deadline_datetime: iso(24), grade_percentage: 60 }).expect(200);
    const bobs = (await submit(bob, goodZip()).expect(201)).body.data.submission.id_slug;
    await setItem(project, { deadline_datetime: iso(-1), late_deadline_datetime: iso(5), grade_percentage: 60 }).expect(200);
    const alices = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;

    const items = await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/items`).set(bearer(teacher)).expect(200);
    const item = items.body.data.find((i: { lesson_title: string }) => i.lesson_title === 'Counter project');
    expect(item).toMatchObject({ submitted: 2, graded: 0, late: 1 });

    let queue = await t.http.get(`/api/grading/items/${item.id_slug}/submissions`).set(bearer(teacher)).expect(200);
    expect(queue.body.data.map((e: { id_slug: string }) => e.id_slug)).toEqual([bobs, alices]);
    expect(queue.body.data[1].is_late).toBe(true);

    const detail = await t.http.get(`/api/grading/submissions/${bobs}`).set(bearer(teacher)).expect(200);
    expect(detail.body.data.files.map((f: { path: string }) => f.path)).toEqual(['rtl/counter.v', 'README.md']);
    expect(detail.body.data.rubric).toHaveLength(2);
    await t.http.get(detail.body.data.download_url).expect(200);

    const graded = await grade(teacher, bobs).expect(200);
    // (6 + 10) of (10 + 10) points.
    expect(graded.body.data).toMatchObject({ user_grade: 80, user_submission_status: 'GRADED', feedback: 'Good work.' });
    expect(graded.body.data.rubric_scores[0].comment).toBe('Clean, but no reset.');

    queue = await t.http.get(`/api/grading/items/${item.id_slug}/submissions`).set(bearer(teacher)).expect(200);
    expect(queue.body.data.map((e: { id_slug: string }) => e.id_slug)).toEqual([alices, bobs]);
  });

  it('refuses an unknown rubric level and a grade that misses a criterion', async () => {
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    await grade(teacher, sub, { rubric_scores: [{ criterion_id: 'rtl', level_index: 7 }] }).expect(422);
    await grade(teacher, sub, { rubric_scores: [{ criterion_id: 'rtl', level_index: 1 }] }).expect(422);
  });

  it('a graded hand-in is final: the student cannot hand in again', async () => {
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    await grade(admin, sub).expect(200);
    await submit(alice, goodZip()).expect(403);
  });
});

describe('authorisation', () => {
  it("a student cannot read another's submission, grade, or open the grading area", async () => {
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    await t.http.get(`/api/grading/submissions/${sub}`).set(bearer(bob)).expect(404);
    await t.http.get(`/api/grading/submissions/${sub}`).set(bearer(alice)).expect(404);
    await grade(alice, sub).expect(404);
    await grade(bob, sub).expect(404);
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/items`).set(bearer(alice)).expect(404);
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook`).set(bearer(alice)).expect(404);
    // Bob's own page shows his (empty) hand-in, never Alice's.
    expect((await view(bob).expect(200)).body.data.submission).toBeNull();
  });

  it('a student outside the cohort cannot see or hand in its project', async () => {
    const outsider = await createUser(t);
    await view(outsider).expect(404);
    await submit(outsider, goodZip()).expect(404);
  });

  it('an instructor cannot grade a cohort they do not teach', async () => {
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    const items = await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/items`).set(bearer(teacher)).expect(200);
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/items`).set(bearer(otherTeacher)).expect(404);
    await t.http.get(`/api/grading/items/${items.body.data[0].id_slug}/submissions`).set(bearer(otherTeacher)).expect(404);
    await t.http.get(`/api/grading/submissions/${sub}`).set(bearer(otherTeacher)).expect(404);
    await grade(otherTeacher, sub).expect(404);
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook`).set(bearer(otherTeacher)).expect(404);
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook/export`).set(bearer(otherTeacher)).expect(404);
    expect((await t.ds.query(`SELECT count(*)::int AS n FROM user_grades WHERE user_submission_status = 'GRADED'`))[0].n).toBe(0);
  });

  it('refuses a result date before the deadline, or before the late deadline when there is one', async () => {
    const early = await setItem(quiz, { deadline_datetime: iso(24), result_open_datetime: iso(12), grade_percentage: 40 });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ result_open_datetime: 'The result date cannot be before the deadline' });
    const beforeLate = await setItem(quiz, {
      deadline_datetime: iso(24),
      late_deadline_datetime: iso(48),
      result_open_datetime: iso(36),
      grade_percentage: 40,
    });
    expect(beforeLate.status).toBe(400);
    expect(beforeLate.body.errors).toEqual({ result_open_datetime: 'The result date cannot be before the late deadline' });
    // Nothing was saved: the item keeps its results at the cohort's date.
    const items = (await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/grade-items`).set(bearer(admin)).expect(200)).body.data;
    expect(items.find((l: { lesson_id_slug: string }) => l.lesson_id_slug === quiz).grade_item.result_open_datetime).toBeNull();
    // At the (late) deadline or after it, and without a deadline, a result date is taken.
    const deadline = iso(24);
    await setItem(quiz, { deadline_datetime: deadline, result_open_datetime: deadline, grade_percentage: 40 }).expect(200);
    await setItem(quiz, {
      deadline_datetime: iso(24),
      late_deadline_datetime: iso(48),
      result_open_datetime: iso(49),
      grade_percentage: 40,
    }).expect(200);
    await setItem(quiz, { result_open_datetime: iso(-1), grade_percentage: 40 }).expect(200);
  });

  it('only admins author projects and grade items', async () => {
    await setItem(project, { grade_percentage: 60 }).set(bearer(teacher)).expect(403);
    await t.http.put(`/api/courses/admin/lessons/${project}/project`).set(bearer(teacher)).send({}).expect(403);
  });
});

describe('release at the result date', () => {
  it('hides the grade and feedback until the result date, then releases them with the grade-released mail', async () => {
    await setItem(project, { deadline_datetime: iso(48), result_open_datetime: iso(72), grade_percentage: 60 }).expect(200);
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    await grade(teacher, sub).expect(200);

    let page = (await view(alice).expect(200)).body.data;
    expect(page.result).toBeNull();
    expect(page.grade_item.user_submission_status).toBe('SUBMITTED');
    const row = (
      await t.http.get(`/api/cohorts/${cohort.id_slug}/user/${alice.id_slug}/`).set(bearer(alice)).expect(200)
    ).body.data.user_grades_part.find((g: { cohort_grade_info: { lesson_id: string } }) => g.cohort_grade_info.lesson_id === project);
    expect(row.user_grade).toBeNull();
    expect(row.user_submission_status).toBe('SUBMITTED');
    expect(await releasedJobs(alice)).toBe(0);

    const service = t.app.get(GradingService);
    expect(await service.releaseDue()).toBe(0);
    await t.ds.query(`UPDATE cohort_grades SET result_open_datetime = now() - interval '1 minute'`);
    expect(await service.releaseDue()).toBe(1);
    expect(await releasedJobs(alice)).toBe(1);
    // Released once only.
    expect(await service.releaseDue()).toBe(0);

    page = (await view(alice).expect(200)).body.data;
    expect(page.result).toMatchObject({ user_grade: 80, feedback: 'Good work.' });
    expect(page.grade_item.user_submission_status).toBe('GRADED');
  });

  it('releases at once, with the mail, when grading after the result date', async () => {
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    await grade(teacher, sub).expect(200);
    expect(await releasedJobs(alice)).toBe(1);
    // A regrade does not announce it again.
    await grade(teacher, sub, { feedback: 'Even better on a second look.' }).expect(200);
    expect(await releasedJobs(alice)).toBe(1);
  });
});

describe('gradebook', () => {
  it('shows students by items with the weighted total and mandatory flags, filtered by status', async () => {
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    await grade(teacher, sub).expect(200);
    const book = (await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook`).set(bearer(teacher)).expect(200)).body.data;
    expect(book.items.map((i: { lesson_title: string; is_mandatory: boolean }) => [i.lesson_title, i.is_mandatory])).toEqual([
      ['Quiz one', false],
      ['Counter project', true],
    ]);
    const a = book.students.find((s: { id_slug: string }) => s.id_slug === alice.id_slug);
    // 80 on the project (weight 60), nothing yet on the quiz (weight 40): 48.
    expect(a).toMatchObject({ weighted_total: 48, missing_mandatory: 0 });
    expect(a.grades.map((g: { state: string }) => g.state)).toEqual(['OPEN', 'GRADED']);
    const b = book.students.find((s: { id_slug: string }) => s.id_slug === bob.id_slug);
    expect(b).toMatchObject({ weighted_total: 0, missing_mandatory: 1 });

    const graded = (await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook?status=GRADED`).set(bearer(teacher)).expect(200))
      .body.data;
    expect(graded.students.map((s: { id_slug: string }) => s.id_slug)).toEqual([alice.id_slug]);
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook?status=nope`).set(bearer(teacher)).expect(400);
  });

  it('the student sees the same weighted total on their own Grades tab', async () => {
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    await grade(teacher, sub).expect(200);
    const viewOf = (await t.http.get(`/api/cohorts/${cohort.id_slug}/user/${alice.id_slug}/`).set(bearer(alice)).expect(200)).body.data;
    expect(viewOf.user_cohort_part.weighted_total).toBe(48);
  });

  it('exports CSV with formulas neutralised', async () => {
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission.id_slug;
    await grade(teacher, sub).expect(200);
    const res = await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook/export`).set(bearer(teacher)).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"First name","Last name","Email","Quiz one (40%)","Quiz one status","Counter project (60%, mandatory)","Counter project status","Weighted total","Mandatory items not graded","Grades set by hand"',
    );
    const aliceLine = lines.find((l) => l.includes('Able'))!;
    expect(aliceLine.startsWith(`"'=HYPERLINK(""http://x"")","Able"`)).toBe(true);
    expect(aliceLine.endsWith('"","OPEN","80","GRADED","48","0",""')).toBe(true);
  });
});

describe('authoring screens', () => {
  const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const uploadPdf = (data: Buffer, name = 'brief.pdf', lesson = project) =>
    t.http.post(`/api/courses/admin/lessons/${lesson}/project/files`).set(bearer(admin)).attach('file', data, name);

  it('reads a project lesson with its saved rubric and settings', async () => {
    const res = await t.http.get(`/api/courses/admin/lessons/${project}/project`).set(bearer(admin)).expect(200);
    expect(res.body.data).toMatchObject({
      lesson_id_slug: project,
      lesson_title: 'Counter project',
      project: {
        instructions: 'Write a counter and its testbench.',
        rubric: RUBRIC,
        max_size_bytes: 5 * 1024 * 1024,
        accepted_types: ['.zip'],
      },
      instructions_files: [],
    });
    await t.http.get(`/api/courses/admin/lessons/${quiz}/project`).set(bearer(admin)).expect(404);
  });

  it('stores an instructions PDF, refuses anything else, and lists only such files in the settings', async () => {
    const bad = await uploadPdf(Buffer.from('not a pdf'), 'brief.pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.file).toBe('Please upload a PDF file');
    await uploadPdf(pdf(), 'brief.pdf', quiz).expect(404);
    const file = (await uploadPdf(pdf(), 'Counter brief.pdf').expect(201)).body.data;
    expect(file.name).toBe('Counter brief.pdf');
    const settings = (await t.http.get(`/api/courses/admin/lessons/${project}/project`).set(bearer(admin))).body.data.project;
    // A student's hand-in is not an instructions file.
    const sub = (await submit(alice, goodZip()).expect(201)).body.data.submission;
    const [{ file_id_slug }] = await t.ds.query(`SELECT file_id_slug FROM submissions WHERE id_slug = $1`, [sub.id_slug]);
    const put = (ids: string[]) =>
      t.http
        .put(`/api/courses/admin/lessons/${project}/project`)
        .set(bearer(admin))
        .send({ ...settings, instructions_file_ids: ids });
    expect((await put([file_id_slug])).status).toBe(422);
    await put([file.id_slug]).expect(200);
    const after = (await t.http.get(`/api/courses/admin/lessons/${project}/project`).set(bearer(admin))).body.data;
    expect(after.instructions_files).toEqual([{ id_slug: file.id_slug, name: 'Counter brief.pdf', url: expect.any(String) }]);
    expect((await view(alice).expect(200)).body.data.project.instructions_files).toEqual([
      { name: 'Counter brief.pdf', url: expect.any(String) },
    ]);
    await put([]).expect(200);
  });

  it("lists the cohort's quiz and project lessons with their grade items", async () => {
    const deadline = iso(72);
    await setItem(project, {
      open_datetime: iso(-1),
      deadline_datetime: deadline,
      result_open_datetime: iso(96),
      grade_percentage: 70,
    }).expect(200);
    const res = await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/grade-items`).set(bearer(admin)).expect(200);
    expect(res.body.data.map((l: { lesson_title: string }) => l.lesson_title)).toEqual(['Counter project', 'Quiz one']);
    expect(res.body.data[0]).toMatchObject({
      lesson_id_slug: project,
      lesson_type: 'PROJECT',
      course_title: 'Digital design',
      grade_item: { grade_percentage: 70, is_mandatory: true, late_deadline_datetime: null },
    });
    expect(Date.parse(res.body.data[0].grade_item.deadline_datetime)).toBe(Date.parse(deadline));
    expect(res.body.data[1].grade_item).toMatchObject({ grade_percentage: 40, is_mandatory: false });
    await t.http.get(`/api/cohorts/admin/0123456789abcdef0123456789abcdef/grade-items`).set(bearer(admin)).expect(404);
    await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/grade-items`).set(bearer(teacher)).expect(403);
  });
});
