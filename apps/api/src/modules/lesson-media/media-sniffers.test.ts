import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mp4File } from '../../../test/fixtures/media.fixtures';
import { isMp4, isPdf, isWebVtt, matchesKind } from './media-sniffers';

const demoVideo = readFileSync(join(__dirname, '../../startup/seed-assets/demo-lecture.mp4'));
const demoCaptions = readFileSync(join(__dirname, '../../startup/seed-assets/demo-lecture.vtt'));

describe('isMp4', () => {
  it('knows an mp4 by its ftyp box', () => {
    expect(isMp4(demoVideo)).toBe(true);
    expect(isMp4(mp4File({ seconds: 3 }))).toBe(true);
  });
  it('refuses other content, a renamed file and a truncated head', () => {
    expect(isMp4(Buffer.from('%PDF-1.7 ...'))).toBe(false);
    expect(isMp4(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBe(false);
    expect(isMp4(demoVideo.subarray(0, 7))).toBe(false);
    // 'ftyp' at the right place but a box size below its own header.
    expect(isMp4(Buffer.from([0, 0, 0, 4, 0x66, 0x74, 0x79, 0x70]))).toBe(false);
  });
});

describe('isWebVtt', () => {
  it('knows WebVTT by its header, with or without a byte order mark', () => {
    expect(isWebVtt(demoCaptions, true)).toBe(true);
    expect(isWebVtt(Buffer.from('WEBVTT - Lesson 1\n\n'), false)).toBe(true);
    expect(isWebVtt(Buffer.from('\ufeffWEBVTT\r\n'), false)).toBe(true);
    expect(isWebVtt(Buffer.from('WEBVTT'), true)).toBe(true);
  });
  it('refuses SubRip, a header run into other text, and a bare WEBVTT that is only the start of a file', () => {
    expect(isWebVtt(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHi\n'), true)).toBe(false);
    expect(isWebVtt(Buffer.from('WEBVTTX\n'), true)).toBe(false);
    expect(isWebVtt(Buffer.from('WEBVTT'), false)).toBe(false);
    expect(isWebVtt(Buffer.from('webvtt\n'), true)).toBe(false);
  });
});

describe('isPdf', () => {
  it('knows a PDF by its signature and refuses the rest', () => {
    expect(isPdf(Buffer.from('%PDF-1.4\n'))).toBe(true);
    expect(isPdf(Buffer.from('%PS-Adobe'))).toBe(false);
    expect(isPdf(Buffer.from(' %PDF-1.4'))).toBe(false);
  });
});

describe('matchesKind', () => {
  it('checks each kind with its own sniffer', () => {
    expect(matchesKind('video', demoVideo, false)).toBe(true);
    expect(matchesKind('reading', demoVideo, false)).toBe(false);
    expect(matchesKind('captions', demoCaptions, true)).toBe(true);
    expect(matchesKind('video', demoCaptions, true)).toBe(false);
    expect(matchesKind('reading', Buffer.from('%PDF-1.7'), false)).toBe(true);
  });
});
