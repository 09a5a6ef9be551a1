import {
  DECLARE_FIRST_MESSAGE,
  ApplicantInterviewResponseSchema,
  BOOKING_LOCKED_MESSAGE,
  INTERVIEW_RUBRIC_FIXED_MESSAGE,
  InterviewDetailResponseSchema,
  InterviewSlotResponseSchema,
  InterviewSlotsResponseSchema,
  MyInterviewsResponseSchema,
  NO_SHOW_EARLY_MESSAGE,
  NO_SHOW_SCORED_MESSAGE,
  NOT_INTERVIEWING_MESSAGE,
  NOT_ON_PANEL_MESSAGE,
  PANEL_STAFF_MESSAGE,
  SLOT_CAPACITY_BOOKED_MESSAGE,
  SLOT_CLOSED_MESSAGE,
  SLOT_FULL_MESSAGE,
  SLOT_WHERE_MESSAGE,
  TimelineResponseSchema,
} from '@school/contracts';
import { admissionShortlistedStrings } from '../../src/platform/mail/templates/admission-decision';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterviewMailService } from '../../src/modules/admissions/interview-mail.service';
import { validApplication } from '../fixtures/application.fixtures';
import { jobsSettled } from '../fixtures/jobs.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Interviews between shortlist and offer: admins publish slots with a panel, a shortlisted
 * applicant books one through their private link (one booking, changeable until 24 hours before,
 * never in a full slot), is mailed a calendar invitation and reminded the day before; the panel
 * scores on the intake's interview rubric and records a no-show.
 */
const INTAKE = 'youth-programme-2027';
const WEB_ORIGIN = 'http://site.example.test';
const HOUR = 3600_000;

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let panelist: TestUser;
let panelist2: TestUser;
let outsider: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '1', WEB_ORIGIN });
  admin = await createUser(t, { role: 'ADMIN' });
  reviewer = await createUser(t, { role: 'INSTRUCTOR' });
  panelist = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Siti', last_name: 'Panel' });
  panelist2 = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Kumar', last_name: 'Panel' });
  outsider = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Not', last_name: 'Onpanel' });
  student = await createUser(t, { role: 'STUDENT' });
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/rubric`)
    .set(bearer(admin))
    .send({ criteria: [{ id: 'motivation', title: 'Motivation', weight: 1, levels: ['1', '2', '3', '4', '5'] }] })
    .expect(200);
});
afterAll(async () => t?.close());

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Mail {
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string; content: string | null }[];
}
const inbox = (to: string): Promise<Mail[]> =>
  t.ds.query(`SELECT subject, text, attachments FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);
const mailWith = (to: string, subject: RegExp, n = 1) =>
  until(`mail ${subject} #${n} to ${to}`, async () => {
    const found = (await inbox(to)).filter((m) => subject.test(m.subject));
    return found.length >= n && found[n - 1];
  });

let seq = 0;
/** An application on the shortlist, with the private link of its shortlist mail. */
async function shortlisted() {
  const email = `interview${++seq}-${Date.now()}@apply.test`;
  const a = await screenedAndScored(email);
  await t.http
    .post('/api/admissions/admin/decisions')
    .set(bearer(admin))
    .send({ application_ids: [a.id_slug], decision: 'SHORTLIST', reason: 'Strong application' })
    .expect(200);
  const mail = await mailWith(email, /shortlist/i);
  const token = /\/applications\/[0-9a-f]+\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  return { ...a, email, token };
}
async function screenedAndScored(email: string) {
  await t.http
    .post('/api/sheet/submit-form/')
    .send(validApplication({ email, full_name: `Applicant ${seq}` }))
    .expect(201);
  const [row] = await t.ds.query(`SELECT id, id_slug FROM programme_applications WHERE email = $1`, [email]);
  await t.http
    .post(`/api/admissions/admin/applications/${row.id_slug}/screening`)
    .set(bearer(admin))
    .send({ eligible: true, reason: '' })
    .expect(200);
  await t.http
    .post('/api/admissions/admin/assignments')
    .set(bearer(admin))
    .send({ application_ids: [row.id_slug], reviewer_ids: [reviewer.id_slug] })
    .expect(200);
  await t.http
    .post(`/api/admissions/review/applications/${row.id_slug}/declaration`)
    .set(bearer(reviewer))
    .send({ conflict: false })
    .expect(200);
  await t.http
    .put(`/api/admissions/review/applications/${row.id_slug}/score`)
    .set(bearer(reviewer))
    .send({ scores: { motivation: 4 }, comment: '' })
    .expect(200);
  return { id_slug: row.id_slug as string, id: String(row.id) };
}

