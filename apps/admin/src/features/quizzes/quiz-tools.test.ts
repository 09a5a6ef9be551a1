import { describe, expect, it } from 'vitest';
import { facilityWord } from './quiz-analytics-page';
import { formatOfFile, importProblems } from './quiz-transfer';

describe('quiz import and analytics helpers', () => {
  it('reads a file ending in .xml as Moodle XML and anything else as GIFT', () => {
    expect(formatOfFile('bank.XML')).toBe('moodle_xml');
    expect(formatOfFile('bank.gift')).toBe('gift');
    expect(formatOfFile('bank.gift.txt')).toBe('gift');
  });

  it('lists a refused import’s problems in line order', () => {
    expect(importProblems({ 'line 12': 'C', 'line 4': 'A', 'line 6': 'B' })).toEqual([
      { line: 4, message: 'A' },
      { line: 6, message: 'B' },
      { line: 12, message: 'C' },
    ]);
    expect(importProblems(undefined)).toEqual([]);
  });

  it('names a facility hard below 30%, easy above 80%', () => {
    expect(facilityWord(0.2)).toBe('hard');
    expect(facilityWord(0.5)).toBe('moderate');
    expect(facilityWord(0.9)).toBe('easy');
    expect(facilityWord(null)).toBe('');
  });
});
