// The runner behind `pnpm test` (scripts/test-all.mjs): every check runs even when an earlier one fails
// (one flaky unit test must not hide the rest), then one summary names what failed and the exit code
// says whether all passed. The summary repeats the failing tests' own lines, because CI logs are often
// read from the end.
import { spawn } from 'node:child_process';

// Vitest's "FAIL file > test", "× test" and a worker that never started, Playwright's "1) [desktop] › file › test", tsc and eslint errors.
const failureLine = /(\bFAIL\b|\[vitest-pool[\w-]*\]|×|✘|^\s*\d+\) \[|error TS\d+|\d+:\d+\s+error\s)/;
// After a failure's heading (Vitest's "FAIL file > test", Playwright's "1) [project] › …"), its error
// message and the test line it was thrown at, so the summary says why, not only what.
const failureHeading = /(^FAIL\b|^\d+\) \[)/;
const failureReason = /(^(\w*Error|Error)\b|^❯ \S+:\d+|^at \S+\.(spec|test)\.tsx?:\d+)/;
// Drops colour codes and turbo's "package:task: " prefix so the summary reads plainly.
const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, '').replace(/^[\w@/.-]+:[\w:-]+: /, '');

function run(cmd, args, echo) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const failures = new Set();
    let pending = '';
    let reasonLines = 0;
    const scan = (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const text = plain(line).trim();
        if (failures.size >= 60) continue;
        if (failureHeading.test(text)) reasonLines = 2;
        if (failureLine.test(text)) failures.add(text.slice(0, 300));
        else if (reasonLines > 0 && failureReason.test(text)) {
          failures.add(`  ${text.slice(0, 300)}`);
          reasonLines--;
        }
      }
    };
    child.stdout.on('data', (c) => (echo(c), scan(c)));
    child.stderr.on('data', (c) => (echo(c, true), scan(c)));
    child.on('close', (status, signal) => resolve({ status, signal, failures: [...failures] }));
  });
}

/**
 * Runs every step (`[name, command, args]`) to its end whatever the earlier ones answered, printing
 * their output as it comes and then one summary with each failure's own lines; answers the exit code
 * (0 when every step passed, 1 otherwise). `log` takes the runner's own lines, `echo` the steps' output.
 */
export async function runChecks(
  steps,
  { log = console.log, echo = (chunk, isError) => (isError ? process.stderr : process.stdout).write(chunk) } = {},
) {
  const results = [];
  for (const [name, cmd, args] of steps) {
    const started = Date.now();
    log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
    const { status, signal, failures } = await run(cmd, args, echo);
    const seconds = Math.round((Date.now() - started) / 1000);
    results.push({ name, ok: status === 0, detail: signal ?? `exit ${status}`, seconds, failures });
  }

  log('\n=== Summary');
  for (const r of results) {
    log(`${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds} s${r.ok ? '' : `, ${r.detail}`})`);
    if (!r.ok) for (const line of r.failures) log(`    ${line}`);
  }
  const failed = results.filter((r) => !r.ok);
  log(failed.length ? `${failed.length} of ${results.length} steps failed.` : 'Every step passed.');
  return failed.length ? 1 : 0;
}
