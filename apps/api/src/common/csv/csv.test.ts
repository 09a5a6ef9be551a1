import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, toCsv } from './csv';

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
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('\uFEFF"a","b"\r\n"1","x,y"\r\n');
  });
  it('writes every cell quoted and every row ended by CRLF, whatever the cell holds', () => {
    const rows = [
      [1, -2, true, false, null, undefined, ''],
      ['a\nb', 'x\r\ny', 'say "hi"', ',', '陈美玲', ' =lead space', '=1+1'],
      ['@x', '\t', '\r', '+', '-', "'", 0],
    ];
    expect(toCsv(['h1', '=h2', 'h 3', 'h4', 'h5', 'h6', 'h7'], rows)).toBe(
      `${CSV_BOM}"h1","'=h2","h 3","h4","h5","h6","h7"\r\n` +
        `"1","'-2","true","false","","",""\r\n` +
        `"a\nb","x\r\ny","say ""hi""",",","陈美玲"," =lead space","'=1+1"\r\n` +
        `"'@x","'\t","'\r","'+","'-","'","0"\r\n`,
    );
  });
  it('starts the file with the UTF-8 byte-order mark, so Excel reads Chinese and Tamil names as written', () => {
    const bytes = Buffer.from(toCsv(['Name'], [['陈美玲'], ['கார்த்திகேயன்']]), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('"Name"\r\n"陈美玲"\r\n"கார்த்திகேயன்"\r\n');
    expect(csvCell('陈美玲')).toBe('"陈美玲"');
  });
});
