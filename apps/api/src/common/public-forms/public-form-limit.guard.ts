import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { tooManySubmissionsMessage, VISITOR_TOKEN_HEADER } from '@school/contracts';
import type { Request, Response } from 'express';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { postgresRateLimiter } from '../rate-limit-store';
import { AppConfig } from '../../config/app-config';
import { JWT_SECRET } from '../jwt-secret';
import { verifyVisitorToken } from './visitor-token';

/** Submissions of one public form in each window of this many seconds. */
/**
 * Every public form's budget: a visitor (identified by the token the site fetches first) its own
 * budget, and an address a larger one for all its visitors together.
 */
export const PUBLIC_FORM_LIMITS = { perVisitor: 10, perAddress: 200 };

export const PUBLIC_FORM_WINDOW_SECONDS = 10 * 60;

export interface PublicFormLimitOptions {
  /** Keeps each form's counts apart. */
  name: string;
  /** Per visitor token, and per address for requests without a valid token. */
  perVisitor: number;
  /** Per address over all of its visitors with tokens: a campus, an office, a mobile carrier's gateway. */
  perAddress: number;
}

const LIMIT = Symbol('publicFormLimit');

/**
 * Counts a public form's submissions in PostgreSQL (shared by every API process): per visitor
 * when the request carries a valid visitor token, with a much higher ceiling per address, and
 * per address alone otherwise. A refusal is a 429 with Retry-After and a message in both the
 * API's and the form collection's error shapes.
 */
@Injectable()
export class PublicFormLimitGuard implements CanActivate {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(JWT_SECRET) private readonly secret: string,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const limit = this.reflector.get<PublicFormLimitOptions | undefined>(LIMIT, context.getHandler());
    if (!limit || this.config.DISABLE_RATE_LIMITS) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const address = req.ip ?? 'unknown';
    const visitor = verifyVisitorToken(this.secret, req.get(VISITOR_TOKEN_HEADER));
    try {
      if (visitor) {
        await this.limiter(limit.name, 'visitor', limit.perVisitor).consume(visitor);
        await this.limiter(limit.name, 'visitors-of-address', limit.perAddress).consume(address);
      } else {
        await this.limiter(limit.name, 'address', limit.perVisitor).consume(address);
      }
      return true;
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      const seconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(seconds));
      const message = tooManySubmissionsMessage(seconds);
      throw new HttpException({ message, errors: [{ message }] }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  private limiter(name: string, kind: string, points: number): RateLimiterPostgres {
    const keyPrefix = `form-${name}-${kind}`;
    let limiter = this.limiters.get(keyPrefix);
    if (!limiter) {
      limiter = postgresRateLimiter(this.db, { keyPrefix, points, duration: PUBLIC_FORM_WINDOW_SECONDS });
      this.limiters.set(keyPrefix, limiter);
    }
    return limiter;
  }
}

/** Limits a public form's submissions (see PublicFormLimitGuard). */
export const PublicFormLimit = (options: PublicFormLimitOptions) =>
  applyDecorators(SetMetadata(LIMIT, options), UseGuards(PublicFormLimitGuard));
