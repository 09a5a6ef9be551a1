import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverPath, serverPathPattern } from './route.decorator';

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A Nest routing decorator given a path of its own: `@Get('x')`, `@Post(\`y\`)`, `@Controller('z')`. */
const PATH_DECORATOR = /@(Get|Post|Put|Patch|Delete|All|Options|Head|Search|Controller)\(\s*(['"`]|\{)/;

describe('routes are declared once, in the contracts', () => {
  const controllers = sourceFiles(SRC).filter((f) => readFileSync(f, 'utf8').includes('@Controller('));

  it('finds the controllers', () => {
    expect(controllers.filter((f) => f.endsWith('.controller.ts')).length).toBeGreaterThanOrEqual(10);
  });

  it.each(controllers.map((f) => [relative(SRC, f), f]))('%s declares no path of its own', (_name, file) => {
    const offending = readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => [i + 1, line.trim()] as const)
      .filter(([, line]) => PATH_DECORATOR.test(line));
    expect(offending).toEqual([]);
  });

  it('recognises a path given to a Nest decorator', () => {
    expect(PATH_DECORATOR.test("@Get('list')")).toBe(true);
    expect(PATH_DECORATOR.test('@Post("create")')).toBe(true);
    expect(PATH_DECORATOR.test("@Controller('cohorts/admin')")).toBe(true);
    expect(PATH_DECORATOR.test("@Controller({ path: 'x' })")).toBe(true);
    expect(PATH_DECORATOR.test('@Controller()')).toBe(false);
    expect(PATH_DECORATOR.test("@Route('adminCohortList')")).toBe(false);
  });
});

describe('serverPath', () => {
  it('drops a trailing slash so both forms answer', () => {
    expect(serverPath('auth/login/')).toBe('auth/login');
    expect(serverPath('auth/profile/update')).toBe('auth/profile/update');
  });
});

describe('serverPathPattern', () => {
  const bulk = serverPathPattern('cohorts/admin/:cohortId/add-student-bulk');
  it('matches the path with any one-segment param, with or without the trailing slash', () => {
    expect(bulk.test('/api/cohorts/admin/abc123/add-student-bulk')).toBe(true);
    expect(bulk.test('/api/cohorts/admin/abc123/add-student-bulk/')).toBe(true);
  });
  it('matches nothing else', () => {
    expect(bulk.test('/api/cohorts/admin/a/b/add-student-bulk')).toBe(false);
    expect(bulk.test('/api/cohorts/admin/abc/add-student')).toBe(false);
    expect(bulk.test('/api/cohorts/admin/abc/add-student-bulk/x')).toBe(false);
    expect(bulk.test('/cohorts/admin/abc/add-student-bulk')).toBe(false);
  });
  it('escapes literal characters', () => {
    expect(serverPathPattern('a.b/:x').test('/api/aXb/1')).toBe(false);
  });
});
