import { readFileSync } from 'node:fs';
import { ATTENDANCE_IMPORT_MESSAGES } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { matchPeople } from './attendance-match';
import { decodeReport, durationSeconds, joinTime, normaliseName, parseReport, ReportError } from './attendance-report';

const fixture = (name: string) => readFileSync(new URL(`./report-fixtures/${name}`, import.meta.url));
/** The fixtures' session: 10 September 2025, 9:00 Malaysia time, 60 minutes. */
const START = new Date('2025-09-10T01:00:00.000Z');
const minutesOf = (seconds: number) => Math.round(seconds / 60);
const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof ReportError) return e;
    throw e;
  }
  throw new Error('no ReportError');
};

describe('reading a participant report', () => {
  it("reads Zoom's export with its meeting summary first, summing a person's rows by email and keeping the original name", () => {
    const r = parseReport(fixture('zoom-participants.csv'), START);
    expect(r.provider).toBe('ZOOM');
    expect(r.people.map((p) => [p.name, p.email, minutesOf(p.seconds), p.firstJoin?.toISOString() ?? null, p.line])).toEqual([
      ['Farid Teacher', 'host@school.test', 68, '2025-09-10T00:55:12.000Z', 5],
      ['Ana Lee', 'ana.lee@example.com', 57, '2025-09-10T01:01:03.000Z', 6],
      ['Ben O. (Ben Ong)', null, 45, '2025-09-10T01:15:40.000Z', 8],
      ['Tan, Mei', null, 15, '2025-09-10T01:05:00.000Z', 9],
    ]);
    expect(r.people[2].names).toEqual(['Ben O. (Ben Ong)', 'Ben O.', 'Ben Ong']);
  });

  it("reads Google Meet's attendance (BOM, first and last name, written durations, times without a date)", () => {
    const r = parseReport(fixture('meet-attendance.csv'), START);
    expect(r.provider).toBe('MEET');
    expect(r.people.map((p) => [p.name, p.email, minutesOf(p.seconds), p.firstJoin?.toISOString()])).toEqual([
      ['José Álvarez', 'jose@example.com', 62, '2025-09-10T00:58:00.000Z'],
      ['Ana Lee', null, 45, '2025-09-10T01:12:00.000Z'],
    ]);
  });

  it("reads Teams' UTF-16 report with its summary, the email from the UPN, and stops before the in-meeting activities", () => {
    const buf = fixture('teams-attendance.csv');
    const r = parseReport(buf, START);
    expect(r.provider).toBe('TEAMS');
    expect(r.people.map((p) => [p.name, p.email, p.seconds, p.firstJoin?.toISOString()])).toEqual([
      ['Farid Teacher', 'farid@school.test', 3839, '2025-09-10T00:57:01.000Z'],
      ['Ana Lee', 'ana.lee@example.com', 2910, '2025-09-10T01:11:30.000Z'],
      ['Ben Ong', 'ben@example.com', 1080, '2025-09-10T01:02:00.000Z'],
    ]);
    // Without its byte-order mark, the UTF-16 is still recognised.
    expect(parseReport(buf.subarray(2), START).people).toHaveLength(3);
  });

  it('refuses an empty file, a file that is not text, an unknown header and a bad duration, with the line', () => {
    expect(errorOf(() => decodeReport(Buffer.alloc(0))).message).toBe(ATTENDANCE_IMPORT_MESSAGES.empty);
    expect(errorOf(() => decodeReport(Buffer.from('\n \r\n'))).message).toBe(ATTENDANCE_IMPORT_MESSAGES.empty);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xd8, 0xc3]);
    expect(errorOf(() => parseReport(png, START)).message).toBe(ATTENDANCE_IMPORT_MESSAGES.notText);
    expect(errorOf(() => parseReport(Buffer.from('Student,Score\nAna,12\n'), START)).message).toBe(
      ATTENDANCE_IMPORT_MESSAGES.unknownHeader,
    );
    const bad = errorOf(() =>
      parseReport(Buffer.from('Name (Original Name),User Email,Duration (Minutes)\nAna,a@x.test,30\nBen,b@x.test,lots\n'), START),
    );
    expect(bad.line).toBe(3);
    expect(bad.message).toBe("Line 3: the duration 'lots' is not a number of minutes");
    expect(errorOf(() => parseReport(Buffer.from('Name (Original Name),User Email,Duration (Minutes)\n\n'), START)).message).toBe(
      ATTENDANCE_IMPORT_MESSAGES.noParticipants,
    );
    expect(
      errorOf(() => parseReport(Buffer.from('Name (Original Name),User Email,Duration (Minutes)\n"Ana,a@x.test,30\n'), START)).message,
    ).toMatch(/could not be read as CSV/);
  });

  it('reads durations and join times as the providers write them', () => {
    expect(durationSeconds('1h 2m 3s', false, 1)).toBe(3723);
    expect(durationSeconds('1 hr 5 min', false, 1)).toBe(3900);
    expect(durationSeconds('1:02:03', false, 1)).toBe(3723);
    expect(durationSeconds('45', true, 1)).toBe(2700);
    expect(() => durationSeconds('1h 2m', true, 4)).toThrow(ReportError);
    // Day and month in either order: the reading nearest the session is taken.
    expect(joinTime('10/9/2025 9:20:00 AM', START)?.toISOString()).toBe('2025-09-10T01:20:00.000Z');
    expect(joinTime('2025-09-10 17:20:00', START)?.toISOString()).toBe('2025-09-10T09:20:00.000Z');
    expect(joinTime('2025-09-10T01:30:00Z', START)?.toISOString()).toBe('2025-09-10T01:30:00.000Z');
    expect(joinTime('yesterday', START)).toBeNull();
    expect(joinTime('01/01/2024 9:00 AM', START)).toBeNull();
  });
});

