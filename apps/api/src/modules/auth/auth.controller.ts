import {
  Body, Controller, ForbiddenException, Get, Header, HttpCode, Inject, Param, Patch, Post, Req, Res, UnauthorizedException, UseGuards,
} from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import {
  ChangeEmailSchema, ChangePasswordSchema, LoginSchema, LogoutSchema, ProfileUpdateSchema, RefreshSchema, RegisterSchema,
  UpdateUserStatusSchema, UserIdParamsSchema,
  type ChangeEmail, type ChangePassword, type Login, type Logout, type ProfileUpdate, type Refresh, type Register,
  type UpdateUserStatus, type UserIdParams,
} from '@school/contracts';
import type { Request, Response } from 'express';
import { AdminOnly, type AuthUser, CurrentUser, Public } from '../../common/auth.decorators';
import { ZodPipe } from '../../common/zod.pipe';
import { AppConfig } from '../../config/app-config';
import { AuthService } from './auth.service';
import { assertCookieCanBeKept, clearRefreshCookie, isBrowserCall, readRefreshToken, setRefreshCookie } from './refresh-cookie';
import { TokenService } from './token.service';

/** Browsers get the refresh token as an httpOnly cookie and never see it; API consumers get it in the body. */
/** Answers carrying tokens or personal data are never stored by a browser or a proxy. */
const NO_STORE = ['Cache-Control', 'no-store'] as const;
export const LOGOUT_HEADER_MESSAGE = 'Logging out from a browser needs the X-Requested-With header.';

function deliverRefresh(req: Request, res: Response, config: AppConfig, refresh: string): { refresh?: string } {
  if (!isBrowserCall(req)) return { refresh };
  setRefreshCookie(res, config, refresh);
  return {};
}

@Controller('auth')
export class AuthController {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  // Generous enough for a classroom behind one address signing up together.
  @Throttle({ default: { limit: 50, ttl: 15 * 60_000 } })
  @Header(...NO_STORE)
  @Post('register')
  async register(@Body(new ZodPipe(RegisterSchema)) body: Register, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    assertCookieCanBeKept(req, this.config);
    const { user, access, refresh } = await this.auth.register(body);
    return { access, ...deliverRefresh(req, res, this.config, refresh), user };
  }

  @Public()
  @HttpCode(200)
  @Header(...NO_STORE)
  @Post('login')
  async login(@Body(new ZodPipe(LoginSchema)) body: Login, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    assertCookieCanBeKept(req, this.config);
    const { user, access, refresh } = await this.auth.login(body, req.ip ?? 'unknown');
    return { access, ...deliverRefresh(req, res, this.config, refresh), user };
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 60, ttl: 60_000 } })
  @HttpCode(200)
  @Header(...NO_STORE)
  @Post('token/refresh')
  async refresh(@Body(new ZodPipe(RefreshSchema)) body: Refresh, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
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
  @Public()
  @HttpCode(200)
  @Header(...NO_STORE)
  @Post('logout')
  async logout(@Body(new ZodPipe(LogoutSchema)) body: Logout, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (!body.refresh && !isBrowserCall(req)) throw new ForbiddenException(LOGOUT_HEADER_MESSAGE);
    const token = readRefreshToken(req, body.refresh);
    if (token) await this.tokens.endSessionsOf(token);
    if (isBrowserCall(req)) clearRefreshCookie(res, this.config);
    return { message: 'Logged out' };
  }

  @Get('check')
  async check(@CurrentUser() me: AuthUser) {
    return { user: await this.auth.findUser(me.id) };
  }

  @Patch('profile/update')
  async updateProfile(@CurrentUser() me: AuthUser, @Body(new ZodPipe(ProfileUpdateSchema)) body: ProfileUpdate) {
    return { user: await this.auth.updateProfile(me.id, body) };
  }

  @HttpCode(200)
  @Post('account/change-password')
  async changePassword(
    @CurrentUser() me: AuthUser,
    @Body(new ZodPipe(ChangePasswordSchema)) body: ChangePassword,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { user, access, refresh } = await this.auth.changePassword(me.id, body, req.ip ?? 'unknown');
    return { message: 'Password changed', access, ...deliverRefresh(req, res, this.config, refresh), user };
  }

  @HttpCode(200)
  @Post('account/change-email')
  async changeEmail(@CurrentUser() me: AuthUser, @Body(new ZodPipe(ChangeEmailSchema)) body: ChangeEmail, @Req() req: Request) {
    return { user: await this.auth.changeEmail(me.id, body, req.ip ?? 'unknown') };
  }

  /** Account-level suspension (the cohort's Suspend student acts on one enrolment only). */
  @AdminOnly()
  @Patch('admin/users/:userIdSlug/status')
  async updateStatus(
    @CurrentUser() me: AuthUser,
    @Param(new ZodPipe(UserIdParamsSchema)) p: UserIdParams,
    @Body(new ZodPipe(UpdateUserStatusSchema)) body: UpdateUserStatus,
  ) {
    return { user: await this.auth.setSuspended(me, p.userIdSlug, body.is_suspended) };
  }
}
