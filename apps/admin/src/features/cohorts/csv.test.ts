import { describe, expect, it } from 'vitest';
import { CsvProblem, readStudentsCsv } from './csv';

const parseStudentsCsv = (text: string) => readStudentsCsv(text).students;

const kind = (text: string) => {
  try {
    parseStudentsCsv(text);
    return 'ok';
  } catch (e) {
    return (e as CsvProblem).kind;
  }
};

describe('readStudentsCsv', () => {
  it('matches the columns by header words, in any order', () => {
    const csv = 'Last name,First name,Email\nTan,Mei,mei@example.com\n"Lee, Jr",Bob,bob@example.com\n';
    expect(parseStudentsCsv(csv)).toEqual([
      { email: 'mei@example.com', first_name: 'Mei', last_name: 'Tan' },
      { email: 'bob@example.com', first_name: 'Bob', last_name: 'Lee, Jr' },
    ]);
  });

  it('accepts other header spellings, a byte order mark, CRLF and blank lines', () => {
    const csv = '\uFEFFEmail Address,firstname,LASTNAME\r\n a@x.io , A , B \r\n\r\n,,\r\nc@x.io,C,D\r\n';
    expect(parseStudentsCsv(csv)).toEqual([
      { email: 'a@x.io', first_name: 'A', last_name: 'B' },
      { email: 'c@x.io', first_name: 'C', last_name: 'D' },
    ]);
  });

  it('keeps rows with missing cells for the server to report', () => {
    expect(parseStudentsCsv('email,first,last\nonly@x.io\n')).toEqual([{ email: 'only@x.io', first_name: '', last_name: '' }]);
  });

  it('needs a header plus at least one row', () => {
    expect(kind('')).toBe('empty');
    expect(kind('Email,First name,Last name\n')).toBe('empty');
    expect(kind('\n\n')).toBe('empty');
  });

  it('needs an email column and well-formed CSV', () => {
    expect(kind('Name,Phone\nA,1\n')).toBe('unreadable');
    expect(kind('email,first\n"unterminated,A\n')).toBe('unreadable');
  });
});

describe('readStudentsCsv with a full-name column', () => {
  it('splits the applications export full_name into first and last names and says which columns it read', () => {
    const csv =
      '"created_date","course","email","full_name","age"\r\n' +
      '"2025-07-01","Digital Design","aisyah@example.com","Nur Aisyah binti Ahmad","24"\r\n' +
      '"2025-07-02","Packaging","meiling@example.com","Tan Mei Ling","23"\r\n' +
      '"2025-07-03","Analog Design","priya@example.com","Priya Devi Ramasamy","25"\r\n';
    const reading = readStudentsCsv(csv);
    expect(reading.columns).toEqual({ email: 'email', full_name: 'full_name' });
    expect(reading.students).toEqual([
      { email: 'aisyah@example.com', first_name: 'Nur Aisyah', last_name: 'binti Ahmad' },
      { email: 'meiling@example.com', first_name: 'Mei Ling', last_name: 'Tan' },
      { email: 'priya@example.com', first_name: 'Priya Devi', last_name: 'Ramasamy' },
    ]);
    expect(reading.names.map((n) => [n.full_name, n.rule])).toEqual([
      ['Nur Aisyah binti Ahmad', 'patronymic'],
      ['Tan Mei Ling', 'family name first'],
      ['Priya Devi Ramasamy', 'last word'],
    ]);
  });

  it('prefers first and last name columns when the file has them', () => {
    const reading = readStudentsCsv('Email,First name,Last name,Name\na@x.io,Ali,Abu,Ali Abu Bakar\n');
    expect(reading.columns).toEqual({ email: 'Email', first_name: 'First name', last_name: 'Last name' });
    expect(reading.students).toEqual([{ email: 'a@x.io', first_name: 'Ali', last_name: 'Abu' }]);
    expect(reading.names).toEqual([]);
  });
});
