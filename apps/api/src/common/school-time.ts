/** The school's time zone: deadlines in mails are written in it, as students and applicants live by it. */
export const SCHOOL_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** A moment as a deadline for people, e.g. "Monday, 30 November 2026 at 23:59 (Malaysia time)". */
export const deadlineText = (d: string | Date) =>
  `${new Date(d).toLocaleString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: SCHOOL_TIME_ZONE,
  })} (Malaysia time)`;
