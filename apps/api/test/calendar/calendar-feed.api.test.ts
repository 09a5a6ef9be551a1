import { CohortTimelineResponseSchema, CALENDAR_FEED_NOT_FOUND_MESSAGE, CalendarFeedResponseSchema } from '@school/contracts';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkInstructor } from '../fixtures/admin.fixtures';
import { grantExtension, gradedCohort, setGradeItem } from '../fixtures/grade-item.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The private calendar feed: a student's sessions, deadlines (their own, extended), late
 * deadlines, result dates and cohort days, staff's of the cohorts they teach; in Malaysia time with
 * its VTIMEZONE and stable UIDs, read with an independent RFC 5545 parser (ical.js). The address
 * is the secret: shown once, replaced by a new one, stopped on request.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid' });
  outsider = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Olga' });
  alice = await createUser(t, { first_name: 'Alice' });
  bob = await createUser(t, { first_name: 'Bob' });
});
afterAll(async () => t?.close());

const makeFeed = async (who: TestUser) =>
  CalendarFeedResponseSchema.parse((await t.http.post('/api/calendar/feed').set(bearer(who)).expect(201)).body).data;
/** The feed's path on this server, from the address it answers. */
const pathOf = (url: string) => new URL(url).pathname;

function parse(ics: string) {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const zone = comp.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  const events = comp.getAllSubcomponents('vevent').map((v) => ({ vevent: v, event: new ICAL.Event(v) }));
  return { comp, events, byUid: (prefix: string) => events.filter((e) => e.event.uid.startsWith(prefix)) };
}
const feedOf = async (url: string) => {
  const res = await t.http.get(pathOf(url)).expect(200);
  expect(res.headers['content-type']).toContain('text/calendar');
  expect(res.headers['cache-control']).toContain('no-store');
  return parse(res.text);
};

