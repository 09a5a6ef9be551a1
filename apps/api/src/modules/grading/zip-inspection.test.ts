import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgedSizeEntry, makeZip, symlinkEntry } from '../../../test/fixtures/zip.fixtures';
import { inspectZip, unsafeEntryName, ZipRejected } from './zip-inspection';

const dir = mkdtempSync(join(tmpdir(), 'zip-inspection-'));
let n = 0;
/** The archive as an uploaded file on disk, which is what inspectZip reads. */
const onDisk = (data: Buffer) => {
  const path = join(dir, `${++n}.zip`);
  writeFileSync(path, data);
  return path;
};

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
      { name: 'README.md', data: '# Counter' },
    ]);
    expect(await inspectZip(onDisk(zip))).toEqual([
      { path: 'src/counter.v', size: 25 },
      { path: 'README.md', size: 9 },
    ]);
  });
  it('refuses damaged data behind a zip signature', async () => {
    const bad = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(40, 7)]);
    await expect(inspectZip(onDisk(bad))).rejects.toBeInstanceOf(ZipRejected);
  });
  it('counts the bytes an entry really inflates to, not the size its headers claim', async () => {
    const zip = makeZip([forgedSizeEntry('notes.txt', 204_800, 8 * 1024 * 1024)]);
    await expect(inspectZip(onDisk(zip))).rejects.toThrow('does not unpack to the sizes it declares (notes.txt)');
  });
  it('refuses an entry that inflates to fewer bytes than it claims', async () => {
    const zip = makeZip([{ name: 'a.txt', data: 'short', deflate: true, declaredSize: 500 }]);
    await expect(inspectZip(onDisk(zip))).rejects.toThrow('does not unpack to the sizes it declares');
  });
  it('refuses a stored entry whose size is not its bytes', async () => {
    const zip = makeZip([{ name: 'a.txt', data: 'stored bytes', declaredSize: 4 }]);
    await expect(inspectZip(onDisk(zip))).rejects.toThrow('does not unpack to the sizes it declares');
  });
  it.each([
    ['a name', { name: '../../.bashrc' }],
    ['a size', { size: 3 }],
    ['a compression method', { method: 0 }],
  ])('refuses local and central headers that disagree on %s', async (_what, local) => {
    const zip = makeZip([{ name: 'report.txt', data: 'the report', deflate: true, local }]);
    await expect(inspectZip(onDisk(zip))).rejects.toThrow('describes report.txt differently in two places');
  });
  it('refuses a symbolic link', async () => {
    const zip = makeZip([{ name: 'top.v', data: 'module top; endmodule' }, symlinkEntry('secrets', '/etc/shadow')]);
    await expect(inspectZip(onDisk(zip))).rejects.toThrow('holds a symbolic link (secrets)');
  });
  it('accepts a regular file with unix permissions', async () => {
    const zip = makeZip([{ name: 'run.sh', data: '#!/bin/sh\n', unixMode: 0o100755 }]);
    expect(await inspectZip(onDisk(zip))).toEqual([{ path: 'run.sh', size: 10 }]);
  });
});
