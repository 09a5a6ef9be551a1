import type { LessonMediaKind } from '@school/contracts';

/** How many leading bytes the sniffers need at most. */
export const SNIFF_BYTES = 16;

/** An ISO base media file (mp4) opens with its `ftyp` box: a 32-bit size of at least 8, then 'ftyp'. */
export function isMp4(head: Buffer): boolean {
  return head.length >= 8 && head.readUInt32BE(0) >= 8 && head.toString('latin1', 4, 8) === 'ftyp';
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * A WebVTT file starts with 'WEBVTT' (after an optional UTF-8 byte order mark), followed by a
 * space, a tab, a line break or the end of the file. `whole` says the head is the whole file.
 */
export function isWebVtt(head: Buffer, whole: boolean): boolean {
  const text = head.subarray(0, 3).equals(BOM) ? head.subarray(3) : head;
  if (text.toString('latin1', 0, 6) !== 'WEBVTT') return false;
  if (text.length === 6) return whole;
  return [0x20, 0x09, 0x0a, 0x0d].includes(text[6]);
}

/** Every PDF starts with its '%PDF-' signature. */
export function isPdf(head: Buffer): boolean {
  return head.subarray(0, 5).equals(Buffer.from('%PDF-'));
}

/** Whether the first bytes of a file are what its kind needs. */
export function matchesKind(kind: LessonMediaKind, head: Buffer, whole: boolean): boolean {
  if (kind === 'video') return isMp4(head);
  if (kind === 'captions') return isWebVtt(head, whole);
  return isPdf(head);
}

/** The content type a file of the kind is stored and served with. */
export const KIND_CONTENT_TYPE: Record<LessonMediaKind, string> = {
  video: 'video/mp4',
  captions: 'text/vtt',
  reading: 'application/pdf',
};

/** The refusal for a file whose content is not of its kind. */
export const WRONG_CONTENT_MESSAGE: Record<LessonMediaKind, string> = {
  video: 'This file is not an mp4 video.',
  captions: 'This file is not a WebVTT captions file (it must start with WEBVTT).',
  reading: 'This file is not a PDF document.',
};
