import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each(['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])('neutralises %j', (v) => {
    expect(csvCell(v).startsWith(`"'`)).toBe(true);
  });
  it('quotes and doubles quotes, keeps ordinary text', () => {
    expect(csvCell('Ali "the engineer"')).toBe('"Ali ""the engineer"""');
    expect(csvCell('+60 12-345 6789'.replace('+', ''))).toBe('"60 12-345 6789"');
    expect(csvCell(null)).toBe('""');
  });
  it('joins rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('"a","b"\r\n"1","x,y"\r\n');
  });
});
