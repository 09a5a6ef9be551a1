import {
  ALLOWANCE_MESSAGES,
  AllowanceDisputesResponseSchema,
  AllowanceOverrideResponseSchema,
  AllowanceOverridesResponseSchema,
  AllowanceProgrammeResponseSchema,
  type AllowanceRules,
  AllowanceRunResultSchema,
  CohortAllowanceMonthResponseSchema,
  DEFAULT_ALLOWANCE_RULES,
  MyAllowanceResponseSchema,
} from '@school/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { lastMonth, markAs, scheduleSession, thisMonth } from '../fixtures/attendance.fixtures';
import { authorQuiz, grantExtension, setGradeItem } from '../fixtures/grade-item.fixtures';
import { jobsSettled } from '../fixtures/jobs.fixtures';
import { readPdf } from '../pdf-text';
import { AllowanceService } from '../../src/modules/allowance/allowance.service';
import { bearer, createTestApp, createUser, getBytes, type TestApp, type TestUser } from '../test-app';

/**
 * The monthly allowance: a programme's versioned rules decide each trainee's month into an
 * append-only ledger, once; exceptions and disputes need a second admin; finance alone sees
 * amounts and the payment list, which adds up to the ledger.
 */
let t: TestApp;
let finance: TestUser;
let admin2: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let n = 0;
const { month: last, at } = lastMonth();

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  finance = await createUser(t, { role: 'ADMIN', first_name: 'Farah', last_name: 'Finance' });
  admin2 = await createUser(t, { role: 'ADMIN', first_name: 'Amir', last_name: 'Second' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Tan', last_name: 'Coach' });
  outsider = await createUser(t, { role: 'INSTRUCTOR' });
  await t.http.put(`/api/finance/admin/staff/${finance.id_slug}/finance`).set(bearer(admin2)).send({ finance: true }).expect(200);
});
afterAll(async () => t?.close());

const RULES_ATTENDANCE_ONLY: AllowanceRules = { ...DEFAULT_ALLOWANCE_RULES, submissions: { enabled: false, on_fail: 'WITHHOLD' } };

/** A programme paying `amount` RM with `rules` from last month (a rule version added before anything is decided). */
async function programme(rules: AllowanceRules, amount = 2500) {
  const made = AllowanceProgrammeResponseSchema.parse(
    (
      await t.http
        .post('/api/allowance/admin/programmes')
        .set(bearer(finance))
        .send({ title: `Talent programme ${++n}`, monthly_amount: amount })
        .expect(201)
    ).body,
  ).data;
  await t.http
    .post(`/api/allowance/admin/programmes/${made.id_slug}/rule-versions`)
    .set(bearer(admin2))
    .send({ effective_month: last, rules, note: 'As agreed with the funder' })
    .expect(201);
  return made.id_slug;
}

/** A cohort that started `start` days ago (70: its Online phase covers all of last month), taught by `teacher`, in the programme. */
async function cohortIn(programmeSlug: string, trainees: TestUser[], start = -70) {
  const course = await makeCourse(t, finance, {
    title: `Allowance course ${++n}`,
    modules: [{ title: 'M1', lessons: [{ title: 'Intro' }, { title: 'Wafer quiz', lesson_type: 'QUIZ' }] }],
  });
  const cohort = await makeCohort(t, finance, { title: `Allowance cohort ${n}`, course_ids: [course.id_slug], start, end: start + 300 });
  await linkInstructor(t, finance, cohort.id_slug, teacher);
  for (const s of trainees) await enrol(t, finance, cohort.id_slug, s);
  // The teacher also coaches the whole cohort: the at-risk list is theirs.
  await t.http.post(`/api/cohorts/admin/${cohort.id_slug}/coaches`).set(bearer(admin2)).send({ user_id_slug: teacher.id_slug }).expect(201);
  await t.http
    .put(`/api/allowance/admin/cohorts/${cohort.id_slug}/programme`)
    .set(bearer(admin2))
    .send({ programme_id: programmeSlug })
    .expect(200);
  return { slug: cohort.id_slug, quiz: course.modules[0].lessons[1].id_slug };
}

/** Four mandatory sessions last month; each trainee's marks in order. */
async function sessionsLastMonth(cohort: string, marks: [TestUser, string[]][]) {
  const days = [3, 5, 8, 10];
  const sessions = [];
  for (const d of days) sessions.push(await scheduleSession(t, teacher, cohort, at(d), { title: `Cleanroom day ${d}` }));
  for (const [who, statuses] of marks)
    for (const [i, status] of statuses.entries()) if (status !== '-') await markAs(t, teacher, sessions[i].register, who, status);
  return sessions;
}

