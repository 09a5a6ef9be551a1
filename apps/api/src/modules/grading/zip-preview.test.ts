import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PreviewRefused, previewKind, readZipEntry } from './zip-preview';

/** A stored-or-deflated zip, enough for these tests (CRC left 0: the reader checks sizes, not CRCs, here). */
function zip(entries: { name: string; data: Buffer; deflate?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe('readZipEntry', () => {
  const archive = zip([
    { name: 'rtl/counter.v', data: Buffer.from('module counter; endmodule'), deflate: true },
    { name: 'big.txt', data: Buffer.alloc(3000, 'a') },
  ]);

  it('reads one file by its listed path', async () => {
    expect((await readZipEntry(archive, 'rtl/counter.v')).toString()).toBe('module counter; endmodule');
  });

  it('refuses a path the archive does not hold, and a file over the cap', async () => {
    await expect(readZipEntry(archive, 'rtl/missing.v')).rejects.toMatchObject({ status: 404 });
    const big = readZipEntry(archive, 'big.txt', 1024);
    await expect(big).rejects.toBeInstanceOf(PreviewRefused);
    await expect(big).rejects.toMatchObject({ status: 413 });
  });
});

describe('previewKind', () => {
  it('knows a PDF by its content and text by being UTF-8 without NUL bytes', () => {
    expect(previewKind(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(previewKind(Buffer.from('<script>alert(1)</script> résumé'))).toBe('text');
    expect(previewKind(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]))).toBeNull();
    expect(previewKind(Buffer.from([0xff, 0xfe, 0x41]))).toBeNull();
  });
});
