import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { type RouteDef, type RouteName, routes } from '@school/contracts';
import { map, type Observable } from 'rxjs';
import { AppConfig } from '../config/app-config';
import { ROUTE_NAME } from './route.decorator';
import { zodErrorBody } from './zod.pipe';

/**
 * Parses every JSON answer with its route's response schema from the contracts' route table, as
 * the apps will read it (the JSON text, so a Date or a string of pre-serialised JSON is checked as
 * sent). An answer that does not match is not sent: the request fails with a 500 whose log line
 * (and, outside production, whose body) lists the zod issues, so a misspelt key fails a test
 * instead of leaving a blank page. On in tests and development, off in production unless
 * CHECK_ANSWERS says otherwise: the parse costs CPU on every answer.
 */
@Injectable()
export class AnswerCheckInterceptor implements NestInterceptor {
  private readonly logger = new Logger('AnswerCheck');

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const name = Reflect.getMetadata(ROUTE_NAME, ctx.getHandler()) as RouteName | undefined;
    const route = name ? (routes[name] as RouteDef) : undefined;
    // Text (CSV) and file answers are not JSON; a handler without a table entry has no contract.
    if (!this.config.checkAnswers || !name || !route || (route.responseType ?? 'json') !== 'json') return next.handle();
    return next.handle().pipe(map((answer: unknown) => this.checked(name, route, answer)));
  }

  private checked(name: RouteName, route: RouteDef, answer: unknown): unknown {
    const sent: unknown =
      typeof answer === 'string' ? JSON.parse(answer) : answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
    const result = route.response.safeParse(sent);
    if (result.success) return answer;
    const { errors } = zodErrorBody(result.error);
    this.logger.error({ route: name, issues: result.error.issues }, `The answer of ${name} does not match its contract`);
    const message = `The answer of ${name} does not match its contract`;
    throw new InternalServerErrorException(this.config.NODE_ENV === 'production' ? { message } : { message, errors });
  }
}