const monthOf = async (cohort: string, month: string, as: TestUser) =>
  CohortAllowanceMonthResponseSchema.parse(
    (await t.http.get(`/api/allowance/admin/cohorts/${cohort}/months/${month}`).set(bearer(as)).expect(200)).body,
  ).data;
const run = (cohort: string, month: string, as: TestUser = admin2) =>
  t.http.post(`/api/allowance/admin/cohorts/${cohort}/months/${month}/run`).set(bearer(as));
const byTrainee = (m: Awaited<ReturnType<typeof monthOf>>, u: TestUser) => m.trainees.find((x) => x.trainee.id_slug === u.id_slug)!;
const ledger = async (cohort: string, month: string) =>
  (
    await t.ds.query(
      `SELECT l.kind, l.outcome, l.amount_sen, u.id_slug AS trainee, l.id_slug FROM allowance_ledger l JOIN users u ON u.id = l.user_id
        JOIN cohorts c ON c.id = l.cohort_id WHERE c.id_slug = $1 AND l.month = $2::date ORDER BY l.id`,
      [cohort, `${month}-01`],
    )
  ).map((r: { amount_sen: number }) => ({ ...r, amount_sen: Number(r.amount_sen) }));

describe('programmes and their rules', () => {
  it('are for admins; only finance sets an amount or sees it; bad rules are named', async () => {
    const student = await createUser(t);
    await t.http.get('/api/allowance/admin/programmes').set(bearer(student)).expect(403);
    await t.http.get('/api/allowance/admin/programmes').set(bearer(teacher)).expect(403);
    const noFinance = await t.http
      .post('/api/allowance/admin/programmes')
      .set(bearer(admin2))
      .send({ title: 'Nope', monthly_amount: 2500 });
    expect(noFinance.status).toBe(403);
    expect(noFinance.body.message).toBe(ALLOWANCE_MESSAGES.financeOnly);
    const bad = await t.http.post('/api/allowance/admin/programmes').set(bearer(finance)).send({ title: 'Bad', monthly_amount: 25.555 });
    expect(bad.status).toBe(400);

    const slug = await programme(DEFAULT_ALLOWANCE_RULES);
    const seen = AllowanceProgrammeResponseSchema.parse(
      (await t.http.get(`/api/allowance/admin/programmes/${slug}`).set(bearer(finance)).expect(200)).body,
    ).data;
    expect(seen.monthly_amount_sen).toBe(250000);
    expect(seen.versions.map((v) => v.effective_month)).toEqual([thisMonth(), last].sort().reverse());
    const hidden = AllowanceProgrammeResponseSchema.parse(
      (await t.http.get(`/api/allowance/admin/programmes/${slug}`).set(bearer(admin2)).expect(200)).body,
    ).data;
    expect(hidden.monthly_amount_sen).toBeNull();

    const wrong = await t.http
      .post(`/api/allowance/admin/programmes/${slug}/rule-versions`)
      .set(bearer(admin2))
      .send({
        effective_month: '2031-01',
        rules: { ...DEFAULT_ALLOWANCE_RULES, attendance: { enabled: true, min_percent: 75, prorate_from_percent: 80 } },
      });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors['rules.attendance.prorate_from_percent']).toBe('Pro-rating starts below the least attendance');
  });
});

