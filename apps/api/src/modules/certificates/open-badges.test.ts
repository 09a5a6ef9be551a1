import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeStatusList, STATUS_LIST_MIN_ENTRIES } from './open-badges';

const decode = (encoded: string) => {
  expect(encoded[0]).toBe('u');
  return gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
};
const bit = (bits: Buffer, i: number) => (bits[i >> 3] >> (7 - (i & 7))) & 1;

describe('encodeStatusList', () => {
  it('sets the bit of each index, the leftmost bit of the first byte being index 0, in at least 16 KB', () => {
    const bits = decode(encodeStatusList([0, 9, 131_071]));
    expect(bits.length).toBe(STATUS_LIST_MIN_ENTRIES / 8);
    expect(bits[0]).toBe(0b1000_0000);
    expect(bits[1]).toBe(0b0100_0000);
    expect(bit(bits, 131_071)).toBe(1);
    expect([...bits].reduce((n, b) => n + b.toString(2).replaceAll('0', '').length, 0)).toBe(3);
  });

  it('grows by whole lists when an index lies beyond the first', () => {
    const bits = decode(encodeStatusList([131_072]));
    expect(bits.length).toBe((2 * STATUS_LIST_MIN_ENTRIES) / 8);
    expect(bit(bits, 131_072)).toBe(1);
    expect(decode(encodeStatusList([])).every((b) => b === 0)).toBe(true);
  });
});
