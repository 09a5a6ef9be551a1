import { describe, expect, it } from 'vitest';
import { migrations } from './index';

describe('the migrations list', () => {
  // TypeORM runs them by the number in their name; a backup's restore compares the list in this order.
  it('is in the order of the numbers in their names, each once', () => {
    const numbers = migrations.map((m) => Number(/(\d{13})$/.exec(m.name)![1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