describe("a month's run", { timeout: 120_000 }, () => {
  it('decides each trainee once from attendance: eligible, pro-rated, withheld for a streak; a rerun changes nothing', async () => {
    const [ana, ben, cai, dina] = await Promise.all(
      ['Ana', 'Ben', 'Cai', 'Dina'].map((f) => createUser(t, { first_name: f, last_name: 'Lim' })),
    );
    const p = await programme(RULES_ATTENDANCE_ONLY);
    const c = await cohortIn(p, [ana, ben, cai, dina]);
    await sessionsLastMonth(c.slug, [
      [ana, ['PRESENT', 'PRESENT', 'LATE', 'PRESENT']],
      [ben, ['PRESENT', 'ABSENT', 'PRESENT', 'ABSENT']],
      [cai, ['PRESENT', 'ABSENT', 'ABSENT', 'ABSENT']],
      [dina, ['PRESENT', 'EXCUSED', 'PRESENT', 'ABSENT']],
    ]);

    // Before the run: the forecast, at risk first, amounts for finance only.
    const forecast = await monthOf(c.slug, last, finance);
    expect(forecast).toMatchObject({ decided: false, may_run: true });
    expect(forecast.trainees.map((x) => x.outcome)).toEqual(['WITHHELD', 'PRORATED', 'PRORATED', 'ELIGIBLE']);
    expect((await monthOf(c.slug, last, teacher)).trainees.every((x) => x.amount_sen === null && x.trace.formula === '')).toBe(true);
    await t.http.get(`/api/allowance/admin/cohorts/${c.slug}/months/${last}`).set(bearer(outsider)).expect(404);
    await t.http.get(`/api/allowance/admin/cohorts/${c.slug}/months/${last}`).set(bearer(ana)).expect(403);

    await run(c.slug, last, teacher).expect(403);
    const early = await run(c.slug, thisMonth()).expect(400);
    expect(early.body.message).toBe(ALLOWANCE_MESSAGES.monthNotOver);
    expect(AllowanceRunResultSchema.parse((await run(c.slug, last).expect(200)).body).data).toMatchObject({ decided: 4, already: false });
    expect(AllowanceRunResultSchema.parse((await run(c.slug, last).expect(200)).body).data).toMatchObject({ decided: 0, already: true });

    const decided = await monthOf(c.slug, last, finance);
    expect(decided.decided).toBe(true);
    expect(byTrainee(decided, ana)).toMatchObject({ outcome: 'ELIGIBLE', amount_sen: 250000 });
    expect(byTrainee(decided, ana).trace.attendance).toMatchObject({ attended: 4, counted: 4, percent: 100, result: 'PASS' });
    // 2 of 4 is 50%: pro-rated by the share.
    expect(byTrainee(decided, ben)).toMatchObject({ outcome: 'PRORATED', amount_sen: 125000 });
    expect(byTrainee(decided, ben).trace.formula).toBe('RM 2,500.00 x 50.0% (attendance) = RM 1,250.00');
    // 1 of 4, and three absences in a row: withheld, with the streak's sessions named.
    const caiMonth = byTrainee(decided, cai);
    expect(caiMonth).toMatchObject({ outcome: 'WITHHELD', amount_sen: 0 });
    expect(caiMonth.trace.absence_streak).toMatchObject({ longest: 3, result: 'PASS' });
    expect(caiMonth.trace.attendance.result).toBe('WITHHOLD');
    expect(caiMonth.trace.attendance.sessions.map((s) => s.status)).toEqual(['PRESENT', 'ABSENT', 'ABSENT', 'ABSENT']);
    expect(caiMonth.trace.attendance.sessions.every((s) => typeof s.entry_id === 'number')).toBe(true);
    // The excused session is left out: 2 of 3 is 66.7%, pro-rated.
    expect(byTrainee(decided, dina)).toMatchObject({ outcome: 'PRORATED', amount_sen: Math.floor(250000 * (2 / 3)) });
    expect(decided.total_sen).toBe(250000 + 125000 + 0 + Math.floor(250000 * (2 / 3)));

    // The ledger is append-only, and a closed month's rules cannot change.
    await expect(t.ds.query(`UPDATE allowance_ledger SET amount_sen = 1 WHERE amount_sen = 0`)).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`DELETE FROM allowance_ledger`)).rejects.toThrow(/append-only/);
    const late = await t.http
      .post(`/api/allowance/admin/programmes/${p}/rule-versions`)
      .set(bearer(admin2))
      .send({ effective_month: last, rules: DEFAULT_ALLOWANCE_RULES });
    expect(late.status).toBe(400);
    expect(late.body.errors.effective_month).toBe(ALLOWANCE_MESSAGES.versionTooEarly);
    const moved = await t.http.put(`/api/allowance/admin/cohorts/${c.slug}/programme`).set(bearer(admin2)).send({ programme_id: null });
    expect(moved.status).toBe(409);

    // Each trainee is told; the mail names the outcome, not the rules.
    await jobsSettled(t);
    const mails = await t.ds.query(
      `SELECT subject, text, attachments FROM dev_mailbox_messages WHERE mail_to = $1 AND subject LIKE 'Your allowance%'`,
      [ben.email],
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toMatch(/^Your allowance statement for \w+ \d{4}$/);
    expect(mail.text).toContain('Decision: Pro-rated, RM 1,250.00.');
    // The signed statement travels with it, made when the mail is sent.
    expect(mail.attachments).toEqual([
      {
        filename: expect.stringMatching(/^allowance-\d{4}-\d{2}-\w+\.pdf$/),
        content_type: 'application/pdf',
        size: expect.any(Number),
        content: null,
      },
    ]);
    expect(mail.attachments[0].size).toBeGreaterThan(2000);
  });

  it('pays the payment list equal to the ledger, with bank details, for finance only, audited', async () => {
    const [ana, ben] = await Promise.all(['Ana', 'Ben'].map((f) => createUser(t, { first_name: f, last_name: 'Payee' })));
    const p = await programme(RULES_ATTENDANCE_ONLY);
    const c = await cohortIn(p, [ana, ben]);
    await sessionsLastMonth(c.slug, [
      [ana, ['PRESENT', 'PRESENT', 'PRESENT', 'PRESENT']],
      [ben, ['PRESENT', 'ABSENT', 'PRESENT', 'ABSENT']],
    ]);
    await t.http
      .put('/api/finance/me/payment-details/')
      .set(bearer(ana))
      .send({ id_number: '990101-14-5678', bank_name: 'Maybank', account_number: '514012345678', account_holder: 'Ana Payee' })
      .expect(200);
    const url = `/api/allowance/admin/cohorts/${c.slug}/months/${last}/payments.csv`;
    expect((await t.http.get(url).set(bearer(finance))).status).toBe(400);
    await run(c.slug, last).expect(200);
    await t.http.get(url).set(bearer(admin2)).expect(403);
    await t.http.get(url).set(bearer(teacher)).expect(403);
    await t.http.get(url).set(bearer(ana)).expect(403);
    const res = await t.http.get(url).set(bearer(finance)).expect(200);
    const rows: Record<string, string>[] = parse(res.text.replace(/^\uFEFF/, ''), { columns: true });
    expect(rows.map((r) => [r.Trainee, r['IC or passport number'], r.Bank, r['Account number'], r['Amount (RM)'], r.Outcome])).toEqual([
      ['Ana Payee', '990101145678', 'Maybank', '514012345678', '2500.00', 'Eligible'],
      ['Ben Payee', '', '', '', '1250.00', 'Pro-rated'],
    ]);
    const total = rows.reduce((s, r) => s + Math.round(Number(r['Amount (RM)']) * 100), 0);
    expect(total).toBe((await ledger(c.slug, last)).reduce((s: number, e: { amount_sen: number }) => s + e.amount_sen, 0));
    expect(rows[0]['Decision ID']).toBe((await ledger(c.slug, last)).find((e: { trainee: string }) => e.trainee === ana.id_slug).id_slug);
    const [audit] = await t.ds.query(
      `SELECT action, detail FROM audit_log WHERE actor_id = $1 AND action = 'allowance.payment_list.exported' ORDER BY id DESC LIMIT 1`,
      [finance.id],
    );
    expect(audit.detail).toMatchObject({ month: last, rows: 2, total_sen: total });
  });
});

