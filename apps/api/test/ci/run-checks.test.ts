import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the repository's scripts, without type declarations.
import { runChecks } from '../../../../scripts/run-checks.mjs';

type Step = [string, string, string[]];
const node = (code: string): [string, string[]] => [process.execPath, ['-e', code]];

/** `pnpm test`'s runner (scripts/run-checks.mjs), on small steps of its shape. */
async function run(steps: Step[]) {
  const lines: string[] = [];
  const code = (await runChecks(steps, { log: (line: string) => lines.push(line), echo: () => true })) as number;
  return { code, summary: lines.slice(lines.indexOf('\n=== Summary')) };
}

describe("pnpm test's runner", () => {
  it('runs every step after one fails, names the failing test in one summary and exits 1', async () => {
    const { code, summary } = await run([
      [
        'Unit tests',
        ...node(`console.log(' FAIL  src/a.test.ts > adds'); console.log('AssertionError: expected 1 to be 2'); process.exit(1)`),
      ],
      ['Browser tests', ...node(`console.log('ran')`)],
    ]);
    expect(code).toBe(1);
    expect(summary).toEqual([
      '\n=== Summary',
      expect.stringMatching(/^FAILED {2}Unit tests \(\d+ s, exit 1\)$/),
      '    FAIL  src/a.test.ts > adds',
      '      AssertionError: expected 1 to be 2',
      expect.stringMatching(/^passed {2}Browser tests \(\d+ s\)$/),
      '1 of 2 steps failed.',
    ]);
  });

  it('exits 0 when every step passed', async () => {
    const { code, summary } = await run([
      ['Lint', ...node('')],
      ['Formatting', ...node('')],
    ]);
    expect(code).toBe(0);
    expect(summary.at(-1)).toBe('Every step passed.');
  });
});
