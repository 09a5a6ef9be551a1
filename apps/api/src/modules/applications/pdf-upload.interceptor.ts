import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '@school/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';

export const PDF_REQUIRED_MESSAGE = 'Please upload a PDF file';
export const FILE_REQUIRED_MESSAGE = 'Please choose a file to upload';

/** Room in a multipart body for the boundaries, part headers and the few small fields besides the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const tooLarge = () => new PayloadTooLargeException({ message: FILE_TOO_LARGE_MESSAGE, errors: { file: FILE_TOO_LARGE_MESSAGE } });

/**
 * Reads one multipart field `file` into memory, stopping the stream as soon as it passes
 * MAX_UPLOAD_BYTES, and lets only real PDFs through (checked by their bytes, not their name).
 * A body whose declared Content-Length cannot fit the limit is refused before a byte of it is read.
 */
@Injectable()
export class PdfUploadInterceptor implements NestInterceptor {
  private readonly parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  }).single('file');

  async intercept(ctx: ExecutionContext, next: CallHandler) {
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    if (!req.is('multipart/form-data')) {
      throw new BadRequestException({ message: FILE_REQUIRED_MESSAGE, errors: { file: FILE_REQUIRED_MESSAGE } });
    }
    if (Number(req.headers['content-length']) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      // The client is still sending: answer now and close, rather than read megabytes to discard.
      res.setHeader('Connection', 'close');
      throw tooLarge();
    }
    await new Promise<void>((resolve, reject) => {
      this.parse(req, res, (err: unknown) => {
        if (!err) return resolve();
        const code = (err as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') {
          return reject(tooLarge());
        }
        const message = code === 'LIMIT_UNEXPECTED_FILE' ? 'Send the file in the field named file' : 'The upload could not be read';
        reject(new BadRequestException({ message, errors: { file: message } }));
      });
    });
    const file = req.file;
    if (!file || file.size === 0) {
      throw new BadRequestException({ message: FILE_REQUIRED_MESSAGE, errors: { file: FILE_REQUIRED_MESSAGE } });
    }
    // Every PDF starts with the %PDF- signature; a renamed image or document does not.
    if (!file.buffer.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
      throw new BadRequestException({ message: PDF_REQUIRED_MESSAGE, errors: { file: PDF_REQUIRED_MESSAGE } });
    }
    return next.handle();
  }
}
