import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { postgresRateLimiter } from './rate-limit-store';
import { inMinutes } from './rate-budget';

/**
 * Wrong secrets one client address may send to a secret-checking endpoint (a private link's token,
 * an unsubscribe signature, an invitation) in each window, all such endpoints together; then it
 * waits as long. A person who opens their own link as often as they like never spends any.
 */
export const WRONG_SECRET_LIMIT = { points: 20, duration: 15 * 60 };

export const wrongSecretsMessage = (ms: number) => `Too many invalid links from your network. Please try again ${inMinutes(ms)}.`;

const KEY = Symbol('wrongSecretLimit');

/**
 * Counts, per client address and in PostgreSQL (every API process shares the count), the answers
 * of a secret-checking endpoint that refuse its secret (400 or 404), and refuses the address with a
 * 429 once it has spent its wrong guesses: the secret cannot be guessed at any speed, while the
 * right one costs nothing.
 */
@Injectable()
export class WrongSecretLimitInterceptor implements NestInterceptor {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DataSource) db: DataSource,
  ) {
    this.limiter = postgresRateLimiter(db, {
      keyPrefix: 'wrong-secret',
      points: WRONG_SECRET_LIMIT.points,
      duration: WRONG_SECRET_LIMIT.duration,
      blockDuration: WRONG_SECRET_LIMIT.duration,
    });
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.config.DISABLE_RATE_LIMITS || !this.reflector.get<boolean>(KEY, context.getHandler())) return next.handle();
    const http = context.switchToHttp();
    const key = http.getRequest<Request>().ip ?? 'unknown';
    return from(this.run(key, http.getResponse<Response>(), next));
  }

  private async run(key: string, res: Response, next: CallHandler): Promise<unknown> {
    const spent = await this.limiter.get(key);
    if (spent && spent.consumedPoints >= WRONG_SECRET_LIMIT.points) throw this.refusal(res, spent.msBeforeNext);
    try {
      return await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (e) {
      const status = e instanceof HttpException ? e.getStatus() : 0;
      if (status === HttpStatus.BAD_REQUEST || status === HttpStatus.NOT_FOUND) {
        await this.limiter.penalty(key, 1);
      }
      throw e;
    }
  }

  private refusal(res: Response, ms: number): HttpException {
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(ms / 1000))));
    return new HttpException({ message: wrongSecretsMessage(ms) }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Counts this endpoint's refused secrets against the caller's address (see WrongSecretLimitInterceptor). */
export const WrongSecretLimit = () => applyDecorators(SetMetadata(KEY, true), UseInterceptors(WrongSecretLimitInterceptor));