describe('exceptions', () => {
  it('a coach proposes, with a reason and a file; the proposer cannot approve; a second admin corrects the decided month', async () => {
    const [ana, cai] = await Promise.all(['Ana', 'Cai'].map((f) => createUser(t, { first_name: f, last_name: 'Medic' })));
    const p = await programme(RULES_ATTENDANCE_ONLY);
    const c = await cohortIn(p, [ana, cai]);
    await sessionsLastMonth(c.slug, [
      [ana, ['PRESENT', 'PRESENT', 'PRESENT', 'PRESENT']],
      [cai, ['PRESENT', 'ABSENT', 'ABSENT', 'ABSENT']],
    ]);
    await run(c.slug, last).expect(200);

    const file = await t.http
      .post(`/api/allowance/admin/cohorts/${c.slug}/exception-files`)
      .set(bearer(teacher))
      .attach('file', Buffer.from('%PDF-1.4\n% medical certificate\n'), 'mc.pdf')
      .expect(201);
    const notPdf = await t.http
      .post(`/api/allowance/admin/cohorts/${c.slug}/exception-files`)
      .set(bearer(teacher))
      .attach('file', Buffer.from('<html>'), 'mc.html');
    expect(notPdf.status).toBe(400);
    const propose = (as: TestUser) => t.http.post(`/api/allowance/admin/cohorts/${c.slug}/exceptions`).set(bearer(as));
    await propose(outsider).send({ user_id_slug: cai.id_slug, month: last, kind: 'EXCUSE_ABSENCES', reason: 'MC' }).expect(404);
    await propose(cai).send({ user_id_slug: cai.id_slug, month: last, kind: 'PAY_IN_FULL', reason: 'Me' }).expect(403);
    const noReason = await propose(teacher).send({ user_id_slug: cai.id_slug, month: last, kind: 'EXCUSE_ABSENCES', reason: ' ' });
    expect(noReason.status).toBe(400);
    const proposal = AllowanceOverrideResponseSchema.parse(
      (
        await propose(teacher)
          .send({
            user_id_slug: cai.id_slug,
            month: last,
            kind: 'EXCUSE_ABSENCES',
            reason: 'Dengue fever, medical leave',
            attachment_id_slug: file.body.id_slug,
          })
          .expect(201)
      ).body,
    ).data;
    expect(proposal).toMatchObject({ state: 'PENDING', proposed_by: 'Tan Coach', attachment: { name: 'mc.pdf' } });

    const queue = AllowanceOverridesResponseSchema.parse(
      (await t.http.get('/api/allowance/admin/exceptions').set(bearer(finance)).expect(200)).body,
    ).data;
    const queued = queue.find((o) => o.id_slug === proposal.id_slug)!;
    expect(queued.attachment?.url).toEqual(expect.any(String));
    expect((await getBytes(t, queued.attachment!.url!).expect(200)).body.subarray(0, 5).toString()).toBe('%PDF-');
    await t.http
      .post(`/api/allowance/admin/exceptions/${proposal.id_slug}/decision`)
      .set(bearer(teacher))
      .send({ approve: true })
      .expect(403);

    // An admin's own proposal needs another admin.
    const own = AllowanceOverrideResponseSchema.parse(
      (await propose(finance).send({ user_id_slug: ana.id_slug, month: last, kind: 'PAY_IN_FULL', reason: 'Test of the rule' }).expect(201))
        .body,
    ).data;
    const self = await t.http.post(`/api/allowance/admin/exceptions/${own.id_slug}/decision`).set(bearer(finance)).send({ approve: true });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(ALLOWANCE_MESSAGES.sameApprover);
    await t.http
      .post(`/api/allowance/admin/exceptions/${own.id_slug}/decision`)
      .set(bearer(admin2))
      .send({ approve: false, note: 'Not needed' })
      .expect(200);

    // A coach who follows Ana alone sees her month alone and cannot propose for Cai.
    const coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Nur', last_name: 'Coach' });
    await t.http
      .post(`/api/cohorts/admin/${c.slug}/coaches`)
      .set(bearer(admin2))
      .send({ user_id_slug: coach.id_slug, trainee_id_slugs: [ana.id_slug] })
      .expect(201);
    expect((await monthOf(c.slug, last, coach)).trainees.map((x) => x.trainee.id_slug)).toEqual([ana.id_slug]);
    await propose(coach).send({ user_id_slug: cai.id_slug, month: last, kind: 'PAY_IN_FULL', reason: 'Not mine' }).expect(422);

    const before = await ledger(c.slug, last);
    const approved = await t.http
      .post(`/api/allowance/admin/exceptions/${proposal.id_slug}/decision`)
      .set(bearer(finance))
      .send({ approve: true });
    expect(approved.status).toBe(200);
    await t.http
      .post(`/api/allowance/admin/exceptions/${proposal.id_slug}/decision`)
      .set(bearer(admin2))
      .send({ approve: true })
      .expect(409);

    // Corrected: nothing edited; a reversal of Cai's withheld month and a new decision, now eligible.
    const after = await ledger(c.slug, last);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(
      after
        .slice(before.length)
        .map((e: { kind: string; outcome: string; amount_sen: number; trainee: string }) => [e.kind, e.outcome, e.amount_sen, e.trainee]),
    ).toEqual([
      ['REVERSAL', 'WITHHELD', 0, cai.id_slug],
      ['DECISION', 'ELIGIBLE', 250000, cai.id_slug],
    ]);
    const month = await monthOf(c.slug, last, finance);
    expect(byTrainee(month, cai).trace.attendance).toMatchObject({ attended: 1, counted: 1 });
    expect(byTrainee(month, cai).trace.attendance.sessions.filter((s) => s.excused_by_exception)).toHaveLength(3);
    expect(byTrainee(month, cai).entries).toHaveLength(3);
    expect(byTrainee(month, ana).entries).toHaveLength(1);
  });
});

