import { SCHOOL_TIME_ZONE } from './school-time';

/**
 * Malaysia keeps +08:00 all year (no daylight saving since 1982), so its VTIMEZONE is one
 * STANDARD rule; calendars then show the school's hours whatever their own zone.
 * (ical-generator's `timezone.generator`.)
 */
export function schoolVtimezone(zone: string): string | null {
  if (zone !== SCHOOL_TIME_ZONE) return null;
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${SCHOOL_TIME_ZONE}`,
    'X-LIC-LOCATION:Asia/Kuala_Lumpur',
    'BEGIN:STANDARD',
    'DTSTART:19820101T000000',
    'TZOFFSETFROM:+0800',
    'TZOFFSETTO:+0800',
    'TZNAME:+08',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

const SCHOOL_OFFSET_MS = 8 * 3600_000;
/**
 * The moment as the school's wall-clock time without a zone ("2027-03-04T10:00:00"): ical-generator
 * writes a zoned native Date with the process's local hours, but a zoneless string as it reads,
 * so the event carries Malaysia's hour with TZID=Asia/Kuala_Lumpur whatever the server's zone.
 */
export const schoolWallClock = (d: Date) => new Date(d.getTime() + SCHOOL_OFFSET_MS).toISOString().slice(0, 19);

/** The school's calendar date of a moment ("2027-03-04"), whatever the server's zone. */
export const schoolDate = (d: Date) => schoolWallClock(d).slice(0, 10);

/** The moment a school wall-clock date and time name: `schoolMoment('2027-03-04', '23:59')`. */
export const schoolMoment = (date: string, time = '00:00') => new Date(Date.parse(`${date}T${time}:00Z`) - SCHOOL_OFFSET_MS);
