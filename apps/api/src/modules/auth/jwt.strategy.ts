import { createSecretKey } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type jwt from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthUser } from '../../common/auth.decorators';
import { JWT_SECRET } from '../../common/jwt-secret';
import type { AccessClaims } from './token.service';
import { TokenVersionsService } from './token-versions.service';

const ALGORITHMS: jwt.Algorithm[] = ['HS256'];

/**
 * Validates the bearer access token; the request's user comes from its claims. The token's version
 * must still be its user's (suspension, a role change, logout and a password change bump it),
 * which the per-process cache answers without a database read.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(JWT_SECRET) secret: string,
    @Inject(TokenVersionsService) private readonly versions: TokenVersionsService,
  ) {
    // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse it
    // as a public key on every request, which costs about a millisecond of CPU per call.
    // (passport-jwt hands it to jsonwebtoken untouched; its types only list string and Buffer.)
    const key = createSecretKey(Buffer.from(secret));
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: key as unknown as Buffer, algorithms: ALGORITHMS });
  }

  async validate(claims: AccessClaims): Promise<AuthUser> {
    if (typeof claims.ver !== 'number' || typeof claims.uid !== 'string' || !/^\d{1,18}$/.test(claims.uid))
      throw new UnauthorizedException();
    if ((await this.versions.current(claims.uid)) !== claims.ver) throw new UnauthorizedException();
    return { id: claims.uid, id_slug: claims.sub, role: claims.role };
  }
}