describe("the trainee's own allowance", () => {
  it('lists their statements, prints the signed statement, and takes one dispute, answered by two staff', async () => {
    const [ana, ben] = await Promise.all(['Ana', 'Ben'].map((f) => createUser(t, { first_name: f, last_name: 'Own' })));
    const p = await programme(RULES_ATTENDANCE_ONLY);
    const c = await cohortIn(p, [ana, ben]);
    await sessionsLastMonth(c.slug, [
      [ana, ['PRESENT', 'ABSENT', 'PRESENT', 'ABSENT']],
      [ben, ['PRESENT', 'PRESENT', 'PRESENT', 'PRESENT']],
    ]);
    await run(c.slug, last).expect(200);
    const mine = MyAllowanceResponseSchema.parse((await t.http.get('/api/allowance/me').set(bearer(ana)).expect(200)).body).data;
    expect(mine.cohort?.id_slug).toBe(c.slug);
    expect(mine.statements).toEqual([expect.objectContaining({ month: last, outcome: 'PRORATED', amount_sen: 125000, dispute: null })]);
    const decision = mine.statements[0].decision_id;

    const pdf = await readPdf((await getBytes(t, `/api/allowance/me/statements/${decision}`).set(bearer(ana)).expect(200)).body as Buffer);
    const text = pdf.lines.join(' ');
    expect(text).toContain('Pro-rated: RM 1,250.00');
    expect(text).toContain('Rule: at least 75% of counted mandatory sessions attended; from 50% the month is pro-rated.');
    expect(text).toContain('Result: Not met: pro-rated. Attended 2 of 4 (50%).');
    expect(text).toMatch(/eyJ/);
    await t.http.get(`/api/allowance/me/statements/${decision}`).set(bearer(ben)).expect(404);
    await t.http.post(`/api/allowance/me/statements/${decision}/dispute`).set(bearer(ben)).send({ reason: 'Not mine' }).expect(404);

    const disputed = MyAllowanceResponseSchema.parse(
      (
        await t.http
          .post(`/api/allowance/me/statements/${decision}/dispute`)
          .set(bearer(ana))
          .send({ reason: 'I was in the lab on the 5th' })
          .expect(201)
      ).body,
    ).data;
    expect(disputed.statements[0].dispute?.state).toBe('OPEN');
    const again = await t.http.post(`/api/allowance/me/statements/${decision}/dispute`).set(bearer(ana)).send({ reason: 'Again' });
    expect(again.status).toBe(409);

    const [open] = AllowanceDisputesResponseSchema.parse(
      (await t.http.get('/api/allowance/admin/disputes').set(bearer(teacher)).expect(200)).body,
    ).data.filter((d) => d.trainee.id_slug === ana.id_slug);
    expect(open).toMatchObject({ reason: 'I was in the lab on the 5th', outcome: 'PRORATED', proposal: null });
    await t.http.get('/api/allowance/admin/disputes').set(bearer(ana)).expect(403);
    const answer = AllowanceOverrideResponseSchema.parse(
      (
        await t.http
          .post(`/api/allowance/admin/cohorts/${c.slug}/exceptions`)
          .set(bearer(teacher))
          .send({
            user_id_slug: ana.id_slug,
            month: last,
            kind: 'UPHOLD',
            reason: 'The register and the Zoom report agree',
            dispute_id_slug: open.id_slug,
          })
          .expect(201)
      ).body,
    ).data;
    await t.http.post(`/api/allowance/admin/exceptions/${answer.id_slug}/decision`).set(bearer(admin2)).send({ approve: true }).expect(200);
    const resolved = MyAllowanceResponseSchema.parse((await t.http.get('/api/allowance/me').set(bearer(ana)).expect(200)).body).data;
    expect(resolved.statements[0]).toMatchObject({ decision_id: decision, dispute: { state: 'RESOLVED' } });
  });
});

