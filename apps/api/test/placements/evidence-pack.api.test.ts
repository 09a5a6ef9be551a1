import {
  CohortEvidencePackSchema,
  CohortEvidencePacksResponseSchema,
  LogbookResponseSchema,
  type CohortEvidencePack,
} from '@school/contracts';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { markAs, scheduleSession } from '../fixtures/attendance.fixtures';
import { readPdf } from '../pdf-text';
import { bearer, createTestApp, createUser, getBytes, type TestApp, type TestUser } from '../test-app';

/**
 * The evidence pack: a trainee's PDF and CSV of their placement, logbook (every week's state and
 * events, every day), hours against target and attendance; a cohort's ZIP of every placed trainee's
 * pair and a cohort CSV, made by a job with its progress. A trainee reads only their own pack, a
 * coach only their trainees', the cohort's job is for admins.
 */
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherCoach: TestUser;
let aina: TestUser;
let badrul: TestUser;
let chong: TestUser;
let cohort: string;
let ainaPlacement: string;
let badrulPlacement: string;
const tag = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Siti', last_name: 'Coach' });
  otherCoach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Other', last_name: 'Coach' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Evidence' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Evidence' });
  chong = await createUser(t, { first_name: 'Chong', last_name: 'Unplaced' });
  const course = await makeCourse(t, admin, {
    title: `Evidence course ${tag}`,
    modules: [{ title: 'Basics', lessons: [{ title: 'Intro' }] }],
  });
  // Started 130 days ago: the Online phase is over and OJT is in its second week.
  cohort = (await makeCohort(t, admin, { title: `Evidence cohort ${tag}`, course_ids: [course.id_slug], start: -130, end: 200 })).id_slug;
  for (const s of [aina, badrul, chong]) await enrol(t, admin, cohort, s);
  await t.http
    .post('/api/host-companies/admin')
    .set(bearer(admin))
    .send({ name: `Fab ${tag}`, registration_number: `EV-${tag}`, sites: [{ name: 'Fab 1', address: 'Bayan Lepas' }] })
    .expect(201);
  const row = (s: TestUser, coachEmail: string) => `${s.email},EV-${tag},Fab 1,Encik Rahman,rahman@example.com,+60 4-1,40,${coachEmail}`;
  await t.http
    .post(`/api/cohorts/admin/${cohort}/placements/csv`)
    .set(bearer(admin))
    .send({
      csv: [
        'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email',
        row(aina, coach.email),
        row(badrul, ''),
      ].join('\n'),
    })
    .expect(200);
  const mine = async (s: TestUser) => (await t.http.get('/api/placements/me').set(bearer(s)).expect(200)).body.data[0].id_slug as string;
  ainaPlacement = await mine(aina);
  badrulPlacement = await mine(badrul);

  // Aina logs and submits week 1 and keeps a draft of week 2 (the week under way).
  const lb = LogbookResponseSchema.parse(
    (await t.http.get(`/api/placements/me/${ainaPlacement}/logbook`).set(bearer(aina)).expect(200)).body,
  );
  const [w1, w2] = lb.data.weeks;
  const day = (date: string, tasks: string, evidence: string) => ({
    date,
    hours: 8,
    tasks,
    job_role: 'Wafer Fab Process Engineer',
    evidence,
  });
  await t.http
    .put(`/api/placements/me/${ainaPlacement}/logbook/1`)
    .set(bearer(aina))
    .send({
      days: [
        day(w1.starts_on, 'Ran the wet bench under supervision', 'Shift log entries 14-18'),
        { ...day(w1.ends_on, 'Calibrated the particle counter', '=Calibration sheet PC-7'), hours: 7.5 },
      ],
    })
    .expect(200);
  await t.http.post(`/api/placements/me/${ainaPlacement}/logbook/1/submit`).set(bearer(aina)).expect(200);
  await t.http
    .put(`/api/placements/me/${ainaPlacement}/logbook/2`)
    .set(bearer(aina))
    .send({ days: [day(w2.starts_on, 'Shadowed the lithography shift', 'Notes in the line book')] })
    .expect(200);

  // One live session two days ago: Aina was there.
  const session = await scheduleSession(t, admin, cohort, new Date(Date.now() - 2 * 86_400_000).toISOString(), { title: 'OJT check-in' });
  await markAs(t, admin, session.register, aina, 'PRESENT');
});
afterAll(async () => t?.close());

