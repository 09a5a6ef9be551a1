import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { box, bufferReader, mp4File, mvhd } from '../../../test/fixtures/media.fixtures';
import { mp4Duration } from './mp4-duration';

const read = (data: Buffer) => mp4Duration(bufferReader(data), data.length);

describe('mp4Duration', () => {
  it('reads the committed demo lecture (moov before the media)', async () => {
    const video = readFileSync(join(__dirname, '../../startup/seed-assets/demo-lecture.mp4'));
    const seconds = await read(video);
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(30);
  });

  it('reads duration / timescale wherever the moov box lies', async () => {
    expect(await read(mp4File({ seconds: 12.5, moovFirst: true }))).toBe(12.5);
    expect(await read(mp4File({ seconds: 754, timescale: 90_000, mediaBytes: 5000 }))).toBe(754);
  });

  it('reads a version 1 (64-bit) movie header', async () => {
    expect(await read(mp4File({ seconds: 3600 * 5, timescale: 600, version: 1 }))).toBe(18_000);
  });

  it('follows 64-bit box sizes', async () => {
    const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4));
    const media = Buffer.alloc(40, 1);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(16 + media.length), 8);
    const file = Buffer.concat([ftyp, large, media, box('moov', mvhd(4200, 1000))]);
    expect(await read(file)).toBe(4.2);
  });

  it('answers null for a file without a movie header, an unknown duration or a broken box', async () => {
    const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4));
    expect(await read(Buffer.concat([ftyp, box('mdat', Buffer.alloc(32))]))).toBeNull();
    expect(await read(Buffer.concat([ftyp, box('moov', box('trak'))]))).toBeNull();
    expect(await read(Buffer.concat([ftyp, box('moov', mvhd(0xffffffff, 1000))]))).toBeNull();
    expect(await read(Buffer.concat([ftyp, box('moov', mvhd(100, 0))]))).toBeNull();
    // A box claiming more bytes than the file has.
    const broken = Buffer.concat([ftyp, Buffer.from([0, 0, 0x10, 0, 0x6d, 0x64, 0x61, 0x74])]);
    expect(await read(broken)).toBeNull();
  });
});
