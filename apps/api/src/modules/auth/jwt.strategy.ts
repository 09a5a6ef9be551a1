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
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: secret, algorithms: ['HS256'] });
  }
  validate(claims: AccessClaims): AuthUser {
    return { id: claims.uid, id_slug: claims.sub, role: claims.role };
  }
}
