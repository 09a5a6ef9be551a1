/** The school's time zone: deadlines in mails are written in it, as students and applicants live by it. */
export const SCHOOL_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** One formatter for every call: building one per date costs more than the formatting itself. */
const DEADLINE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SCHOOL_TIME_ZONE,
});

/** A moment as a deadline for people, e.g. "Monday, 30 November 2026 at 23:59 (Malaysia time)". */
export const deadlineText = (d: string | Date) => `${DEADLINE_FORMAT.format(new Date(d))} (Malaysia time)`;
