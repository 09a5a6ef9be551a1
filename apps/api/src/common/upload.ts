// Multipart uploads, limited while streaming: project files and hand-ins, participant reports.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';

export const FILE_REQUIRED_MESSAGE = 'Please choose a file to upload';
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export const fileTooLargeMessage = (maxBytes: number) => `File size must be less than ${Math.round((maxBytes / 1024 / 1024) * 10) / 10}MB`;

/** An upload received into a file of its own; `remove` deletes it (once kept, it is no longer needed). */
export interface ReceivedUpload {
  path: string;
  size: number;
  originalname: string;
  remove(): Promise<void>;
}

/**
 * Reads the multipart field `file` into memory, stopping as soon as it passes `maxBytes` (a body
 * whose declared length cannot fit is refused before it is read). For small files only.
 */
export async function readUpload(req: Request, res: Response, maxBytes: number): Promise<Express.Multer.File> {
  await parseUpload(req, res, maxBytes, multer.memoryStorage());
  return req.file!;
}

/**
 * Streams the multipart field `file` into a new file in `dir`, never holding it in memory, and
 * stops (deleting what was written) as soon as it passes `maxBytes`.
 */
export async function receiveUpload(req: Request, res: Response, maxBytes: number, dir: string): Promise<ReceivedUpload> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storage = multer.diskStorage({
    destination: dir,
    filename: (_req, _file, done) => done(null, `${randomBytes(16).toString('hex')}.upload`),
  });
  try {
    await parseUpload(req, res, maxBytes, storage);
  } catch (e) {
    // multer deletes a file it cut off; a file it finished before a later refusal is deleted here.
    if (req.file?.path) await rm(req.file.path, { force: true });
    throw e;
  }
  const file = req.file!;
  return { path: file.path, size: file.size, originalname: file.originalname, remove: () => rm(file.path, { force: true }) };
}

async function parseUpload(req: Request, res: Response, maxBytes: number, storage: multer.StorageEngine): Promise<void> {
  const tooLarge = () =>
    new PayloadTooLargeException({ message: fileTooLargeMessage(maxBytes), errors: { file: fileTooLargeMessage(maxBytes) } });
  if (!req.is('multipart/form-data'))
    throw new BadRequestException({ message: FILE_REQUIRED_MESSAGE, errors: { file: FILE_REQUIRED_MESSAGE } });
  if (Number(req.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    res.setHeader('Connection', 'close');
    throw tooLarge();
  }
  const parse = multer({
    storage,
    limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  }).single('file');
  await new Promise<void>((resolve, reject) =>
    parse(req, res, (err: unknown) => {
      if (!err) return resolve();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return reject(tooLarge());
      const message = code === 'LIMIT_UNEXPECTED_FILE' ? 'Send the file in the field named file' : 'The upload could not be read';
      reject(new BadRequestException({ message, errors: { file: message } }));
    }),
  );
  if (!req.file || req.file.size === 0) {
    if (req.file?.path) await rm(req.file.path, { force: true });
    throw new BadRequestException({ message: FILE_REQUIRED_MESSAGE, errors: { file: FILE_REQUIRED_MESSAGE } });
  }
}

/** The document types people attach as evidence (a medical certificate, a work photo, a signed form). */
export type DocumentType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** PDF, JPEG or PNG by their first bytes, never by the name or the type the browser claims; null for anything else. */
export function documentTypeOf(b: Buffer): DocumentType | null {
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

/** A name safe to store and to offer back for download: letters, digits and a few marks, at most 200 characters. */
export const storedFileName = (name: string, fallback: string) => (name || fallback).replace(/[^\p{L}\p{N} ._()-]+/gu, '_').slice(0, 200);
