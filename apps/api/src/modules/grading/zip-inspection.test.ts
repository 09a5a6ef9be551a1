import { describe, expect, it } from 'vitest';
import { makeZip } from '../../../test/fixtures/zip.fixtures';
import { inspectZip, unsafeEntryName, ZipRejected } from './zip-inspection';

describe('unsafeEntryName', () => {
  it.each(['../evil.sh', 'a/../../b', '/etc/passwd', 'C:/x', '..\\x', ''])('refuses %s', (name) =>
    expect(unsafeEntryName(name)).toBe(true),
  );
  it.each(['src/top.v', 'a..b/c', 'docs/.hidden'])('accepts %s', (name) => expect(unsafeEntryName(name)).toBe(false));
});

describe('inspectZip', () => {
  it('lists the files of a real archive with their sizes', async () => {
    const zip = makeZip([
      { name: 'src/', data: '' },
      { name: 'src/counter.v', data: 'module counter; endmodule', deflate: true },
    ]);
    expect(await inspectZip(zip)).toEqual([{ path: 'src/counter.v', size: 25 }]);
  });
  it('refuses damaged data behind a zip signature', async () => {
    const bad = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(40, 7)]);
    await expect(inspectZip(bad)).rejects.toBeInstanceOf(ZipRejected);
  });
});
