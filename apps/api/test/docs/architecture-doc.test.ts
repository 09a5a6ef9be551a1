import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/**
 * Where ARCHITECTURE.md's short paths start: the repository, the API's source and its modules, and each app's and
 * package's source (`modules/quizzes/quiz-formats/gift.ts`, `lib/save-csv.ts`, `scripts/prerender.mjs`).
 */
const ROOTS = [
  '',
  'apps/api/',
  'apps/api/src/',
  'apps/api/src/modules/',
  'apps/admin/src/',
  'apps/learn/src/',
  'apps/web/',
  'apps/web/src/',
  'packages/contracts/src/',
  'packages/ui/src/',
  'packages/catalogue/src/',
];

/** A backticked word names a file when it ends in a source extension, a folder when it starts with a known folder. */
const FILE = /^[\w.-][\w./-]*\.(ts|tsx|mjs|js|json|css|md|ya?ml)$/;
const FOLDER = /^(apps|packages|infra|e2e|scripts|modules|platform|common|database|features|lib|components)\/[\w./-]*$/;

/** Every file name in the repository's sources, for a bare name (`quiz-tools.service.ts`). */
function fileNames(dir: string, out = new Set<string>()): Set<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    if (e.isDirectory()) fileNames(join(dir, e.name), out);
    else out.add(e.name);
  }
  return out;
}

export function missingPaths(markdown: string): string[] {
  const names = fileNames(repoRoot);
  const named = [...new Set([...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]))];
  return named
    .filter((t) => FILE.test(t) || FOLDER.test(t))
    .filter((t) => {
      const path = t.replace(/\/$/, '');
      if (ROOTS.some((root) => existsSync(join(repoRoot, root + path)))) return false;
      return path.includes('/') || !names.has(path);
    });
}

describe('ARCHITECTURE.md', () => {
  const doc = readFileSync(join(repoRoot, 'ARCHITECTURE.md'), 'utf8');

  it('names only files and folders that exist', () => {
    expect(missingPaths(doc)).toEqual([]);
  });

  it('the check finds a path that does not exist', () => {
    expect(missingPaths('see `modules/learning/learning.sql.ts` and `common/sql/db.ts` and `GET /api/x`')).toEqual([
      'modules/learning/learning.sql.ts',
    ]);
  });

  it('draws every API module and platform service in its first drawing', () => {
    const drawing = doc.split('```')[1];
    for (const dir of ['modules', 'platform'])
      for (const name of readdirSync(join(repoRoot, 'apps/api/src', dir)))
        expect(drawing, `${dir}/${name}`).toMatch(new RegExp(`(^|[\\s·])${name}([\\s·(]|$)`, 'm'));
  });
});