describe('hand-ins', () => {
  it('withholds a month with a mandatory item closed unhanded, follows extensions, and counts a hand-in within her own window', async () => {
    const [ana, ben] = await Promise.all(['Ana', 'Ben'].map((f) => createUser(t, { first_name: f, last_name: 'Hand' })));
    const rules: AllowanceRules = { ...DEFAULT_ALLOWANCE_RULES, attendance: { ...DEFAULT_ALLOWANCE_RULES.attendance, enabled: false } };
    const p = await programme(rules);
    const c = await cohortIn(p, [ana, ben]);
    await authorQuiz(t, finance, c.quiz);
    const item = await setGradeItem(t, finance, c.slug, c.quiz, {
      deadline_datetime: at(12, 23),
      is_mandatory: true,
      grade_percentage: 10,
    });
    // Ana's extension moves her item out of last month.
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect(
      (await grantExtension(t, finance, item, { user_id_slugs: [ana.id_slug], deadline_datetime: later, reason: 'Hospital' })).status,
    ).toBe(201);

    await run(c.slug, last).expect(200);
    const decided = await monthOf(c.slug, last, finance);
    expect(byTrainee(decided, ben)).toMatchObject({ outcome: 'WITHHELD', amount_sen: 0 });
    expect(byTrainee(decided, ben).trace.submissions).toMatchObject({ result: 'WITHHOLD', due: 1, handed_in: 0 });
    expect(byTrainee(decided, ben).trace.submissions.items).toEqual([expect.objectContaining({ title: 'Wafer quiz', submitted_at: null })]);
    expect(byTrainee(decided, ana)).toMatchObject({ outcome: 'ELIGIBLE', amount_sen: 250000 });
    expect(byTrainee(decided, ana).trace.submissions.items).toEqual([]);

    // Where Ana's item closes now, it is open in that month's forecast, with what to do.
    const itsMonth = new Date(Date.parse(later) + 8 * 3_600_000).toISOString().slice(0, 7);
    const forecast = await monthOf(c.slug, itsMonth, teacher);
    expect(byTrainee(forecast, ana).trace.submissions).toMatchObject({ due: 0, open: 1, result: 'PASS' });
    expect(byTrainee(forecast, ana).advice).toEqual([expect.stringMatching(/^Hand in Wafer quiz by /)]);

    // Handed in within her window: the item counts as handed in, and nothing is left to do.
    const started = await t.http.post(`/api/quizzes/cohorts/${c.slug}/lessons/${c.quiz}/start/`).set(bearer(ana)).expect(200);
    await t.http.post(`/api/quizzes/sessions/${started.body.session_id_slug}/submit/`).set(bearer(ana)).expect(200);
    const after = byTrainee(await monthOf(c.slug, itsMonth, teacher), ana);
    expect(after.trace.submissions).toMatchObject({ due: 1, handed_in: 1, open: 0, result: 'PASS' });
    expect(after.trace.submissions.items[0].submitted_at).toEqual(expect.any(String));
    expect(after.advice).toEqual([]);
  });
});

