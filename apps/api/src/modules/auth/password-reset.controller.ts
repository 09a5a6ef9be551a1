import { Controller, Header, Inject, Req, Res, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { type BodyOf, Route, RouteBody } from '../../common/route.decorator';
import { AppConfig } from '../../config/app-config';
import { deliverRefresh, NO_STORE } from './auth.controller';
import { assertCookieCanBeKept } from './refresh-cookie';
import { PasswordResetService } from './password-reset.service';

/** Forgotten passwords: a link by email, then a new password with it (public routes). */
@Controller()
export class PasswordResetController {
  constructor(
    @Inject(PasswordResetService) private readonly resets: PasswordResetService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Always 202 with the same body: limited per client address and per email (PasswordResetService). */
  @Route('passwordResetRequest')
  async request(@RouteBody() body: BodyOf<'passwordResetRequest'>, @Req() req: Request) {
    return this.resets.request(body.email, req.ip ?? 'unknown');
  }

  /** Answers as login does: a fresh session (the refresh token as a cookie for browsers). */
  @Route('passwordResetConfirm')
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 20, ttl: 15 * 60_000 } })
  @Header(...NO_STORE)
  async confirm(@RouteBody() body: BodyOf<'passwordResetConfirm'>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    assertCookieCanBeKept(req, this.config);
    const { user, access, refresh } = await this.resets.confirm(body);
    return { access, ...deliverRefresh(req, res, this.config, refresh), user };
  }
}
