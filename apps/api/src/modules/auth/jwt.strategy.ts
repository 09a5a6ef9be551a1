import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import jwt from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthUser } from '../../common/auth.decorators';
import { JWT_SECRET } from '../../common/jwt-secret';
import type { AccessClaims } from './token.service';
import { TokenVersionsService } from './token-versions.service';

const ALGORITHMS: jwt.Algorithm[] = ['HS256'];
/** Verified token texts remembered at most (each until it expires); beyond, the memory starts afresh. */
const MAX_VERIFIED = 50_000;

/**
 * Validates the bearer access token; the request's user comes from its claims. The token's version
 * must still be its user's (suspension, a role change, logout and a password change bump it),
 * which the per-process cache answers without a database read.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  private readonly key: KeyObject;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    @Inject(JWT_SECRET) secret: string,
    @Inject(TokenVersionsService) private readonly versions: TokenVersionsService,
  ) {
    // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse it
    // as a public key on every request, which costs about a millisecond of CPU per call.
    // (passport-jwt hands it to jsonwebtoken untouched; its types only list string and Buffer.)
    const key = createSecretKey(Buffer.from(secret));
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: key as unknown as Buffer, algorithms: ALGORITHMS });
    this.key = key;
  }

  async validate(claims: AccessClaims): Promise<AuthUser> {
    if (typeof claims.ver !== 'number' || typeof claims.uid !== 'string' || !/^\d{1,18}$/.test(claims.uid))
      throw new UnauthorizedException();
    if ((await this.versions.current(claims.uid)) !== claims.ver) throw new UnauthorizedException();
    return { id: claims.uid, id_slug: claims.sub, role: claims.role };
  }

  /**
   * The user of an Authorization header, checked as passport checks it (the same library, key and
   * algorithm, then `validate`), for the routes served before the framework (platform/http/direct-routes).
   * A token text once verified is remembered until it expires: its signature is not checked again,
   * its version still is, on every request.
   */
  async userOf(authorization: string | undefined): Promise<AuthUser> {
    // As passport-jwt reads the header: a scheme and a value, the scheme "bearer" in any case.
    const parts = /(\S+)\s+(\S+)/.exec(authorization ?? '');
    if (!parts || parts[1].toLowerCase() !== 'bearer') throw new UnauthorizedException();
    const token = parts[2];
    const now = Date.now();
    let entry = this.verified.get(token);
    if (!entry || entry.expiresAt <= now) {
      let claims: AccessClaims & { exp?: number };
      try {
        claims = jwt.verify(token, this.key, { algorithms: ALGORITHMS }) as AccessClaims & { exp?: number };
      } catch {
        this.verified.delete(token);
        throw new UnauthorizedException();
      }
      if (typeof claims.exp !== 'number') throw new UnauthorizedException();
      entry = { claims, expiresAt: claims.exp * 1000 };
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      this.verified.set(token, entry);
    }
    return this.validate(entry.claims);
  }
}
