import { describe, expect, it } from 'vitest';
import { migrations } from './index';

// A backup records the migrations in the order they ran, and restore refuses one whose order differs
// from this list: a merge that appends a migration out of timestamp order breaks every restore.
describe('the migration list', () => {
  it('is in timestamp order', () => {
    const stamps = migrations.map((m) => Number(/(\d{13})$/.exec(m.name)?.[1]));
    expect(stamps.every((t) => Number.isFinite(t))).toBe(true);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(stamps).size).toBe(stamps.length);
  });
});