describe('logbook weeks', () => {
  it('during OJT, pro-rates a placed trainee by the share of weeks signed once their 7 days have passed; the unplaced and old rule versions count none', async () => {
    const [ida, jun] = await Promise.all(['Ida', 'Jun'].map((f) => createUser(t, { first_name: f, last_name: 'Ojt' })));
    const p = await programme(DEFAULT_ALLOWANCE_RULES);
    // OJT (after the 119-day Online phase) began three days before last month: all of it is paid OJT.
    const sinceFirst = Math.floor((Date.now() - Date.parse(`${last}-01T00:00:00+08:00`)) / 86_400_000);
    const c = await cohortIn(p, [ida, jun], -(119 + sinceFirst + 3));
    await t.http
      .post('/api/host-companies/admin')
      .set(bearer(admin2))
      .send({ name: `Fab ${n}`, registration_number: `AL-${n}`, sites: [{ name: 'Fab 1' }] });
    await t.http
      .post(`/api/cohorts/admin/${c.slug}/placements/csv`)
      .set(bearer(admin2))
      .send({
        csv: [
          'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target',
          `${ida.email},AL-${n},Fab 1,Encik Rahman,rahman-${n}@example.com,+60 4-1,40,`,
        ].join('\n'),
      })
      .expect(200);

    const forecast = await monthOf(c.slug, last, finance);
    const lb = byTrainee(forecast, ida).trace.logbook!;
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    // Every week ending last month, each past its 7 days unsigned or still within them.
    expect(lb.weeks.length).toBeGreaterThanOrEqual(4);
    for (const w of lb.weeks) {
      expect(w.ends_on.slice(0, 7)).toBe(last);
      expect(w.state).toBe(w.sign_by < today ? 'UNSIGNED' : 'OPEN');
    }
    const unsigned = lb.weeks.filter((w) => w.state === 'UNSIGNED').length;
    expect(lb).toMatchObject({ result: 'PRORATE', due: unsigned, signed: 0, open: lb.weeks.length - unsigned });
    expect(byTrainee(forecast, ida)).toMatchObject({ outcome: 'PRORATED', amount_sen: 0 });
    expect(byTrainee(forecast, ida).trace.formula).toContain('(logbook weeks signed)');
    // Jun has no placement: no week to sign, the month is his in full.
    expect(byTrainee(forecast, jun).trace.logbook).toMatchObject({ result: 'PASS', due: 0, weeks: [] });
    expect(byTrainee(forecast, jun)).toMatchObject({ outcome: 'ELIGIBLE', amount_sen: 250000 });

    // Ida logs her first week of the month and her supervisor signs it from the mailed link: it counts.
    const first = lb.weeks[0];
    const placement = (await t.http.get('/api/placements/me').set(bearer(ida)).expect(200)).body.data[0].id_slug;
    const days = [
      {
        date: first.starts_on,
        hours: 8,
        tasks: 'Wet bench under supervision',
        job_role: 'Wafer Fab Process Engineer',
        evidence: 'Shift log',
      },
    ];
    await t.http.put(`/api/placements/me/${placement}/logbook/${first.week}`).set(bearer(ida)).send({ days }).expect(200);
    await t.http.post(`/api/placements/me/${placement}/logbook/${first.week}/submit`).set(bearer(ida)).expect(200);
    await jobsSettled(t);
    const [mail] = await t.ds.query(`SELECT text FROM dev_mailbox_messages WHERE mail_to = $1`, [`rahman-${n}@example.com`]);
    const token = /\/supervisor\/week\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    await t.http.post('/api/placements/supervisor/week/decision').send({ token, decision: 'APPROVE', comment: '' }).expect(200);
    const signed = byTrainee(await monthOf(c.slug, last, finance), ida);
    expect(signed.trace.logbook).toMatchObject({ signed: 1, due: lb.due + (first.state === 'OPEN' ? 1 : 0) });
    expect(signed.trace.logbook!.weeks[0].state).toBe('SIGNED');
    expect(signed.amount_sen).toBe(Math.floor(250000 / signed.trace.logbook!.due));

    // Switched off in the programme's rules, the logbook counts nothing.
    const off = await programme({ ...DEFAULT_ALLOWANCE_RULES, logbook: { enabled: false, on_fail: 'PRORATE' } });
    await t.http.put(`/api/allowance/admin/cohorts/${c.slug}/programme`).set(bearer(admin2)).send({ programme_id: off }).expect(200);
    expect(byTrainee(await monthOf(c.slug, last, finance), ida)).toMatchObject({ outcome: 'ELIGIBLE', amount_sen: 250000 });
    // Nor in a version stored before the rule existed (no such person's action: the rules as older releases wrote them).
    await t.ds.query(
      `UPDATE allowance_rule_versions v SET rules = v.rules - 'logbook' FROM allowance_programmes p WHERE p.id = v.programme_id AND p.id_slug = $1`,
      [p],
    );
    await t.http.put(`/api/allowance/admin/cohorts/${c.slug}/programme`).set(bearer(admin2)).send({ programme_id: p }).expect(200);
    expect(byTrainee(await monthOf(c.slug, last, finance), ida).trace.logbook).toMatchObject({ result: 'OFF' });
  });
});

