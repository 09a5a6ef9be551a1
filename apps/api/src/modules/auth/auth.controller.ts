import { Controller, ForbiddenException, Header, Inject, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { JWT_SECRET } from '../../common/jwt-secret';
import { WrongSecretLimit } from '../../common/wrong-secret-limit';
import { isKnownDevice, rememberDevice } from './known-device';
import { AppConfig } from '../../config/app-config';
import { AuthService } from './auth.service';
import { EmailChangeService } from './email-change.service';
import { EmailVerificationService } from './email-verification.service';
import { assertCookieCanBeKept, clearRefreshCookie, isBrowserCall, readRefreshToken, setRefreshCookie } from './refresh-cookie';
import { TokenService } from './token.service';
import { DataSource } from 'typeorm';
import { hasFinance } from '../finance';

/** Browsers get the refresh token as an httpOnly cookie and never see it; API consumers get it in the body. */
/** Answers carrying tokens or personal data are never stored by a browser or a proxy. */
export const NO_STORE = ['Cache-Control', 'no-store'] as const;
export const LOGOUT_HEADER_MESSAGE = 'Logging out from a browser needs the X-Requested-With header.';

export function deliverRefresh(req: Request, res: Response, config: AppConfig, refresh: string): { refresh?: string } {
  if (!isBrowserCall(req)) return { refresh };
  setRefreshCookie(res, config, refresh);
  return {};
}

@Controller()
export class AuthController {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(EmailChangeService) private readonly emailChanges: EmailChangeService,
    @Inject(EmailVerificationService) private readonly verifications: EmailVerificationService,
    @Inject(JWT_SECRET) private readonly secret: string,
    @Inject(DataSource) private readonly db: DataSource,
  ) {}

  @Route('register')
  @UseGuards(ThrottlerGuard)
  // Generous enough for a classroom behind one address signing up together.
  @Throttle({ default: { limit: 50, ttl: 15 * 60_000 } })
  @Header(...NO_STORE)
  async register(@RouteBody() body: BodyOf<'register'>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    assertCookieCanBeKept(req, this.config);
    const { user, access, refresh } = await this.auth.register(body, req.ip ?? 'unknown');
    return { access, ...deliverRefresh(req, res, this.config, refresh), user };
  }

  @Route('login')
  @Header(...NO_STORE)
  async login(@RouteBody() body: BodyOf<'login'>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    assertCookieCanBeKept(req, this.config);
    const known = isKnownDevice(req, this.secret, body.email);
    const { user, access, refresh } = await this.auth.login(body, req.ip ?? 'unknown', known);
    if (isBrowserCall(req)) rememberDevice(res, this.config, this.secret, user.email);
    return { access, ...deliverRefresh(req, res, this.config, refresh), user };
  }

  @Route('refresh')
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @Header(...NO_STORE)
  async refresh(@RouteBody() body: BodyOf<'refresh'>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const token = readRefreshToken(req, body.refresh);
    if (!token) throw new UnauthorizedException('Your session has expired. Please log in again.');
    try {
      const { access, refresh } = await this.tokens.rotate(token);
      return { access, ...deliverRefresh(req, res, this.config, refresh) };
    } catch (e) {
      if (isBrowserCall(req)) clearRefreshCookie(res, this.config);
      throw e;
    }
  }

  /**
   * Works with only the refresh token, so an expired access token never blocks signing out, and ends
   * every session of its user. Like refresh, the cookie is only honoured (and cleared) on calls
   * carrying the browser header: a cross-site form can neither sign anyone out nor clear the cookie.
   */
  @Route('logout')
  @Header(...NO_STORE)
  async logout(@RouteBody() body: BodyOf<'logout'>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (!body.refresh && !isBrowserCall(req)) throw new ForbiddenException(LOGOUT_HEADER_MESSAGE);
    const token = readRefreshToken(req, body.refresh);
    if (token) await this.tokens.endSessionsOf(token);
    if (isBrowserCall(req)) clearRefreshCookie(res, this.config);
    return { message: 'Logged out' };
  }

  @Route('check')
  async check(@CurrentUser() me: AuthUser) {
    const [user, finance] = await Promise.all([this.auth.findUser(me.id), me.role === 'ADMIN' ? hasFinance(this.db, me.id) : false]);
    return { user, finance };
  }

  @Route('profileUpdate')
  async updateProfile(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'profileUpdate'>) {
    return { user: await this.auth.updateProfile(me.id, body) };
  }

  @Route('changePassword')
  async changePassword(
    @CurrentUser() me: AuthUser,
    @RouteBody() body: BodyOf<'changePassword'>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { user, access, refresh } = await this.auth.changePassword(me.id, body, req.ip ?? 'unknown');
    return { message: 'Password changed', access, ...deliverRefresh(req, res, this.config, refresh), user };
  }

  /** The email changes only once the new address confirms it (EmailChangeService). */
  @Route('changeEmail')
  @Header(...NO_STORE)
  async changeEmail(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'changeEmail'>, @Req() req: Request) {
    return this.emailChanges.request(me.id, body, req.ip ?? 'unknown');
  }

  @Route('emailChangePending')
  @Header(...NO_STORE)
  async emailChangePending(@CurrentUser() me: AuthUser) {
    return this.emailChanges.pending(me.id);
  }

  /** Public: the link may be opened signed out, on any device. */
  @Route('emailChangeConfirm')
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 20, ttl: 15 * 60_000 } })
  @Header(...NO_STORE)
  async emailChangeConfirm(@RouteBody() body: BodyOf<'emailChangeConfirm'>, @Req() req: Request) {
    // The confirming browser's own session (its refresh cookie) may stay; every other one ends.
    return this.emailChanges.confirm(body.token, readRefreshToken(req));
  }

  @Route('emailChangeCancel')
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 20, ttl: 15 * 60_000 } })
  @Header(...NO_STORE)
  async emailChangeCancel(@RouteBody() body: BodyOf<'emailChangeCancel'>) {
    return this.emailChanges.cancel(body.token);
  }

  @Route('emailVerificationStatus')
  @Header(...NO_STORE)
  emailVerificationStatus(@CurrentUser() me: AuthUser) {
    return this.verifications.status(me.id);
  }

  @Route('emailVerificationResend')
  resendVerification(@CurrentUser() me: AuthUser, @Req() req: Request) {
    return this.verifications.resend(me.id, req.ip ?? 'unknown');
  }

  /** Public: the link may be opened signed out, on any device. Wrong tokens are counted per address. */
  @Route('emailVerify')
  @WrongSecretLimit()
  @Header(...NO_STORE)
  verifyEmail(@RouteBody() body: BodyOf<'emailVerify'>) {
    return this.verifications.verify(body.token);
  }

  @Route('adminUpdateUserRole')
  async updateRole(@RouteParams() p: ParamsOf<'adminUpdateUserRole'>, @RouteBody() body: BodyOf<'adminUpdateUserRole'>) {
    return { user: await this.auth.setRole(p.userIdSlug, body.role) };
  }

  @Route('adminDeleteUser')
  deleteUser(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminDeleteUser'>) {
    return this.auth.deleteAccount(me, p.userIdSlug);
  }

  /** Account-level suspension (the cohort's Suspend student acts on one enrolment only). */
  @Route('adminUpdateUserStatus')
  async updateStatus(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminUpdateUserStatus'>,
    @RouteBody() body: BodyOf<'adminUpdateUserStatus'>,
  ) {
    return { user: await this.auth.setSuspended(me, p.userIdSlug, body.is_suspended) };
  }
}
