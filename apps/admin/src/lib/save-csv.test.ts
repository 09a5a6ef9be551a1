// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvBlob } from './save-csv';

const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

describe('csvBlob', () => {
  it('starts the saved file with the UTF-8 byte-order mark (fetch drops the one the API sent), once', async () => {
    const text = '"Name"\r\n"陈美玲"\r\n';
    const expected = [0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)];
    expect(await bytesOf(csvBlob(text))).toEqual(expected);
    expect(await bytesOf(csvBlob(`\uFEFF${text}`))).toEqual(expected);
    expect(csvBlob(text).type).toBe('text/csv;charset=utf-8');
  });
});
