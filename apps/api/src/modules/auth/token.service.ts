import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Role } from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { revokeOtherRefreshTokens } from './email-change.queries';
import {
  bumpTokenVersion,
  insertRefreshToken,
  refreshTokenOwner,
  revokeFamilyOf,
  revokeRefreshTokens,
  shareSubject,
  useRefreshToken,
} from './refresh-tokens.queries';

export interface AccessClaims {
  sub: string; // the user's id_slug
  uid: string; // internal id, saves a lookup on every request
  role: Role;
  ver: number; // the user's token_version when issued; a token of an older version is refused
}

/** What an access token is issued from: a users row. */
export interface TokenSubject {
  id: string;
  id_slug: string;
  role: Role;
  token_version: number;
}

export interface IssuedTokens {
  access: string;
  refresh: string;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');
const INVALID_REFRESH = 'Your session has expired. Please log in again.';
/** How long a just-rotated refresh token is still accepted (see rotate). */
export const REUSE_GRACE_SECONDS = 20;

/**
 * Short-lived JWT access tokens and opaque refresh tokens stored hashed. Each refresh rotates
 * the token; presenting an already-rotated token revokes its whole family (it was stolen or replayed).
 */
@Injectable()
export class TokenService {
  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  signAccess(user: TokenSubject): string {
    const claims: AccessClaims = { sub: user.id_slug, uid: String(user.id), role: user.role, ver: user.token_version };
    return this.jwt.sign(claims);
  }

  /** Starts a new token family (a new sign-in). */
  async issue(user: TokenSubject, manager: EntityManager = this.db.manager): Promise<IssuedTokens> {
    const refresh = await this.insertRefresh(manager, user.id, randomUUID());
    return { access: this.signAccess(user), refresh };
  }

  /**
   * Exchanges a refresh token for a new pair. A rotated token stays usable for a short grace
   * period: a browser that leaves a page while its refresh is in flight never stores the new
   * cookie and sends the old one again from the next page. After that, re-use means theft.
   */
  async rotate(token: string): Promise<IssuedTokens & { userId: string }> {
    return this.db.transaction(async (m) => {
      const row = await useRefreshToken(m, sha256(token), REUSE_GRACE_SECONDS);
      if (!row) {
        await this.revokeFamilyOf(token);
        throw new UnauthorizedException(INVALID_REFRESH);
      }
      // FOR SHARE: a suspension being written waits for this rotation (then revokes its token) or is waited for.
      const user = await shareSubject(m, row.user_id);
      if (!user || user.is_suspended) throw new UnauthorizedException(INVALID_REFRESH);
      const refresh = await this.insertRefresh(m, user.id, row.family_id);
      return { access: this.signAccess(user), refresh, userId: String(user.id) };
    });
  }

  /** Reuse of a rotated (or revoked) token: revoke every live token of its family. */
  private async revokeFamilyOf(token: string): Promise<void> {
    await revokeFamilyOf(this.db, sha256(token));
  }

  /**
   * Logout: ends every session of the refresh token's user (their refresh tokens, and their access
   * tokens within moments on every instance). An unknown token ends nothing.
   */
  async endSessionsOf(token: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const row = await refreshTokenOwner(m, sha256(token));
      if (row) await this.endAllSessions(row.user_id, m);
    });
  }

  /**
   * Revokes every refresh token of the user and bumps their token version, so that every access
   * token issued so far is refused (each API process hears of it through PostgreSQL). Answers the new version.
   */
  async endAllSessions(userId: string, manager: EntityManager = this.db.manager): Promise<number> {
    const version = await bumpTokenVersion(manager, userId);
    await revokeRefreshTokens(manager, userId);
    return version ?? 0;
  }

  /**
   * Ends every session of the user but the one of `keepRefresh` (a refresh token of the calling
   * browser), when that token is a live one of this user. The kept session's access token is
   * refused too (the version moves on); its next refresh carries the new version. Answers it.
   */
  async endOtherSessions(userId: string, keepRefresh: string | undefined, manager: EntityManager = this.db.manager): Promise<number> {
    const version = await bumpTokenVersion(manager, userId);
    await revokeOtherRefreshTokens(manager, userId, keepRefresh ? sha256(keepRefresh) : null);
    return version ?? 0;
  }

  private async insertRefresh(m: EntityManager, userId: string, familyId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertRefreshToken(m, userId, familyId, sha256(token), this.config.REFRESH_TOKEN_TTL_DAYS);
    return token;
  }
}
