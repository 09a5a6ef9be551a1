import { describe, expect, it } from 'vitest';
import { frozenOrder } from './frozen-order';
import { parsePoints } from './quiz-attempts';

describe('frozenOrder', () => {
  it('takes the list as it comes the first time', () => {
    expect(frozenOrder(null, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('keeps the places first shown when the API re-sorts after a save', () => {
    // 'a' was graded, so the API now lists it last.
    expect(frozenOrder(['a', 'b', 'c'], ['b', 'c', 'a'])).toEqual(['a', 'b', 'c']);
  });

  it('adds new hand-ins at the end and drops entries that left the list', () => {
    expect(frozenOrder(['a', 'b', 'c'], ['d', 'c', 'a'])).toEqual(['a', 'c', 'd']);
  });
});

describe('parsePoints', () => {
  it('takes scores with up to two decimals within the range', () => {
    expect(parsePoints('3.5', 4)).toBe(3.5);
    expect(parsePoints(' 4 ', 4)).toBe(4);
    expect(parsePoints('.25', 4)).toBe(0.25);
    expect(parsePoints('0', 4)).toBe(0);
  });

  it('refuses what the API would round or refuse', () => {
    expect(parsePoints('3.555', 4)).toBeNull();
    expect(parsePoints('4.01', 4)).toBeNull();
    expect(parsePoints('-1', 4)).toBeNull();
    expect(parsePoints('', 4)).toBeNull();
    expect(parsePoints('1e1', 40)).toBeNull();
  });
});