const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
async function publish(body: Record<string, unknown> = {}) {
  const res = await t.http
    .post(`/api/admissions/admin/intakes/${INTAKE}/interview-slots`)
    .set(bearer(admin))
    .send({ starts_at: inHours(72), duration_minutes: 30, place: 'Room 3, Penang campus', panel_ids: [panelist.id_slug], ...body })
    .expect(201);
  return InterviewSlotResponseSchema.parse(res.body).data;
}
const applicantView = async (a: { id_slug: string; token: string }) =>
  ApplicantInterviewResponseSchema.parse(
    (await t.http.post(`/api/admissions/status/${a.id_slug}/interview`).send({ token: a.token }).expect(200)).body,
  ).data;
const book = (a: { id_slug: string; token: string }, slotId: string) =>
  t.http.post(`/api/admissions/status/${a.id_slug}/interview/book`).send({ token: a.token, slot_id: slotId });
const cancel = (a: { id_slug: string; token: string }) =>
  t.http.post(`/api/admissions/status/${a.id_slug}/interview/cancel`).send({ token: a.token });
/** Moves a slot's moment (time passing for the test): the database's clock is the one the rules read. */
const moveSlot = (slotId: string, hoursFromNow: number) =>
  t.ds.query(`UPDATE interview_slots SET starts_at = now() + $2 * interval '1 hour' WHERE id_slug = $1`, [slotId, hoursFromNow]);

function parseIcs(ics: string) {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const zone = comp.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  const vevent = comp.getFirstSubcomponent('vevent')!;
  return { comp, vevent, event: new ICAL.Event(vevent) };
}

describe('the shortlist is asked to book', () => {
  it('the shortlist mail asks for an interview booking only while a time is open to book', async () => {
    const early = await shortlisted();
    const noSlot = await mailWith(early.email, /shortlist/i);
    expect(noSlot.text).not.toContain(admissionShortlistedStrings.interview);
    expect(noSlot.text).toContain('We will email you our decision soon.');

    // A slot less than 24 hours away cannot be booked: still no line.
    const soon = await publish();
    await moveSlot(soon.id_slug, 3);
    expect((await mailWith((await shortlisted()).email, /shortlist/i)).text).not.toContain(admissionShortlistedStrings.interview);

    await publish();
    const later = await shortlisted();
    expect((await mailWith(later.email, /shortlist/i)).text).toContain(admissionShortlistedStrings.interview);
  });
});

describe('admins publish interview slots', () => {
  it('mails each panel member of a new slot that it lists them, with its moment, place and their interviews page', async () => {
    const place = `Room ${Date.now()}`;
    // Earlier tests' slots mail this panel too: let those mails arrive before counting.
    await jobsSettled(t);
    const earlier = await Promise.all([panelist, panelist2].map(async (p) => (await inbox(p.email)).length));
    await publish({ place, panel_ids: [panelist.id_slug, panelist2.id_slug] });
    for (const [i, p] of [panelist, panelist2].entries()) {
      const mail = await mailWith(p.email, /interview panel/i, earlier[i] + 1);
      expect(mail.text).toContain(place);
      expect(mail.text).toContain('/admin/interviews');
    }
    // A failed publication (a non-staff panel member) mails nobody: the mail is queued in its transaction.
    const before = (await inbox(panelist.email)).length;
    await t.http
      .post(`/api/admissions/admin/intakes/${INTAKE}/interview-slots`)
      .set(bearer(admin))
      .send({ starts_at: inHours(72), duration_minutes: 30, place: 'Nowhere', panel_ids: [panelist.id_slug, student.id_slug] })
      .expect(400);
    await publish({ place: `${place} later`, panel_ids: [panelist2.id_slug] });
    await mailWith(panelist2.email, /interview panel/i, 2);
    expect((await inbox(panelist.email)).filter((m) => m.text.includes('Nowhere'))).toEqual([]);
    expect((await inbox(panelist.email)).length).toBe(before);
  });

  it('publishes a slot with its panel, and refuses a slot without place or link, in the past, or with a non-staff panel', async () => {
    const slot = await publish({
      meeting_link: 'https://meet.example.test/a',
      capacity: 2,
      panel_ids: [panelist.id_slug, panelist2.id_slug],
    });
    expect(slot.panel.map((p) => p.last_name)).toEqual(['Panel', 'Panel']);
    expect(slot.capacity).toBe(2);
    expect(slot.starts_at_text).toMatch(/\(Malaysia time\)$/);
    const base = `/api/admissions/admin/intakes/${INTAKE}/interview-slots`;
    const noWhere = await t.http
      .post(base)
      .set(bearer(admin))
      .send({ starts_at: inHours(72), duration_minutes: 30, panel_ids: [panelist.id_slug] })
      .expect(400);
    expect(noWhere.body.errors.place).toBe(SLOT_WHERE_MESSAGE);
    const past = await t.http
      .post(base)
      .set(bearer(admin))
      .send({ starts_at: inHours(-1), duration_minutes: 30, place: 'Room 1', panel_ids: [panelist.id_slug] })
      .expect(400);
    expect(past.body.errors.starts_at).toBeTruthy();
    const studentPanel = await t.http
      .post(base)
      .set(bearer(admin))
      .send({ starts_at: inHours(72), duration_minutes: 30, place: 'Room 1', panel_ids: [student.id_slug] })
      .expect(400);
    expect(studentPanel.body.errors.panel_ids).toBe(PANEL_STAFF_MESSAGE);
    await t.http.post(base).set(bearer(panelist)).send({}).expect(403);
    const list = InterviewSlotsResponseSchema.parse((await t.http.get(base).set(bearer(admin)).expect(200)).body).data;
    expect(list.map((s) => s.id_slug)).toContain(slot.id_slug);
  });
});

