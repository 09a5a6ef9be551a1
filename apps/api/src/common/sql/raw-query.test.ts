import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', '..');

/**
 * Sources that may call `.query(` themselves. Everything else runs its statements through
 * rows/one/mustOne/exec of common/sql/db.ts, which answer rows and affected counts alike for every
 * kind of statement (TypeORM's own `query()` answers `[rows, count]` for UPDATE and DELETE).
 */
const ALLOWED = [
  'common/sql/db.ts', // the helper itself
  'database/migrations/', // TypeORM migrations run on their QueryRunner
  'startup/backup.ts', // a pg client streaming COPY
  'startup/restore.cli.ts', // a pg client dropping and recreating schemas before the COPY restore
  'startup/embedded-postgres.ts', // a pg client creating databases before the app starts
  'database/database-monitor.ts', // a pg client probing the server
  'startup/open-database.ts', // a pg client holding the migration lock
  'modules/auth/token-versions.service.ts', // a pg client that LISTENs
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('raw statements', () => {
  it('run only through common/sql/db.ts outside the allowed files', () => {
    const offending = sources(SRC).flatMap((file) => {
      const rel = relative(SRC, file).split('\\').join('/');
      if (ALLOWED.some((a) => (a.endsWith('/') ? rel.startsWith(a) : rel === a))) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\.query\s*\(|^\s*\.query\b/.test(line) ? [`${rel}:${i + 1}: ${line.trim()}`] : []));
    });
    expect(offending).toEqual([]);
  });
});
