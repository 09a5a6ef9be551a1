import { ATTENDANCE_IMPORT_MESSAGES, type ReportProvider } from '@school/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';

/**
 * Reading an online meeting provider's participant report (CSV) into the people it lists, each
 * person's rows summed (people leave and rejoin). The provider is told by the report's header row,
 * which may come after a summary section (Zoom's export with meeting data, Teams' attendance
 * report); Teams writes its file as UTF-16 with tabs, so the text is decoded by its byte-order mark
 * (or the look of its bytes) and the delimiter chosen by the header's look.
 */

/** A report that cannot be read; `line` (from 1) when one line is at fault. */
export class ReportError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line ? `Line ${line}: ${message}` : message);
  }
}

/** One person of the report: their rows summed. */
export interface ReportPerson {
  /** The name as the report shows it. */
  name: string;
  /** Names to match them by (a Zoom display name and its original name). */
  names: string[];
  email: string | null;
  seconds: number;
  firstJoin: Date | null;
  /** The line of the report where they first appear. */
  line: number;
}

export interface ParsedReport {
  provider: ReportProvider;
  people: ReportPerson[];
}

/** Case, spaces, accents and punctuation set aside: "  José  O'Neil" and "jose o neil" are one name. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The report's text: UTF-8 (with or without BOM) or UTF-16 (Teams), refused when it is not text. */
export function decodeReport(buf: Buffer): string {
  if (buf.length === 0) throw new ReportError(ATTENDANCE_IMPORT_MESSAGES.empty);
  let text: string;
  try {
    if (buf[0] === 0xff && buf[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(buf.subarray(2));
    else if (buf[0] === 0xfe && buf[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(buf.subarray(2));
    else if (looksUtf16le(buf)) text = new TextDecoder('utf-16le', { fatal: true }).decode(buf);
    else text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new ReportError(ATTENDANCE_IMPORT_MESSAGES.notText);
  }
  if (text.includes('\u0000')) throw new ReportError(ATTENDANCE_IMPORT_MESSAGES.notText);
  if (!text.trim()) throw new ReportError(ATTENDANCE_IMPORT_MESSAGES.empty);
  return text;
}

/** UTF-16LE without a BOM: ASCII text has a NUL byte after nearly every character. */
function looksUtf16le(buf: Buffer): boolean {
  const n = Math.min(buf.length, 400) & ~1;
  if (n < 4) return false;
  let zeros = 0;
  for (let i = 1; i < n; i += 2) if (buf[i] === 0 && buf[i - 1] !== 0) zeros++;
  return zeros > n / 2 / 2;
}

type Column = 'name' | 'first' | 'last' | 'email' | 'upn' | 'duration' | 'join';

interface Layout {
  provider: ReportProvider;
  /** How the duration column counts: Zoom's is in minutes; the others' are written durations. */
  minutes: boolean;
  col: Partial<Record<Column, number>>;
}

const norm = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** The header row of one provider's participant table, or undefined. */
function layoutOf(record: string[]): Layout | undefined {
  const cells = record.map(norm);
  const at = (...names: string[]) => {
    for (const name of names) {
      const i = cells.indexOf(name);
      if (i >= 0) return i;
    }
    return undefined;
  };
  // Teams: Name, First Join, Last Leave, In-Meeting Duration, Email, Participant ID (UPN), Role.
  const teamsDuration = at('in-meeting duration', 'in meeting duration');
  if (teamsDuration !== undefined || (at('first join') !== undefined && at('last leave') !== undefined)) {
    const col = {
      name: at('name', 'full name', 'participant name'),
      email: at('email', 'email address'),
      upn: at('participant id (upn)', 'upn'),
      duration: teamsDuration ?? at('duration', 'attendance duration'),
      join: at('first join', 'join time'),
    };
    return col.name !== undefined && col.duration !== undefined ? { provider: 'TEAMS', minutes: false, col } : undefined;
  }
  // Zoom: Name (Original Name), User Email, Join Time, Leave Time, Duration (Minutes), Guest, ...
  const zoomDuration = at('duration (minutes)', 'total duration (minutes)', 'duration (mins)');
  if (zoomDuration !== undefined) {
    const col = {
      name: at('name (original name)', 'name', 'participant name', 'user name'),
      email: at('user email', 'email'),
      duration: zoomDuration,
      join: at('join time'),
    };
    // The meeting summary above the participants has the host's email and the duration, but no name.
    return col.name !== undefined ? { provider: 'ZOOM', minutes: true, col } : undefined;
  }
  // Google Meet: First name, Last name, Email, Duration (or Time in call), Time joined, Time exited.
  const meetDuration = at('duration', 'time in call');
  const first = at('first name');
  const last = at('last name');
  const name = at('name', 'full name', 'participant');
  if (
    meetDuration !== undefined &&
    ((first !== undefined && last !== undefined) || (name !== undefined && at('time in call') !== undefined))
  ) {
    const col = {
      first,
      last,
      name,
      email: at('email', 'email address'),
      duration: meetDuration,
      join: at('time joined', 'first seen', 'joined'),
    };
    return { provider: 'MEET', minutes: false, col };
  }
  return undefined;
}

/** A duration as the report writes it, in seconds: Zoom's minutes, "1h 2m 3s", "1 hr 5 min", "1:02:03", or bare minutes. */
export function durationSeconds(text: string, minutes: boolean, line: number): number {
  const t = text.trim();
  if (!t) return 0;
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 60);
  if (!minutes) {
    const clock = /^(\d+):(\d{1,2})(?::(\d{1,2}))?$/.exec(t);
    if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
    const unit = /(\d+(?:\.\d+)?)\s*(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\b/gi;
    let total = 0;
    let rest = t;
    for (const m of t.matchAll(unit)) {
      const k = m[2].toLowerCase()[0];
      total += Number(m[1]) * (k === 'h' ? 3600 : k === 'm' ? 60 : 1);
      rest = rest.replace(m[0], '');
    }
    if (rest.replace(/[\s,]+/g, '') === '' && total >= 0 && t !== rest) return Math.round(total);
  }
  throw new ReportError(`the duration '${t.slice(0, 40)}' is not ${minutes ? 'a number of minutes' : 'a duration'}`, line);
}

/** How far ahead of UTC a zone's clocks are at a moment, in milliseconds. */
function zoneOffsetMs(zone: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - at;
}

function wallToUtc(y: number, mo: number, d: number, h: number, mi: number, s: number): number | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(guess).getUTCDate() !== d) return null;
  return guess - zoneOffsetMs(SCHOOL_TIME_ZONE, guess);
}

/**
 * A join time as the report writes it (in the school's time zone unless it says its offset): dates
 * in either day/month order and times with or without the date. Of the readings, the one nearest
 * the session's start is taken; none within 12 hours of it gives null (the time is not used).
 */
export function joinTime(text: string, startsAt: Date): Date | null {
  const t = text.trim();
  if (!t) return null;
  if (/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/.test(t)) {
    const d = new Date(t);
    return Number.isNaN(d.getTime()) ? null : near(d.getTime(), startsAt);
  }
  const time = /(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp])?\.?\s*[Mm]?\.?/.exec(t);
  if (!time) return null;
  let h = Number(time[1]);
  const ampm = time[4]?.toLowerCase();
  if (ampm === 'p' && h < 12) h += 12;
  if (ampm === 'a' && h === 12) h = 0;
  const [mi, s] = [Number(time[2]), Number(time[3] ?? 0)];
  const days: Array<[number, number, number]> = [];
  const iso = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(t);
  const dmy = /(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})/.exec(t);
  if (iso) days.push([Number(iso[1]), Number(iso[2]), Number(iso[3])]);
  else if (dmy) {
    const y = Number(dmy[3]) < 100 ? 2000 + Number(dmy[3]) : Number(dmy[3]);
    days.push([y, Number(dmy[1]), Number(dmy[2])], [y, Number(dmy[2]), Number(dmy[1])]);
  } else {
    // A time alone: on the session's day (or the next or previous), school time.
    for (const shift of [-1, 0, 1]) {
      const day = new Date(startsAt.getTime() + zoneOffsetMs(SCHOOL_TIME_ZONE, startsAt.getTime()) + shift * 86_400_000);
      days.push([day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()]);
    }
  }
  const readings = days.map(([y, mo, d]) => wallToUtc(y, mo, d, h, mi, s)).filter((x): x is number => x !== null);
  if (readings.length === 0) return null;
  const best = readings.reduce((a, b) => (Math.abs(b - startsAt.getTime()) < Math.abs(a - startsAt.getTime()) ? b : a));
  return near(best, startsAt);
}

