import { describe, expect, it } from 'vitest';
import { completionPercentage } from './completion';

describe('completionPercentage', () => {
  it('rounds to hundredths, halves up, 0 for nothing to complete', () => {
    expect(completionPercentage(0, 0)).toBe(0);
    expect(completionPercentage(0, 7)).toBe(0);
    expect(completionPercentage(1, 3)).toBe(33.33);
    expect(completionPercentage(2, 3)).toBe(66.67);
    expect(completionPercentage(1, 80_000)).toBe(0); // 0.00125 -> 0.00
    expect(completionPercentage(1, 16)).toBe(6.25);
    expect(completionPercentage(3, 3)).toBe(100);
  });
  it('rounds exact halves away from zero, as PostgreSQL does', () => {
    expect(completionPercentage(9, 40_000)).toBe(0.02); // 0.0225 -> 0.02
    expect(completionPercentage(1, 2_000)).toBe(0.05);
    expect(completionPercentage(1, 20_000)).toBe(0.01); // 0.005 -> 0.01 (half away from zero)
  });
});