describe('the calendar feed', () => {
  it("holds a student's sessions, their own deadlines, late deadlines, result dates and cohort days, in Malaysia time", async () => {
    const c = await gradedCohort(t, admin, 'Etch feed', [alice, bob]);
    await linkInstructor(t, admin, c.cohort.id_slug, teacher);
    const item = await setGradeItem(t, admin, c.cohort.id_slug, c.project, {
      deadline_datetime: '2030-03-04T15:59:00.000Z',
      late_deadline_datetime: '2030-03-06T15:59:00.000Z',
      // After the latest extension below: an extension may not run past the results.
      result_open_datetime: '2030-03-14T01:00:00.000Z',
      grade_percentage: 100,
    });
    // Alice's own deadline moved a week.
    const granted = await grantExtension(t, admin, item, {
      user_id_slugs: [alice.id_slug],
      deadline_datetime: '2030-03-11T15:59:00.000Z',
      late_deadline_datetime: '2030-03-13T15:59:00.000Z',
    });
    expect(granted.status).toBe(201);
    const session = await t.http
      .post(`/api/cohorts/admin/${c.cohort.id_slug}/sessions`)
      .set(bearer(admin))
      .send({
        title: 'Plasma etch live',
        starts_at: '2030-03-02T02:00:00.000Z',
        duration_minutes: 90,
        mode: 'ON_SITE',
        place: 'Lab 2, Penang',
        mandatory: true,
        facilitator_id_slugs: [teacher.id_slug],
      })
      .expect(201);
    const cancelled = await t.http
      .post(`/api/cohorts/admin/${c.cohort.id_slug}/sessions`)
      .set(bearer(admin))
      .send({
        title: 'Online Q&A',
        starts_at: '2030-03-03T12:00:00.000Z',
        duration_minutes: 45,
        mode: 'ONLINE',
        meeting_url: 'https://meet.google.com/abc-defg-hij',
        mandatory: false,
        facilitator_id_slugs: [],
      })
      .expect(201);
    await t.http.post(`/api/cohorts/admin/${c.cohort.id_slug}/sessions/${cancelled.body.id_slug}/cancel`).set(bearer(admin)).expect(200);

    const made = await makeFeed(alice);
    expect(made.url).toMatch(/^http:\/\/[^/]+\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    // The address is shown once; afterwards the page says since when.
    const shown = CalendarFeedResponseSchema.parse((await t.http.get('/api/calendar/feed').set(bearer(alice)).expect(200)).body).data;
    expect(shown).toEqual({ url: null, created_at: made.created_at });

    const feed = await feedOf(made.url!);
    expect(feed.comp.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Asia/Kuala_Lumpur');
    const [s] = feed.byUid(`session-${session.body.id_slug}@`);
    expect(s.event.summary).toBe('Plasma etch live');
    expect(s.event.location).toBe('Lab 2, Penang');
    expect(s.vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Asia/Kuala_Lumpur');
    expect(s.event.startDate.toString()).toBe('2030-03-02T10:00:00');
    expect(s.event.startDate.toJSDate().toISOString()).toBe('2030-03-02T02:00:00.000Z');
    expect(s.event.endDate.toJSDate().toISOString()).toBe('2030-03-02T03:30:00.000Z');
    // A cancelled session stays, marked so, for calendars to drop it; no meeting link is in the feed.
    const [gone] = feed.byUid(`session-${cancelled.body.id_slug}@`);
    expect(gone.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(feed.events.map((e) => e.event.description).join(' ')).not.toContain('meet.google.com');
    // Alice's own (extended) deadline and late deadline; the result date.
    const [due] = feed.byUid(`deadline-${item}@`);
    expect(due.event.summary).toBe('Due: Etch feed project');
    expect(due.event.startDate.toJSDate().toISOString()).toBe('2030-03-11T15:59:00.000Z');
    expect(due.event.startDate.toString()).toBe('2030-03-11T23:59:00');
    expect(feed.byUid(`late-deadline-${item}@`)[0].event.startDate.toJSDate().toISOString()).toBe('2030-03-13T15:59:00.000Z');
    expect(feed.byUid(`results-${item}@`)[0].event.summary).toBe('Results out: Etch feed project');
    // The cohort's first and last day, as whole days.
    const [first] = feed.byUid(`cohort-start-${c.cohort.id_slug}@`);
    expect(first.event.startDate.isDate).toBe(true);
    expect(first.event.summary).toBe('Etch feed cohort: first day');

    // Each phase's first and last day, as whole days, from the cohort's timeline.
    const timeline = CohortTimelineResponseSchema.parse(
      (await t.http.get(`/api/cohorts/admin/${c.cohort.id_slug}/timeline`).set(bearer(admin)).expect(200)).body,
    ).data;
    const ojt = timeline.phases.find((p) => p.key === 'OJT')!;
    const [ojtStart] = feed.byUid(`phase-start-${c.cohort.id_slug}-ojt@`);
    expect(ojtStart.event.startDate.isDate).toBe(true);
    expect(ojtStart.event.startDate.toString()).toBe(ojt.start_date);
    expect(ojtStart.event.summary).toBe('Etch feed cohort: OJT starts');
    expect(feed.byUid(`phase-end-${c.cohort.id_slug}-career@`)[0].event.summary).toBe('Etch feed cohort: Career support ends');

    // Bob has the item's own dates; the same UIDs, so a calendar holding both would not mix them.
    const bobs = await feedOf((await makeFeed(bob)).url!);
    expect(bobs.byUid(`deadline-${item}@`)[0].event.startDate.toJSDate().toISOString()).toBe('2030-03-04T15:59:00.000Z');

    // Staff: the cohorts they teach (the item's own dates); someone teaching elsewhere sees none of it.
    const staff = await feedOf((await makeFeed(teacher)).url!);
    expect(staff.byUid(`session-${session.body.id_slug}@`)).toHaveLength(1);
    expect(staff.byUid(`deadline-${item}@`)[0].event.startDate.toJSDate().toISOString()).toBe('2030-03-04T15:59:00.000Z');
    expect(staff.byUid(`deadline-${item}@`)[0].vevent.getFirstPropertyValue('url')).toContain(`/admin/cohorts/${c.cohort.id_slug}`);
    const other = await feedOf((await makeFeed(outsider)).url!);
    expect(other.events).toEqual([]);
  });

  it('follows the dates: a moved session keeps its UID with the new time, a student who leaves loses the class', async () => {
    const carol = await createUser(t, { first_name: 'Carol' });
    const c = await gradedCohort(t, admin, 'Litho feed', [carol]);
    const base = `/api/cohorts/admin/${c.cohort.id_slug}/sessions`;
    const body = {
      title: 'Litho live',
      starts_at: '2030-05-06T01:00:00.000Z',
      duration_minutes: 60,
      mode: 'ON_SITE',
      place: 'Room 1',
      mandatory: true,
      facilitator_id_slugs: [],
    };
    const s = (await t.http.post(base).set(bearer(admin)).send(body).expect(201)).body;
    const url = (await makeFeed(carol)).url!;
    expect((await feedOf(url)).byUid(`session-${s.id_slug}@`)[0].event.startDate.toString()).toBe('2030-05-06T09:00:00');
    await t.http
      .put(`${base}/${s.id_slug}`)
      .set(bearer(admin))
      .send({ ...body, starts_at: '2030-05-07T06:00:00.000Z' })
      .expect(200);
    const moved = (await feedOf(url)).byUid(`session-${s.id_slug}@`);
    expect(moved).toHaveLength(1);
    expect(moved[0].event.startDate.toString()).toBe('2030-05-07T14:00:00');

    await t.http
      .delete(`/api/cohorts/admin/${c.cohort.id_slug}/remove-student`)
      .set(bearer(admin))
      .send({ user_id_slug: carol.id_slug })
      .expect(200);
    expect((await feedOf(url)).byUid(`session-${s.id_slug}@`)).toEqual([]);
  });

  it('a new address stops the old one; a stopped feed and an unknown address answer 404', async () => {
    const first = (await makeFeed(alice)).url!;
    const second = (await makeFeed(alice)).url!;
    expect(second).not.toBe(first);
    const stale = await t.http.get(pathOf(first)).expect(404);
    expect(stale.body.message).toBe(CALENDAR_FEED_NOT_FOUND_MESSAGE);
    await t.http.get(pathOf(second)).expect(200);

    expect((await t.http.delete('/api/calendar/feed').set(bearer(alice)).expect(200)).body.data).toEqual({ url: null, created_at: null });
    await t.http.get(pathOf(second)).expect(404);
    expect((await t.http.get('/api/calendar/feed').set(bearer(alice)).expect(200)).body.data).toEqual({ url: null, created_at: null });
    // Not an address at all.
    await t.http.get('/api/calendar/feeds/not-a-feed.ics').expect(400);
  });

  it('is made and read only by its signed-in owner', async () => {
    await t.http.get('/api/calendar/feed').expect(401);
    await t.http.post('/api/calendar/feed').expect(401);
    await t.http.delete('/api/calendar/feed').expect(401);
    // Bob stopping his feed leaves Alice's working.
    const url = (await makeFeed(alice)).url!;
    await t.http.delete('/api/calendar/feed').set(bearer(bob)).expect(200);
    await t.http.get(pathOf(url)).expect(200);
  });
});