const near = (ms: number, startsAt: Date) => (Math.abs(ms - startsAt.getTime()) <= 12 * 3_600_000 ? new Date(ms) : null);

const emailOf = (cell: string | undefined) => {
  const e = cell?.trim().toLowerCase() ?? '';
  return /^[^\s@]+@[^\s@]+$/.test(e) ? e : null;
};

/** A Zoom name "Display (Original)" is matched by the whole, the display name and the original name. */
function namesOf(name: string): string[] {
  const names = [name];
  const renamed = /^(.+?)\s*\(([^()]+)\)\s*$/.exec(name);
  if (renamed) names.push(renamed[1], renamed[2]);
  return names.filter((n) => normaliseName(n));
}

/** Reads a participant report: its provider and its people, each person's rows summed. */
export function parseReport(buf: Buffer, startsAt: Date): ParsedReport {
  const text = decodeReport(buf);
  const head = text.split(/\r?\n/).slice(0, 40).join('\n');
  const delimiter =
    (head.match(/\t/g)?.length ?? 0) > (head.match(/,/g)?.length ?? 0) ? '\t' : head.includes(';') && !head.includes(',') ? ';' : ',';
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
    }) as unknown as typeof records;
  } catch (e) {
    const line = e instanceof CsvError ? (e as CsvError & { lines?: number }).lines : undefined;
    throw new ReportError('the file could not be read as CSV (a quote may be left open)', line);
  }
  const headerAt = records.findIndex((r) => layoutOf(r.record) !== undefined);
  if (headerAt < 0) throw new ReportError(ATTENDANCE_IMPORT_MESSAGES.unknownHeader);
  const layout = layoutOf(records[headerAt].record)!;
  const { col } = layout;
  const cell = (r: string[], c: number | undefined) => (c === undefined ? '' : (r[c] ?? '').trim());

  const people = new Map<string, ReportPerson>();
  for (const { record, info } of records.slice(headerAt + 1)) {
    // The table ends at the first empty line (a next section, such as Teams' in-meeting activities, follows it).
    if (record.every((c) => !c.trim())) break;
    const line = info.lines;
    const name =
      layout.provider === 'MEET' && col.first !== undefined
        ? `${cell(record, col.first)} ${cell(record, col.last)}`.trim()
        : cell(record, col.name);
    const email = emailOf(cell(record, col.email)) ?? emailOf(cell(record, col.upn));
    if (!name && !email) continue;
    const seconds = durationSeconds(cell(record, col.duration), layout.minutes, line);
    const join = joinTime(cell(record, col.join), startsAt);
    const key = email ?? `name:${normaliseName(name)}`;
    const known = people.get(key);
    if (known) {
      known.seconds += seconds;
      if (join && (!known.firstJoin || join < known.firstJoin)) known.firstJoin = join;
      for (const n of namesOf(name)) if (!known.names.includes(n)) known.names.push(n);
    } else {
      people.set(key, { name: name || email!, names: namesOf(name), email, seconds, firstJoin: join, line });
    }
  }
  if (people.size === 0) throw new ReportError(ATTENDANCE_IMPORT_MESSAGES.noParticipants);
  return { provider: layout.provider, people: [...people.values()] };
}
