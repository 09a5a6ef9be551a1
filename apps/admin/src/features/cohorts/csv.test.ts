import { describe, expect, it } from 'vitest';
import { CsvProblem, parseStudentsCsv } from './csv';

const kind = (text: string) => {
  try {
    parseStudentsCsv(text);
    return 'ok';
  } catch (e) {
    return (e as CsvProblem).kind;
  }
};

describe('parseStudentsCsv', () => {
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
