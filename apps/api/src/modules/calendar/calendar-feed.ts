import { SCHOOL_NAME } from '@school/contracts';
import ical, { ICalEventStatus } from 'ical-generator';
import { schoolVtimezone, schoolWallClock } from '../../common/school-calendar';
import { deadlineText, SCHOOL_TIME_ZONE } from '../../common/school-time';
import type { FeedEventRow } from './calendar-feed.queries';

export interface FeedLinks {
  /** The host part of every UID: one school, one namespace. */
  host: string;
  /** A student's class page, and a staff member's cohort page. */
  classUrl: (cohortIdSlug: string) => string;
  cohortUrl: (cohortIdSlug: string) => string;
}

/** The school's calendar date of a moment ("2027-03-04"), for all-day events. */
const schoolDate = (d: Date) => schoolWallClock(d).slice(0, 10);

/**
 * The user's calendar (RFC 5545) in the school's time zone with its VTIMEZONE. Each event's UID is
 * its kind and the dated thing's id, so a calendar app that fetches the feed again updates (or, for
 * a cancelled session, removes) the event instead of adding a second. A session's meeting link is
 * not in the feed: it opens from the class page 15 minutes before the start.
 */
export function calendarFeed(events: FeedEventRow[], links: FeedLinks): string {
  const cal = ical({
    prodId: { company: SCHOOL_NAME, product: 'Calendar', language: 'EN' },
    name: SCHOOL_NAME,
    timezone: { name: SCHOOL_TIME_ZONE, generator: schoolVtimezone },
    // Calendar apps that honour it fetch the feed again every hour.
    ttl: 3600,
  });
  for (const e of events) {
    const page = e.student ? links.classUrl(e.cohort_id_slug) : links.cohortUrl(e.cohort_id_slug);
    const common = { id: `${e.kind.toLowerCase().replace('_', '-')}-${e.key}@${links.host}`, timezone: SCHOOL_TIME_ZONE, url: page };
    if (e.kind === 'COHORT_START' || e.kind === 'COHORT_END') {
      cal.createEvent({
        ...common,
        allDay: true,
        start: schoolDate(e.starts_at),
        summary: `${e.cohort_title}: ${e.kind === 'COHORT_START' ? 'first day' : 'last day'}`,
        description: page,
      });
      continue;
    }
    if (e.kind === 'PHASE_START' || e.kind === 'PHASE_END') {
      cal.createEvent({
        ...common,
        allDay: true,
        start: schoolDate(e.starts_at),
        summary: `${e.cohort_title}: ${e.title} ${e.kind === 'PHASE_START' ? 'starts' : 'ends'}`,
        description: page,
      });
      continue;
    }
    if (e.kind === 'SESSION') {
      const ends = new Date(e.starts_at.getTime() + e.duration_minutes! * 60_000);
      cal.createEvent({
        ...common,
        start: schoolWallClock(e.starts_at),
        end: schoolWallClock(ends),
        summary: e.cancelled ? `Cancelled: ${e.title}` : e.title,
        status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        location: e.online ? 'Online' : e.place,
        lastModified: e.updated_at ?? undefined,
        description: [
          `${e.cohort_title}: live session${e.mandatory ? ' (attendance required)' : ''}.`,
          e.online ? `Join from the class page, from 15 minutes before the start: ${page}` : `Place: ${e.place}`,
        ].join('\n'),
      });
      continue;
    }
    const what = { DEADLINE: 'Due', LATE_DEADLINE: 'Last day for late hand-ins', RESULTS: 'Results out' }[e.kind];
    // A moment, not a span: RFC 5545 ends an event without DTEND at its start.
    cal.createEvent({
      ...common,
      start: schoolWallClock(e.starts_at),
      end: null,
      summary: `${what}: ${e.title}`,
      description: `${e.cohort_title}: ${what.toLowerCase()} ${deadlineText(e.starts_at)}.\n${page}`,
    });
  }
  return cal.toString();
}