describe('matching the report to the trainees', () => {
  const trainees = [
    { id_slug: 'ana', first_name: 'Ana', last_name: 'Lee', email: 'Ana.Lee@Example.com' },
    { id_slug: 'ben', first_name: 'Ben', last_name: 'Ong', email: 'ben@school.test' },
    { id_slug: 'jose', first_name: 'Jose', last_name: 'Alvarez', email: 'jose.a@school.test' },
    { id_slug: 'mei1', first_name: 'Mei', last_name: 'Tan', email: 'mei1@school.test' },
    { id_slug: 'mei2', first_name: 'mei', last_name: ' TAN', email: 'mei2@school.test' },
  ];
  const person = (name: string, email: string | null = null) => ({
    name,
    names: [name],
    email,
    seconds: 600,
    firstJoin: null,
    line: 2,
  });

  it('matches by email (case set aside), then by full name (case, spaces, accents), and leaves the rest to resolve', () => {
    const rows = matchPeople(
      [
        person('Someone Else', 'ana.lee@example.com'),
        person('José  Álvarez', 'jose@gmail.test'),
        { ...person('Ben O. (Ben Ong)'), names: ['Ben O. (Ben Ong)', 'Ben O.', 'Ben Ong'] },
        person('Mei Tan'),
        person('Guest 42'),
      ],
      trainees,
    );
    expect(rows.map((r) => [r.trainee_id_slug, r.match, r.problem, r.candidates])).toEqual([
      ['ana', 'EMAIL', null, []],
      ['jose', 'NAME', null, []],
      ['ben', 'NAME', null, []],
      [null, null, 'SEVERAL', ['mei1', 'mei2']],
      [null, null, 'NO_MATCH', []],
    ]);
    expect(rows[0]).toMatchObject({ minutes: 10, key: '1', line: 2 });
  });

  it('sets case, spaces, accents and punctuation aside in a name', () => {
    expect(normaliseName("  JOSÉ   O'Neil ")).toBe('jose o neil');
    expect(normaliseName('Nguyễn Thị')).toBe(normaliseName('nguyen thi'));
  });
});
