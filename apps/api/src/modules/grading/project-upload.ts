import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';

export const FILE_REQUIRED_MESSAGE = 'Please choose a file to upload';
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export const fileTooLargeMessage = (maxBytes: number) => `File size must be less than ${Math.round((maxBytes / 1024 / 1024) * 10) / 10}MB`;

/**
 * Reads the multipart field `file` into memory, stopping as soon as it passes `maxBytes` (a body
 * whose declared length cannot fit is refused before it is read).
 */
export async function readUpload(req: Request, res: Response, maxBytes: number): Promise<Express.Multer.File> {
  const tooLarge = () =>
    new PayloadTooLargeException({ message: fileTooLargeMessage(maxBytes), errors: { file: fileTooLargeMessage(maxBytes) } });
  if (!req.is('multipart/form-data'))
    throw new BadRequestException({ message: FILE_REQUIRED_MESSAGE, errors: { file: FILE_REQUIRED_MESSAGE } });
  if (Number(req.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    res.setHeader('Connection', 'close');
    throw tooLarge();
  }
  const parse = multer({
    storage: multer.memoryStorage(),
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
  if (!req.file || req.file.size === 0)
    throw new BadRequestException({ message: FILE_REQUIRED_MESSAGE, errors: { file: FILE_REQUIRED_MESSAGE } });
  return req.file;
}