describe('the daily job', () => {
  it("decides every ended month not yet decided, once, and mails the cohort's staff their at-risk trainees once", async () => {
    const [ana, cai] = await Promise.all(['Ana', 'Cai'].map((f) => createUser(t, { first_name: f, last_name: 'Daily' })));
    const p = await programme(RULES_ATTENDANCE_ONLY);
    const c = await cohortIn(p, [ana, cai]);
    await sessionsLastMonth(c.slug, [
      [ana, ['PRESENT', 'PRESENT', 'PRESENT', 'PRESENT']],
      [cai, ['PRESENT', 'ABSENT', 'ABSENT', 'ABSENT']],
    ]);
    const service = t.app.get(AllowanceService);

    // As on the 20th of last month: the forecast so far finds Cai at risk; the staff of the cohort are told once.
    await service.mailAtRisk(last);
    await service.mailAtRisk(last);
    await jobsSettled(t);
    const risk = await t.ds.query(`SELECT subject, text FROM dev_mailbox_messages WHERE mail_to = $1 AND subject LIKE '%may lose%'`, [
      teacher.email,
    ]);
    expect(risk.filter((m: { subject: string }) => m.subject.includes(`Allowance cohort ${n}`))).toHaveLength(1);
    const mail = risk.find((m: { subject: string }) => m.subject.includes(`Allowance cohort ${n}`));
    expect(mail.subject).toBe(`1 trainee of Allowance cohort ${n} may lose this month's allowance`);
    expect(mail.text).toContain('Cai Daily: Withheld');
    expect(mail.text).not.toContain('Ana Daily');

    await service.daily();
    expect((await ledger(c.slug, last)).map((e: { outcome: string }) => e.outcome).sort()).toEqual(['ELIGIBLE', 'WITHHELD']);
    await service.daily();
    expect(await ledger(c.slug, last)).toHaveLength(2);
    const [runRow] = await t.ds.query(
      `SELECT r.run_by, r.decided FROM allowance_runs r JOIN cohorts c ON c.id = r.cohort_id WHERE c.id_slug = $1`,
      [c.slug],
    );
    expect(runRow).toEqual({ run_by: null, decided: 2 });
  });
});
