import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHOOL_NAME, wordmarkParts } from './school';

const ROOT = resolve(__dirname, '../../../..');
/** The names the school went by before it had one: none may come back. */
const FORMER_NAMES = [/semiconductor training school/i, /school of semiconductor training/i];
/** Files allowed to mention a former name: this test, the migration that renames stored providers, and its test. */
const MAY_NAME_FORMER = new Set([
  'packages/contracts/src/common/school-name.test.ts',
  'apps/api/src/database/migrations/1764000004310-one-school-name.ts',
  'apps/api/test/certificates/one-school-name.api.test.ts',
]);
/** The setting itself, and the demo lecture's captions (a static WebVTT file, checked below to agree). */
const MAY_SPELL_NAME = new Set(['packages/contracts/src/common/school.ts', 'apps/api/src/startup/seed-assets/demo-lecture.vtt']);
const TEXT = /\.(ts|tsx|mts|mjs|js|json|html|css|md|vtt|ya?ml|txt|conf|sh)$|(^|\/)(Dockerfile|\.env[^/]*)$/;

/** Every text file of the repository, tracked or new (git's ignores leave out builds and dependencies). */
function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((f) => f && TEXT.test(f) && !f.endsWith('pnpm-lock.yaml'));
}

function read(file: string): string {
  try {
    return readFileSync(join(ROOT, file), 'utf8');
  } catch {
    return ''; // deleted in the work tree but still in the index
  }
}

const isTest = (f: string) => /(\.test\.|\.spec\.|(^|\/)test\/|(^|\/)e2e\/)/.test(f);
const isSource = (f: string) => /^(apps|packages)\/[^/]+\/(src|index\.html|scripts|bench)/.test(f) && !isTest(f);

describe('the school has one name', () => {
  const files = repoFiles();

  it('finds the repository files', () => {
    expect(files).toContain('packages/contracts/src/common/school.ts');
  });

  it('nowhere uses a former name (apps, packages, tests, seed assets, documents)', () => {
    const offenders = files.filter((f) => !MAY_NAME_FORMER.has(f) && FORMER_NAMES.some((re) => re.test(read(f))));
    expect(offenders).toEqual([]);
  });

  it('is spelled out in source only by the one setting (everything else reads SCHOOL_NAME)', () => {
    const offenders = files.filter((f) => isSource(f) && !MAY_SPELL_NAME.has(f) && read(f).includes(SCHOOL_NAME));
    expect(offenders).toEqual([]);
  });

  it("is the name the demo lecture's captions say", () => {
    expect(read('apps/api/src/startup/seed-assets/demo-lecture.vtt')).toContain(SCHOOL_NAME);
  });

  it('splits into the wordmark: first word strong, the rest light', () => {
    expect(wordmarkParts('ChipSkills Academy')).toEqual({ strong: 'ChipSkills', light: 'Academy' });
    expect(wordmarkParts('  Fab  Training Institute ')).toEqual({ strong: 'Fab', light: 'Training Institute' });
    expect(wordmarkParts('Solo')).toEqual({ strong: 'Solo', light: '' });
  });
});