const mine = (who: TestUser, placement: string, format: 'pdf' | 'csv') =>
  getBytes(t, `/api/placements/me/${placement}/evidence-pack/${format}`).set(bearer(who));
const staff = (who: TestUser, placement: string, format: 'pdf' | 'csv') =>
  getBytes(t, `/api/placements/${placement}/evidence-pack/${format}`).set(bearer(who));
const csvRows = (bytes: Buffer) => parse(bytes, { bom: true, columns: true }) as Record<string, string>[];

async function producePack(): Promise<CohortEvidencePack> {
  const queued = CohortEvidencePackSchema.parse(
    (await t.http.post(`/api/cohorts/admin/${cohort}/evidence-packs`).set(bearer(admin)).expect(201)).body,
  );
  expect(queued).toMatchObject({ state: 'QUEUED', total: 2, done: 0, zip_url: null, requested_by: expect.any(String) });
  return vi.waitFor(
    async () => {
      const list = CohortEvidencePacksResponseSchema.parse(
        (await t.http.get(`/api/cohorts/admin/${cohort}/evidence-packs`).set(bearer(admin)).expect(200)).body,
      );
      const p = list.data.find((x) => x.id_slug === queued.id_slug)!;
      expect(['READY', 'FAILED']).toContain(p.state);
      return p;
    },
    { timeout: 60_000, interval: 250 },
  );
}

describe('a trainee’s evidence pack', { timeout: 120_000 }, () => {
  it('is a PDF with the placement, every week’s state and sign-off events, each day’s entries, hours and attendance', async () => {
    const res = await mine(aina, ainaPlacement, 'pdf').expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="evidence-aina-evidence-/);
    const pdf = await readPdf(res.body as Buffer);
    const text = pdf.lines.join('\n');
    expect(pdf.title).toBe('On-the-job training evidence: Aina Evidence');
    for (const expected of [
      `Host company: Fab ${tag}, registration number EV-${tag}`,
      'Site: Fab 1, Bayan Lepas',
      'Supervisor: Encik Rahman, rahman@example.com, +60 4-1',
      'Hours target: 40 h a week',
      'Coach: Siti Coach',
      'Ran the wet bench under supervision',
      'Evidence: Shift log entries 14-18',
      'Calibrated the particle counter',
      'Shadowed the lithography shift',
      'Submitted by Aina Evidence',
      'Waiting for the supervisor · 15.5 h of 40 h',
      'Week 2',
      'Submitted, waiting for the supervisor: 15.5 h in 1 week',
      'Attended 1 of 1 counted sessions (100%)',
      'OJT check-in',
    ])
      expect(text).toContain(expected);
    // The footer names the trainee on every page.
    expect(pdf.lines.filter((l) => l.includes('Aina Evidence · on-the-job training evidence · page')).length).toBe(pdf.pages);
  });

  it('is a CSV with one row per logged day, each with its week’s state and sign-off, formulas neutralised', async () => {
    const res = await mine(aina, ainaPlacement, 'csv').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csvRows(res.body as Buffer);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      trainee_name: 'Aina Evidence',
      trainee_email: aina.email,
      host_company: `Fab ${tag}`,
      host_registration_number: `EV-${tag}`,
      supervisor_name: 'Encik Rahman',
      coach: 'Siti Coach',
      weekly_hours_target: '40',
      week_number: '1',
      week_state: 'SUBMITTED',
      week_hours: '15.5',
      hours: '8',
      job_role: 'Wafer Fab Process Engineer',
      tasks: 'Ran the wet bench under supervision',
      submitted_by: 'Aina Evidence',
      signoff: '',
    });
    expect(rows[0].submitted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(rows[0].week_history).toMatch(/^SUBMITTED \d{4}-.* Aina Evidence$/);
    expect(rows[1]).toMatchObject({ hours: '7.5', evidence: "'=Calibration sheet PC-7" });
    expect(rows[2]).toMatchObject({ week_number: '2', week_state: 'DRAFT', submitted_by: '', tasks: 'Shadowed the lithography shift' });
    // A trainee who logged nothing has a header and no rows.
    expect(csvRows((await mine(badrul, badrulPlacement, 'csv').expect(200)).body as Buffer)).toEqual([]);
  });

  it('reaches only its trainee, their coach and admins', async () => {
    await mine(badrul, ainaPlacement, 'pdf').expect(404);
    await mine(chong, ainaPlacement, 'csv').expect(404);
    await mine(aina, ainaPlacement, 'docx' as 'pdf').expect(400);
    // Students are not staff: the staff route is closed to them, their own pack included.
    await staff(aina, ainaPlacement, 'pdf').expect(403);
    await staff(badrul, ainaPlacement, 'pdf').expect(403);
    // The placement's coach reads Aina's pack, not Badrul's; another instructor neither.
    const byCoach = csvRows((await staff(coach, ainaPlacement, 'csv').expect(200)).body as Buffer);
    expect(byCoach).toHaveLength(3);
    await staff(coach, badrulPlacement, 'csv').expect(404);
    await staff(otherCoach, ainaPlacement, 'pdf').expect(404);
    // A coach of the cohort following Badrul reads his pack too.
    await t.http
      .post(`/api/cohorts/admin/${cohort}/coaches`)
      .set(bearer(admin))
      .send({ user_id_slug: otherCoach.id_slug, trainee_id_slugs: [badrul.id_slug] })
      .expect(201);
    await staff(otherCoach, badrulPlacement, 'pdf').expect(200);
    await staff(otherCoach, ainaPlacement, 'pdf').expect(404);
    await staff(admin, badrulPlacement, 'pdf').expect(200);
  });
});

