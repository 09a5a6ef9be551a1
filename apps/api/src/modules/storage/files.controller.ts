import { Controller, Get, Inject, NotFoundException, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../../common/auth.decorators';
import { StorageService } from './storage.service';

const LINK_EXPIRED = 'This file link has expired or is not valid.';
const RANGE_NOT_SATISFIABLE = 'The requested range lies outside the file.';

/**
 * Serves stored files to holders of a signed URL. Range requests are answered by express's
 * sendFile, so video players can seek.
 */
@Controller('files')
export class FilesController {
  constructor(@Inject(StorageService) private readonly storage: StorageService) {}

  @Public()
  @Get(':idSlug')
  async get(
    @Param('idSlug') idSlug: string,
    @Query('exp') exp: string,
    @Query('dl') dl: string,
    @Query('sig') sig: string,
    @Res() res: Response,
  ) {
    if (!this.storage.verify(idSlug, exp, dl, sig)) throw new NotFoundException(LINK_EXPIRED);
    const file = await this.storage.find(idSlug);
    if (!file) throw new NotFoundException(LINK_EXPIRED);
    const disposition = dl === '1' ? 'attachment' : 'inline';
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    res.setHeader('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.original_name)}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    // Relative to the storage root: send refuses dot segments of the path it is given, and the
    // default DATA_DIR (.data) is one; the key itself is hex and never holds a dot.
    res.sendFile(file.storage_key, {
      root: this.storage.directory,
      headers: { 'Content-Type': file.content_type, 'Cache-Control': `private, max-age=${maxAge}` },
      dotfiles: 'deny',
      acceptRanges: true,
      lastModified: false,
      etag: false,
    }, (err: (Error & { status?: number }) | undefined) => {
      if (!err || res.headersSent) return;
      // send has set Content-Range: bytes */size already.
      if (err.status === 416) res.status(416).json({ message: RANGE_NOT_SATISFIABLE });
      else res.status(404).json({ message: LINK_EXPIRED });
    });
  }
}
