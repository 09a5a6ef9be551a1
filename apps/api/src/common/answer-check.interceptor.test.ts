import 'reflect-metadata';
import type { ExecutionContext } from '@nestjs/common';
import type { RouteName } from '@school/contracts';
import { lastValueFrom, of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/app-config';
import { AnswerCheckInterceptor } from './answer-check.interceptor';
import { ROUTE_NAME } from './route.decorator';

/** A handler serving a route of the table, as @Route marks it. */
function contextOf(name: RouteName | undefined): ExecutionContext {
  const handler = () => undefined;
  if (name) Reflect.defineMetadata(ROUTE_NAME, name, handler);
  return { getHandler: () => handler } as unknown as ExecutionContext;
}

/** An interceptor of these settings, its log line caught. */
function interceptorOf(env: Record<string, string>) {
  const interceptor = new AnswerCheckInterceptor(loadConfig(env));
  const logged = vi.fn();
  (interceptor as unknown as { logger: { error: typeof logged } }).logger.error = logged;
  return { interceptor, logged };
}

function answer(env: Record<string, string>, name: RouteName | undefined, body: unknown) {
  const { interceptor } = interceptorOf(env);
  return lastValueFrom(interceptor.intercept(contextOf(name), { handle: () => of(body) }));
}

const TEST = { NODE_ENV: 'test' };
/** What production requires to start. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://www.school.example',
  SMTP_URL: 'smtp://mail.school.example:587',
};

describe('AnswerCheckInterceptor', () => {
  it("passes an answer that matches its route's response schema on unchanged", async () => {
    const body = { saved: 2 };
    await expect(answer(TEST, 'quizSaveAnswers', body)).resolves.toBe(body);
  });

  it('refuses an answer with a misspelt key: a 500 naming the route, the zod issue by field, and a log line', async () => {
    const { interceptor, logged } = interceptorOf(TEST);
    const failure = lastValueFrom(interceptor.intercept(contextOf('quizSaveAnswers'), { handle: () => of({ save: 2 }) }));
    await expect(failure).rejects.toMatchObject({
      status: 500,
      response: { message: 'The answer of quizSaveAnswers does not match its contract', errors: { saved: expect.any(String) } },
    });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ route: 'quizSaveAnswers', issues: [expect.objectContaining({ path: ['saved'] })] }),
      expect.stringContaining('quizSaveAnswers'),
    );
  });

  it('checks the JSON as sent: pre-serialised text is parsed, a Date is read as its string', async () => {
    await expect(answer(TEST, 'quizSaveAnswers', '{"saved":3}')).resolves.toBe('{"saved":3}');
    await expect(answer(TEST, 'quizSaveAnswers', '{"saved":"3"}')).rejects.toMatchObject({ status: 500 });
    await expect(answer(TEST, 'quizSaveAnswers', { saved: new Date() })).rejects.toMatchObject({ status: 500 });
  });

  it('leaves text and file answers, and handlers outside the route table, alone', async () => {
    await expect(answer(TEST, 'adminApplicationExport', 'name,email\n')).resolves.toBe('name,email\n');
    await expect(answer(TEST, undefined, { anything: true })).resolves.toEqual({ anything: true });
  });

  it('is off in production unless CHECK_ANSWERS turns it on, and CHECK_ANSWERS=false turns it off elsewhere', async () => {
    expect(loadConfig(PRODUCTION).checkAnswers).toBe(false);
    expect(loadConfig({ ...PRODUCTION, CHECK_ANSWERS: 'true' }).checkAnswers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).checkAnswers).toBe(true);
    await expect(answer({ NODE_ENV: 'test', CHECK_ANSWERS: 'false' }, 'quizSaveAnswers', { save: 2 })).resolves.toEqual({ save: 2 });
  });

  it('keeps the issues out of the body when production turns it on', async () => {
    const failure = answer({ ...PRODUCTION, CHECK_ANSWERS: 'true' }, 'quizSaveAnswers', { save: 2 });
    await expect(failure).rejects.toMatchObject({
      status: 500,
      response: { message: 'The answer of quizSaveAnswers does not match its contract' },
    });
    await expect(failure).rejects.not.toHaveProperty('response.errors');
  });
});