describe('a cohort’s evidence pack', { timeout: 120_000 }, () => {
  it('is for admins only', async () => {
    for (const who of [aina, coach]) {
      await t.http.post(`/api/cohorts/admin/${cohort}/evidence-packs`).set(bearer(who)).expect(403);
      await t.http.get(`/api/cohorts/admin/${cohort}/evidence-packs`).set(bearer(who)).expect(403);
    }
    await t.http.post(`/api/cohorts/admin/no-such-cohort/evidence-packs`).set(bearer(admin)).expect(404);
  });

  it('is one job making a ZIP with each placed trainee’s PDF and CSV and a cohort CSV', async () => {
    const pack = await producePack();
    expect(pack).toMatchObject({ state: 'READY', done: 2, total: 2, error: null });
    expect(pack.size_bytes).toBeGreaterThan(0);
    // The ZIP's link is signed and works without the session (the browser's download).
    const files = unzipSync(new Uint8Array((await getBytes(t, pack.zip_url!).expect(200)).body as Buffer));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(5);
    expect(names.filter((n) => n.endsWith('.pdf'))).toHaveLength(2);
    expect(names.filter((n) => n.endsWith('.csv'))).toHaveLength(3);
    expect(names.some((n) => n.includes('chong'))).toBe(false);
    const ainaPdf = names.find((n) => n.startsWith('evidence-aina-evidence-') && n.endsWith('.pdf'))!;
    expect((await readPdf(files[ainaPdf])).lines.join('\n')).toContain('Ran the wet bench under supervision');
    const ainaCsv = csvRows(Buffer.from(files[ainaPdf.replace(/\.pdf$/, '.csv')]));
    expect(ainaCsv.map((r) => r.tasks)).toEqual([
      'Ran the wet bench under supervision',
      'Calibrated the particle counter',
      'Shadowed the lithography shift',
    ]);
    const summary = csvRows(Buffer.from(files['cohort.csv']));
    expect(summary.map((r) => r.trainee_name)).toEqual(['Aina Evidence', 'Badrul Evidence']);
    expect(summary[0]).toMatchObject({
      weeks_waiting: '1',
      hours_waiting: '15.5',
      hours_signed_off: '0',
      hours_due: '40',
      sessions_attended: '1',
    });
    expect(summary[0].files).toBe(ainaPdf.replace(/\.pdf$/, ''));
  });

  it('refuses a cohort with nobody placed', async () => {
    const course = await makeCourse(t, admin, { title: `Empty ${tag}`, modules: [{ title: 'M', lessons: [{ title: 'L' }] }] });
    const empty = (await makeCohort(t, admin, { title: `Empty cohort ${tag}`, course_ids: [course.id_slug] })).id_slug;
    const res = await t.http.post(`/api/cohorts/admin/${empty}/evidence-packs`).set(bearer(admin)).expect(400);
    expect(res.body.message).toMatch(/No trainee of this cohort is placed/);
  });
});
