import { SCHOOL_NAME } from '@school/contracts';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { schoolVtimezone, schoolWallClock } from '../../common/school-calendar';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';

export interface InterviewInvitation {
  /** The same for every version of one applicant's interview, so a changed booking updates the event. */
  uid: string;
  /** Grows with each change of the booking (RFC 5545 SEQUENCE). */
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  programme: string;
  place: string;
  meetingLink: string;
  statusUrl: string;
  /** A cancelled booking: the event is withdrawn from the calendar. */
  cancelled?: boolean;
}

/** The calendar invitation (ICS) of an applicant's interview, in the school's time zone. */
export function interviewCalendar(i: InterviewInvitation): string {
  const cal = ical({
    prodId: { company: SCHOOL_NAME, product: 'Admissions', language: 'EN' },
    name: `${SCHOOL_NAME} interview`,
    method: i.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    timezone: { name: SCHOOL_TIME_ZONE, generator: schoolVtimezone },
  });
  const where = [i.place, i.meetingLink].filter(Boolean).join(' · ');
  cal.createEvent({
    id: i.uid,
    sequence: i.sequence,
    start: schoolWallClock(i.startsAt),
    end: schoolWallClock(new Date(i.startsAt.getTime() + i.durationMinutes * 60_000)),
    timezone: SCHOOL_TIME_ZONE,
    summary: `Interview: ${i.programme}`,
    location: where || null,
    url: i.meetingLink || null,
    status: i.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    description: [
      `Your interview for ${i.programme} with ${SCHOOL_NAME}.`,
      i.place ? `Place: ${i.place}` : '',
      i.meetingLink ? `Meeting link: ${i.meetingLink}` : '',
      `Change or cancel it (until 24 hours before) from your application's page: ${i.statusUrl}`,
    ]
      .filter(Boolean)
      .join('\n'),
  });
  return cal.toString();
}
