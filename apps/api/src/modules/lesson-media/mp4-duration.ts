/** Reads the bytes from start to end (inclusive) of a file; fewer when the file ends first. */
export type ReadRange = (start: number, end: number) => Promise<Buffer>;

interface Box {
  start: number;
  header: number;
  size: number;
}

/** At most this many boxes are looked at on one level: a file of garbage cannot keep the reader busy. */
const MAX_BOXES = 10_000;

/** The first box of `type` between start and end (one level of the box tree), or null. */
async function findBox(read: ReadRange, start: number, end: number, type: string): Promise<Box | null> {
  let pos = start;
  for (let n = 0; n < MAX_BOXES && pos + 8 <= end; n++) {
    const head = await read(pos, Math.min(pos + 15, end - 1));
    if (head.length < 8) return null;
    let size = head.readUInt32BE(0);
    let header = 8;
    if (size === 1) {
      if (head.length < 16) return null;
      size = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < header || pos + size > end) return null;
    if (head.toString('latin1', 4, 8) === type) return { start: pos, header, size };
    pos += size;
  }
  return null;
}

/**
 * A video's length in seconds from its movie header (moov/mvhd: duration / timescale), wherever
 * the moov box lies (at the start of a "fast start" file or after the media data); null when the
 * file has no readable movie header or an unknown duration. Only box headers and the mvhd box are read.
 */
export async function mp4Duration(read: ReadRange, fileSize: number): Promise<number | null> {
  const moov = await findBox(read, 0, fileSize, 'moov');
  if (!moov) return null;
  const mvhd = await findBox(read, moov.start + moov.header, moov.start + moov.size, 'mvhd');
  if (!mvhd) return null;
  const body = await read(mvhd.start + mvhd.header, mvhd.start + Math.min(mvhd.size, mvhd.header + 32) - 1);
  const version = body[0];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (body.length < 32) return null;
    timescale = body.readUInt32BE(20);
    const raw = body.readBigUInt64BE(24);
    if (raw === 0xffffffffffffffffn) return null;
    duration = Number(raw);
  } else if (version === 0) {
    if (body.length < 20) return null;
    timescale = body.readUInt32BE(12);
    duration = body.readUInt32BE(16);
    if (duration === 0xffffffff) return null;
  } else {
    return null;
  }
  if (timescale === 0) return null;
  return duration / timescale;
}
