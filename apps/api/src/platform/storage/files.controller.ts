import { Controller, Inject, NotFoundException, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ParamsOf, Route, RouteParams } from '../../common/route.decorator';
import { contentDisposition, StorageService } from './storage.service';

const LINK_EXPIRED = 'This file link has expired or is not valid.';
const RANGE_NOT_SATISFIABLE = 'The requested range lies outside the file.';

/**
 * Serves stored files to holders of a signed URL. Files on disk are sent from here, range
 * requests answered by express's sendFile so video players can seek; files in the S3 bucket
 * are a 302 to a presigned bucket URL that expires with this one and keeps the content type and
 * disposition (the bucket answers ranges itself). Every caller keeps one URL shape.
 */
@Controller()
export class FilesController {
  constructor(@Inject(StorageService) private readonly storage: StorageService) {}

  /** The query's parts are read one by one: any malformed signature is the same 404 as an expired one. */
  @Route('storedFile')
  async get(
    @RouteParams() { idSlug }: ParamsOf<'storedFile'>,
    @Query('exp') exp: string,
    @Query('dl') dl: string,
    @Query('sig') sig: string,
    @Res() res: Response,
  ) {
    if (!this.storage.verify(idSlug, exp, dl, sig)) throw new NotFoundException(LINK_EXPIRED);
    const file = await this.storage.find(idSlug);
    if (!file) throw new NotFoundException(LINK_EXPIRED);
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    // Captions too: the player's <video> is crossorigin="anonymous", so its <track> follows the
    // redirect, and the bucket's CORS rule lets the apps' origins read it (infra/README.md).
    if (file.backend === 's3') {
      const location = await this.storage.presignedUrl(file, { download: dl === '1', expiresIn: maxAge });
      // The redirect is as private as the URL it answers; a shared cache must not keep it.
      res.setHeader('Cache-Control', 'private, no-store');
      return res.redirect(302, location);
    }
    res.setHeader('Content-Disposition', contentDisposition(file.original_name, dl === '1'));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    // Relative to the storage root: send refuses dot segments of the path it is given, and the
    // default DATA_DIR (.data) is one; the key itself is hex and never holds a dot.
    res.sendFile(
      file.storage_key,
      {
        root: this.storage.directory,
        headers: { 'Content-Type': file.content_type, 'Cache-Control': `private, max-age=${maxAge}` },
        dotfiles: 'deny',
        acceptRanges: true,
        lastModified: false,
        etag: false,
      },
      (err: (Error & { status?: number }) | undefined) => {
        if (!err || res.headersSent) return;
        // send has set Content-Range: bytes */size already.
        if (err.status === 416) res.status(416).json({ message: RANGE_NOT_SATISFIABLE });
        else res.status(404).json({ message: LINK_EXPIRED });
      },
    );
  }
}
