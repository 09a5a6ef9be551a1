import { describe, expect, it } from 'vitest';
import { days, percent } from './figures';

describe('figures as text', () => {
  it('writes shares and days as people read them', () => {
    expect(percent(0.4)).toBe('40%');
    expect(percent(0.1234)).toBe('12.3%');
    expect(days(5.55)).toBe('5.6 days');
    expect(days(1)).toBe('1 day');
    expect(days(null)).toBe('–');
  });
});