describe('a shortlisted applicant books a slot through their private link', () => {
  it('an admin changes a booked slot: its applicant gets the updated invitation (same event, next sequence), new panel members are told', async () => {
    const a = await shortlisted();
    const slot = await publish({ starts_at: '2030-06-02T02:00:00.000Z', capacity: 2 });
    await book(a, slot.id_slug).expect(200);
    const first = parseIcs((await mailWith(a.email, /interview .* is booked/i)).attachments[0].content!);
    const update = (body: Record<string, unknown>) =>
      t.http
        .put(`/api/admissions/admin/interview-slots/${slot.id_slug}`)
        .set(bearer(admin))
        .send({
          starts_at: '2030-06-03T06:00:00.000Z',
          duration_minutes: 40,
          place: 'Room 7',
          capacity: 2,
          panel_ids: [panelist.id_slug],
          ...body,
        });

    // Never fewer places than bookings; never in the past; the panel is staff.
    expect((await update({ capacity: 0 }).expect(400)).body.errors.capacity).toBeTruthy();
    const second = await shortlisted();
    await book(second, slot.id_slug).expect(200);
    expect((await update({ capacity: 1 }).expect(400)).body.errors.capacity).toBe(SLOT_CAPACITY_BOOKED_MESSAGE(2));
    await update({ starts_at: '2020-01-01T00:00:00.000Z' }).expect(400);
    await update({ panel_ids: [student.id_slug] }).expect(400);
    await t.http.put(`/api/admissions/admin/interview-slots/${slot.id_slug}`).set(bearer(panelist)).send({}).expect(403);

    await jobsSettled(t);
    const before = (await inbox(panelist2.email)).length;
    const changed = InterviewSlotResponseSchema.parse(
      (await update({ panel_ids: [panelist.id_slug, panelist2.id_slug] }).expect(200)).body,
    ).data;
    expect(changed).toMatchObject({ starts_at: '2030-06-03T06:00:00.000Z', duration_minutes: 40, place: 'Room 7' });
    const mail = await mailWith(a.email, /interview .* has changed/i);
    expect(mail.text).toContain('Room 7');
    const next = parseIcs(mail.attachments.find((x) => x.filename === 'invitation.ics')!.content!);
    expect(next.event.uid).toBe(first.event.uid);
    expect(next.event.sequence).toBeGreaterThan(first.event.sequence);
    expect(next.event.startDate.toJSDate().toISOString()).toBe('2030-06-03T06:00:00.000Z');
    expect(next.event.endDate.toJSDate().toISOString()).toBe('2030-06-03T06:40:00.000Z');
    await mailWith(second.email, /interview .* has changed/i);
    // The newly added panel member is told they are on it, the one who stays that it moved; the timeline names the change.
    await mailWith(panelist2.email, /interview panel/i, before + 1);
    const moved = await mailWith(panelist.email, /^Your interview panel moved to Monday, 3 June 2030 at 14:00/);
    expect(moved.text).toContain('it was on Sunday, 2 June 2030 at 10:00 (Malaysia time)');
    const timeline = TimelineResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/applications/${a.id_slug}/timeline`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(timeline.map((x) => x.reason)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Interview changed by the school: now Monday, 3 June 2030 at 14:00 \(Malaysia time\)$/),
      ]),
    );

    // Only a change of panel or places: nobody booked is mailed again, nor the member who stays;
    // the member taken off is told, once.
    await jobsSettled(t);
    const mails = (await inbox(a.email)).length;
    const kept = (await inbox(panelist.email)).length;
    await update({ capacity: 3 }).expect(200);
    await update({ capacity: 3 }).expect(200);
    await mailWith(panelist2.email, /^You are no longer on the interview panel on Monday, 3 June 2030 at 14:00/);
    expect((await inbox(a.email)).length).toBe(mails);
    expect((await inbox(panelist.email)).length).toBe(kept);
    expect((await inbox(panelist2.email)).filter((m) => /no longer/.test(m.subject))).toHaveLength(1);
  });

  it('an admin cancels a booked slot with its reason: the booking is released and the applicant mailed the cancellation, to book another', async () => {
    const a = await shortlisted();
    const slot = await publish({ starts_at: '2030-07-01T02:00:00.000Z' });
    const other = await publish({ starts_at: '2030-07-02T02:00:00.000Z' });
    await book(a, slot.id_slug).expect(200);
    const booked = parseIcs((await mailWith(a.email, /interview .* is booked/i)).attachments[0].content!);
    const cancelSlot = (body: Record<string, unknown>) =>
      t.http.post(`/api/admissions/admin/interview-slots/${slot.id_slug}/cancel`).set(bearer(admin)).send(body);
    expect((await cancelSlot({ reason: '' }).expect(400)).body.errors.reason).toBeTruthy();
    await t.http
      .post(`/api/admissions/admin/interview-slots/${slot.id_slug}/cancel`)
      .set(bearer(panelist))
      .send({ reason: 'x' })
      .expect(403);

    const left = InterviewSlotsResponseSchema.parse(
      (await cancelSlot({ reason: 'The interview room is closed for repairs' }).expect(200)).body,
    ).data;
    expect(left.map((s) => s.id_slug)).not.toContain(slot.id_slug);
    const mail = await mailWith(a.email, /cancelled by the school/i);
    expect(mail.text).toContain('The interview room is closed for repairs');
    const ics = mail.attachments.find((x) => x.filename === 'invitation.ics')!;
    expect(ics.content_type).toContain('text/calendar');
    const gone = parseIcs(ics.content!);
    expect(gone.comp.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(gone.event.uid).toBe(booked.event.uid);
    expect(gone.event.sequence).toBeGreaterThan(booked.event.sequence);
    expect((await applicantView(a)).booking).toBeNull();
    // The panel is told, with the reason.
    const told = await mailWith(panelist.email, /^The interview slot on Monday, 1 July 2030 at 10:00 \(Malaysia time\) is cancelled$/);
    expect(told.text).toContain('The interview room is closed for repairs');
    await book(a, other.id_slug).expect(200);
    await cancelSlot({ reason: 'Again' }).expect(404);
  });

  it('books, gets the calendar invitation in Malaysia time, changes to another slot, and keeps one booking', async () => {
    const a = await shortlisted();
    const first = await publish({ starts_at: '2030-05-06T02:00:00.000Z', duration_minutes: 45 });
    const second = await publish({ starts_at: '2030-05-07T06:30:00.000Z', meeting_link: 'https://meet.example.test/b' });
    const before = await applicantView(a);
    expect(before.open).toBe(true);
    expect(before.booking).toBeNull();
    expect(before.slots.map((s) => s.id_slug)).toEqual(expect.arrayContaining([first.id_slug, second.id_slug]));

    const booked = ApplicantInterviewResponseSchema.parse((await book(a, first.id_slug).expect(200)).body);
    expect(booked.data.booking?.id_slug).toBe(first.id_slug);
    expect(booked.data.booking?.can_change).toBe(true);

    const mail = await mailWith(a.email, /interview .* is booked/i);
    expect(mail.text).toContain('Room 3, Penang campus');
    const ics = mail.attachments.find((x) => x.filename === 'invitation.ics');
    expect(ics?.content_type).toContain('text/calendar');
    const { event, vevent } = parseIcs(ics!.content!);
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Kuala_Lumpur');
    expect(event.startDate.hour).toBe(10);
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-05-06T02:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-05-06T02:45:00.000Z');
    expect(event.location).toContain('Room 3, Penang campus');
    // The mail's link opens the same application.
    expect(mail.text).toContain(`${WEB_ORIGIN}/applications/${a.id_slug}?token=`);

    await book(a, second.id_slug).expect(200);
    const moved = await mailWith(a.email, /interview .* is booked/i, 2);
    const again = parseIcs(moved.attachments[0].content!);
    expect(again.event.uid).toBe(event.uid);
    expect(again.event.sequence).toBeGreaterThan(event.sequence);
    expect(again.event.startDate.toJSDate().toISOString()).toBe('2030-05-07T06:30:00.000Z');
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM interview_bookings WHERE application_id = $1`, [a.id]);
    expect(n).toBe(1);
    const slots = InterviewSlotsResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/intakes/${INTAKE}/interview-slots`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(slots.find((s) => s.id_slug === first.id_slug)!.bookings).toEqual([]);
    expect(slots.find((s) => s.id_slug === second.id_slug)!.bookings.map((b) => b.application_id_slug)).toEqual([a.id_slug]);

    // The applicant's own timeline lists states: booking is no new one.
    const status = await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token: a.token }).expect(200);
    expect(status.body.data.timeline.map((x: { status: string }) => x.status).filter((x: string) => x === 'SHORTLISTED')).toHaveLength(1);
    const timeline = TimelineResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/applications/${a.id_slug}/timeline`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(timeline.map((x) => x.reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Interview booked for /), expect.stringMatching(/^Interview moved to /)]),
    );
  });

  it('refuses a full slot, and an applicant’s token reaches only their own booking', async () => {
    const a = await shortlisted();
    const b = await shortlisted();
    const slot = await publish();
    await book(a, slot.id_slug).expect(200);
    const full = await book(b, slot.id_slug).expect(409);
    expect(full.body.message).toBe(SLOT_FULL_MESSAGE);
    const seen = await applicantView(b);
    expect(seen.booking).toBeNull();
    expect(seen.slots.find((s) => s.id_slug === slot.id_slug)?.full).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(a.id_slug);
    // a's token on b's application, and a's token to change or cancel b: the link's 404.
    await t.http.post(`/api/admissions/status/${b.id_slug}/interview`).send({ token: a.token }).expect(404);
    await t.http.post(`/api/admissions/status/${b.id_slug}/interview/book`).send({ token: a.token, slot_id: slot.id_slug }).expect(404);
    await t.http.post(`/api/admissions/status/${b.id_slug}/interview/cancel`).send({ token: a.token }).expect(404);
    expect((await applicantView(a)).booking?.id_slug).toBe(slot.id_slug);
  });

  it('refuses booking before the shortlist', async () => {
    const email = `notyet${Date.now()}@apply.test`;
    const a = await screenedAndScored(email);
    const token = /token=([A-Za-z0-9_-]+)/.exec((await mailWith(email, /./)).text)![1];
    const slot = await publish();
    const view = await applicantView({ id_slug: a.id_slug, token });
    expect(view.open).toBe(false);
    expect(view.slots).toEqual([]);
    const res = await book({ id_slug: a.id_slug, token }, slot.id_slug).expect(409);
    expect(res.body.message).toBe(NOT_INTERVIEWING_MESSAGE);
  });

  it('changes and cancellations stop 24 hours before the slot; a slot less than 24 hours away cannot be booked', async () => {
    const a = await shortlisted();
    const slot = await publish();
    const other = await publish();
    await book(a, slot.id_slug).expect(200);
    await moveSlot(slot.id_slug, 23);
    expect((await applicantView(a)).booking?.can_change).toBe(false);
    expect((await book(a, other.id_slug).expect(409)).body.message).toBe(BOOKING_LOCKED_MESSAGE);
    expect((await cancel(a).expect(409)).body.message).toBe(BOOKING_LOCKED_MESSAGE);

    const b = await shortlisted();
    const soon = await publish();
    await moveSlot(soon.id_slug, 20);
    expect((await applicantView(b)).slots.map((s) => s.id_slug)).not.toContain(soon.id_slug);
    expect((await book(b, soon.id_slug).expect(409)).body.message).toBe(SLOT_CLOSED_MESSAGE);
  });

  it('cancels a booking and mails the invitation’s withdrawal', async () => {
    const a = await shortlisted();
    const slot = await publish();
    await book(a, slot.id_slug).expect(200);
    const res = ApplicantInterviewResponseSchema.parse((await cancel(a).expect(200)).body);
    expect(res.data.booking).toBeNull();
    const mail = await mailWith(a.email, /cancelled/i);
    const { comp } = parseIcs(mail.attachments[0].content!);
    expect(comp.getFirstPropertyValue('method')).toBe('CANCEL');
    await book(a, slot.id_slug).expect(200);
  });

  it('reminds the applicant the day before, once per slot start', async () => {
    const a = await shortlisted();
    const slot = await publish();
    await book(a, slot.id_slug).expect(200);
    const service = t.app.get(InterviewMailService);
    // Three days away: not yet.
    await service.sendReminders();
    expect((await t.ds.query(`SELECT reminded_for FROM interview_bookings WHERE application_id = $1`, [a.id]))[0].reminded_for).toBeNull();
    await moveSlot(slot.id_slug, 23.9);
    expect(await service.sendReminders()).toBeGreaterThanOrEqual(1);
    const mail = await mailWith(a.email, /Reminder: your interview/);
    expect(mail.attachments[0].filename).toBe('invitation.ics');
    // Claimed once: the next run finds nothing due for it.
    expect(await service.sendReminders()).toBe(0);
  });
});

