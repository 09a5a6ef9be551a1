import { expect, it } from 'vitest';
import { formatScore } from './scores';

it('writes a weighted score with two decimals, a dash when there is none', () => {
  expect(formatScore(4.333)).toBe('4.33');
  expect(formatScore(3.5)).toBe('3.50');
  expect(formatScore(2)).toBe('2.00');
  expect(formatScore(null)).toBe('–');
  expect(formatScore(undefined)).toBe('–');
});
