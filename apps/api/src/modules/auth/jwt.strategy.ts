import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthUser } from '../../common/auth.decorators';
import { JWT_SECRET } from './jwt-secret';
import type { AccessClaims } from './token.service';

/** Validates the bearer access token; the request's user comes from its claims, no database read. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(@Inject(JWT_SECRET) secret: string) {
    // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse it
    // as a public key on every request, which costs about a millisecond of CPU per call.
    // (passport-jwt hands it to jsonwebtoken untouched; its types only list string and Buffer.)
    const key = createSecretKey(Buffer.from(secret)) as unknown as Buffer;
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: key, algorithms: ['HS256'] });
  }
  validate(claims: AccessClaims): AuthUser {
    return { id: claims.uid, id_slug: claims.sub, role: claims.role };
  }
}