describe('the panel scores on the intake’s interview rubric', () => {
  const rubric = {
    criteria: [
      { id: 'communication', title: 'Communication', max_points: 10 },
      { id: 'technical', title: 'Technical reasoning', max_points: 20 },
    ],
  };
  const score = (u: TestUser, id: string, scores: Record<string, number>, comment = '') =>
    t.http.put(`/api/admissions/interviews/${id}/score`).set(bearer(u)).send({ scores, comment });
  const declaration = (u: TestUser, id: string) => t.http.get(`/api/admissions/interviews/${id}/declaration`).set(bearer(u));
  const declare = (u: TestUser, id: string, conflict = false, note = '') =>
    t.http.post(`/api/admissions/interviews/${id}/declaration`).set(bearer(u)).send({ conflict, note });

  it('scores by the panel only; admins see every score on the application, a panel member their own', async () => {
    await t.http.put(`/api/admissions/admin/intakes/${INTAKE}/interview-rubric`).set(bearer(admin)).send(rubric).expect(200);
    const a = await shortlisted();
    const slot = await publish({ panel_ids: [panelist.id_slug, panelist2.id_slug] });
    await book(a, slot.id_slug).expect(200);

    // Someone off the panel: neither reads nor scores the interview.
    await t.http.get(`/api/admissions/interviews/${a.id_slug}`).set(bearer(outsider)).expect(404);
    await score(outsider, a.id_slug, { communication: 5, technical: 5 }).expect(404);
    expect((await score(admin, a.id_slug, { communication: 5, technical: 5 }).expect(403)).body.message).toBe(NOT_ON_PANEL_MESSAGE);
    await t.http.put(`/api/admissions/interviews/${a.id_slug}/score`).set(bearer(student)).send({ scores: {} }).expect(403);
    await declaration(outsider, a.id_slug).expect(404);
    await declare(outsider, a.id_slug).expect(404);
    await declaration(student, a.id_slug).expect(403);

    // A panel member first declares whether they have a conflict with the applicant, named on that question only.
    expect((await score(panelist, a.id_slug, { communication: 5, technical: 5 }).expect(403)).body.message).toBe(DECLARE_FIRST_MESSAGE);
    expect((await t.http.get(`/api/admissions/interviews/${a.id_slug}`).set(bearer(panelist)).expect(403)).body.message).toBe(
      DECLARE_FIRST_MESSAGE,
    );
    expect((await declaration(panelist, a.id_slug).expect(200)).body.data).toEqual({
      applicant_name: expect.stringMatching(/^Applicant /),
      declared: false,
    });
    await declare(panelist, a.id_slug).expect(200, { data: { conflict: false, assigned: true } });
    await declare(panelist2, a.id_slug).expect(200);
    expect((await declaration(panelist, a.id_slug).expect(200)).body.data.declared).toBe(true);

    const over = await score(panelist, a.id_slug, { communication: 11, technical: 5 }).expect(400);
    expect(over.body.errors['scores.communication']).toMatch(/at most 10 points/);
    await score(panelist, a.id_slug, { communication: 5 }).expect(400);

    const mine = InterviewDetailResponseSchema.parse(
      (await score(panelist, a.id_slug, { communication: 8, technical: 15 }, 'Clear').expect(200)).body,
    ).data;
    expect(mine.scores).toHaveLength(1);
    expect(mine.scores[0].total).toBe(23);
    await score(panelist2, a.id_slug, { communication: 6, technical: 12 }).expect(200);

    const own = InterviewDetailResponseSchema.parse(
      (await t.http.get(`/api/admissions/interviews/${a.id_slug}`).set(bearer(panelist2)).expect(200)).body,
    ).data;
    expect(own.scores.map((s) => s.total)).toEqual([18]);
    const all = InterviewDetailResponseSchema.parse(
      (await t.http.get(`/api/admissions/interviews/${a.id_slug}`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(all.scores.map((s) => [s.interviewer.first_name, s.total])).toEqual([
      ['Siti', 23],
      ['Kumar', 18],
    ]);
    expect(all.max_total).toBe(30);

    const listed = MyInterviewsResponseSchema.parse(
      (await t.http.get('/api/admissions/interviews').set(bearer(panelist)).expect(200)).body,
    ).data;
    expect(listed.find((s) => s.id_slug === slot.id_slug)?.bookings[0]).toMatchObject({ application_id_slug: a.id_slug, my_total: 23 });
    const outsiders = MyInterviewsResponseSchema.parse(
      (await t.http.get('/api/admissions/interviews').set(bearer(outsider)).expect(200)).body,
    ).data;
    expect(outsiders).toEqual([]);

    // Scored: the criteria and their points stay; a title may change.
    const changed = await t.http
      .put(`/api/admissions/admin/intakes/${INTAKE}/interview-rubric`)
      .set(bearer(admin))
      .send({ criteria: [rubric.criteria[0], { ...rubric.criteria[1], max_points: 30 }] })
      .expect(409);
    expect(changed.body.message).toBe(INTERVIEW_RUBRIC_FIXED_MESSAGE);
    await t.http
      .put(`/api/admissions/admin/intakes/${INTAKE}/interview-rubric`)
      .set(bearer(admin))
      .send({ criteria: [rubric.criteria[0], { ...rubric.criteria[1], title: 'Technical depth' }] })
      .expect(200);
  });

  it('a panel member’s conflict takes them off that applicant’s panel only, with their score, and is logged for the admins', async () => {
    await t.http.put(`/api/admissions/admin/intakes/${INTAKE}/interview-rubric`).set(bearer(admin)).send(rubric);
    const [a, b] = [await shortlisted(), await shortlisted()];
    const slot = await publish({ panel_ids: [panelist.id_slug, panelist2.id_slug], capacity: 2 });
    await book(a, slot.id_slug).expect(200);
    await book(b, slot.id_slug).expect(200);
    // A conflict needs its reason.
    expect((await declare(panelist, a.id_slug, true).expect(400)).body.errors.note).toBeTruthy();
    expect((await declare(panelist, a.id_slug, true, 'My cousin').expect(200)).body).toEqual({ data: { conflict: true, assigned: false } });

    // Off a's panel: a's interview is unknown to them, and a leaves their list; b stays.
    await t.http.get(`/api/admissions/interviews/${a.id_slug}`).set(bearer(panelist)).expect(404);
    await declaration(panelist, a.id_slug).expect(404);
    await score(panelist, a.id_slug, { communication: 5, technical: 5 }).expect(404);
    const listed = MyInterviewsResponseSchema.parse(
      (await t.http.get('/api/admissions/interviews').set(bearer(panelist)).expect(200)).body,
    ).data;
    expect(listed.find((s) => s.id_slug === slot.id_slug)?.bookings.map((x) => [x.application_id_slug, x.declared])).toEqual([
      [b.id_slug, false],
    ]);
    await declare(panelist, b.id_slug).expect(200);
    await score(panelist, b.id_slug, { communication: 7, technical: 10 }).expect(200);
    // The other member still interviews a.
    await declare(panelist2, a.id_slug).expect(200);
    await score(panelist2, a.id_slug, { communication: 6, technical: 12 }).expect(200);

    // The admins see the conflict with its reason.
    const conflicts = (await t.http.get(`/api/admissions/admin/applications/${a.id_slug}/conflicts`).set(bearer(admin)).expect(200)).body
      .data;
    expect(conflicts).toEqual([
      expect.objectContaining({ assignment: 'interview', note: 'My cousin', staff: expect.objectContaining({ first_name: 'Siti' }) }),
    ]);
  });

  it('a conflict declared after scoring withdraws that score', async () => {
    const a = await shortlisted();
    const slot = await publish({ panel_ids: [panelist.id_slug, panelist2.id_slug] });
    await book(a, slot.id_slug).expect(200);
    await declare(panelist, a.id_slug).expect(200);
    await score(panelist, a.id_slug, { communication: 8, technical: 15 }).expect(200);
    await declare(panelist, a.id_slug, true, 'Recognised them at the interview: a former colleague').expect(200);
    const all = InterviewDetailResponseSchema.parse(
      (await t.http.get(`/api/admissions/interviews/${a.id_slug}`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(all.scores).toEqual([]);
  });

  it('records a no-show once the interview’s time has come (a panel member or an admin), and then takes no score', async () => {
    const a = await shortlisted();
    const slot = await publish();
    await book(a, slot.id_slug).expect(200);
    const noShow = (u: TestUser) => t.http.post(`/api/admissions/interviews/${a.id_slug}/no-show`).set(bearer(u)).send({});
    await declare(panelist, a.id_slug).expect(200);
    expect((await noShow(panelist).expect(409)).body.message).toBe(NO_SHOW_EARLY_MESSAGE);
    await moveSlot(slot.id_slug, -1);
    await noShow(outsider).expect(404);
    const res = InterviewDetailResponseSchema.parse((await noShow(panelist).expect(200)).body).data;
    expect(res.booking?.no_show_at).not.toBeNull();
    expect(res.booking?.no_show_by?.first_name).toBe('Siti');
    expect(res.can_score).toBe(false);
    expect((await score(panelist, a.id_slug, { communication: 1, technical: 1 }).expect(409)).body.message).toBe(NO_SHOW_SCORED_MESSAGE);
    const timeline = TimelineResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/applications/${a.id_slug}/timeline`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(timeline.at(-1)).toMatchObject({
      reason: expect.stringMatching(/^No-show at the interview of /),
      actor: { first_name: 'Siti' },
    });
    expect((await applicantView(a)).booking?.no_show).toBe(true);
  });
});

describe('the interview stage in the pipeline', () => {
  const stageOf = async (search: string, interview?: string) => {
    const query = new URLSearchParams({ intake: INTAKE, search_query: search, page_size: '100', ...(interview ? { interview } : {}) });
    const res = await t.http.get(`/api/admissions/admin/applications?${query}`).set(bearer(admin)).expect(200);
    return (res.body.data as { id_slug: string; interview: { stage: string; starts_at: string | null } | null }[]).map(
      (a) => [a.id_slug, a.interview] as const,
    );
  };

  it('shows each shortlisted application’s stage (not booked, booked with its moment, interviewed, no-show) and filters the list and a bulk decision by it', async () => {
    const [waiting, booked, interviewed, absent] = [await shortlisted(), await shortlisted(), await shortlisted(), await shortlisted()];
    const slot = await publish({ capacity: 3 });
    for (const a of [booked, interviewed, absent]) await book(a, slot.id_slug).expect(200);
    // The intake's rubric as it stands (other tests may have scored under it already).
    let criteria = (await t.http.get(`/api/admissions/intakes/${INTAKE}/interview-rubric`).set(bearer(admin)).expect(200)).body.data
      .criteria as { id: string }[];
    if (!criteria.length) {
      criteria = [{ id: 'communication' }];
      await t.http
        .put(`/api/admissions/admin/intakes/${INTAKE}/interview-rubric`)
        .set(bearer(admin))
        .send({ criteria: [{ id: 'communication', title: 'Communication', max_points: 10 }] })
        .expect(200);
    }
    await t.http
      .post(`/api/admissions/interviews/${interviewed.id_slug}/declaration`)
      .set(bearer(panelist))
      .send({ conflict: false })
      .expect(200);
    await t.http
      .put(`/api/admissions/interviews/${interviewed.id_slug}/score`)
      .set(bearer(panelist))
      .send({ scores: Object.fromEntries(criteria.map((c) => [c.id, 1])), comment: '' })
      .expect(200);
    await moveSlot(slot.id_slug, -1);
    await t.http.post(`/api/admissions/interviews/${absent.id_slug}/no-show`).set(bearer(admin)).send({}).expect(200);

    const all = new Map(await stageOf('Applicant'));
    expect(all.get(waiting.id_slug)).toEqual({ stage: 'NOT_BOOKED', starts_at: null });
    expect(all.get(booked.id_slug)).toEqual({ stage: 'BOOKED', starts_at: expect.stringMatching(/Z$/) });
    expect(all.get(interviewed.id_slug)).toMatchObject({ stage: 'INTERVIEWED' });
    expect(all.get(absent.id_slug)).toMatchObject({ stage: 'NO_SHOW' });
    // Before the shortlist there is no stage.
    const submitted = await screenedAndScored(`no-stage-${Date.now()}@apply.test`);
    expect(new Map(await stageOf('Applicant')).get(submitted.id_slug)).toBeNull();

    const ids = (rows: (readonly [string, unknown])[]) => rows.map((r) => r[0]);
    expect(ids(await stageOf('Applicant', 'NOT_BOOKED'))).toContain(waiting.id_slug);
    expect(ids(await stageOf('Applicant', 'NOT_BOOKED'))).not.toContain(booked.id_slug);
    expect(ids(await stageOf('Applicant', 'NO_SHOW'))).toEqual(expect.arrayContaining([absent.id_slug]));
    expect(ids(await stageOf('Applicant', 'NO_SHOW'))).not.toContain(interviewed.id_slug);
    await t.http.get(`/api/admissions/admin/applications?interview=LATE`).set(bearer(admin)).expect(400);

    // "Every application matching this filter": a decision on the no-shows moves exactly those.
    const noShows = ids(await stageOf('', 'NO_SHOW'));
    const res = await t.http
      .post('/api/admissions/admin/decisions')
      .set(bearer(admin))
      .send({ matching: { intake: INTAKE, interview: 'NO_SHOW' }, decision: 'REJECT', reason: 'Did not attend the interview' })
      .expect(200);
    expect(res.body.data.applications.map((a: { id_slug: string }) => a.id_slug).sort()).toEqual([...noShows].sort());
    expect(noShows).toContain(absent.id_slug);
  });
});
