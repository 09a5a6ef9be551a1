import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE, isDiskFull } from './disk-full';
import { HttpExceptionFilter } from './http-exception.filter';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });

describe('a full disk', () => {
  const filter = new HttpExceptionFilter();

  it('is told by ENOSPC of a storage write and by PostgreSQL’s disk_full (53100) under TypeORM’s error', () => {
    expect(isDiskFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(true);
    const pg = pgError('53100', 'could not extend file "base/16384/16385": No space left on device');
    expect(isDiskFull(new QueryFailedError('INSERT INTO users ...', [], pg))).toBe(true);
    expect(isDiskFull(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDiskFull(new Error('Connection terminated unexpectedly'))).toBe(false);
  });

  it('answers 507 naming disk space, not a 500 nor a database outage', () => {
    const pg = pgError('53100', 'could not extend file "base/16384/16385": No space left on device');
    expect(filter.answer(new QueryFailedError('INSERT INTO refresh_tokens ...', [], pg))).toEqual({
      status: 507,
      body: { message: DISK_FULL_MESSAGE },
      headers: { 'Retry-After': '60' },
    });
  });
});
