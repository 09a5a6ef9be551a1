// `pnpm test`: every check runs even when an earlier one fails (one flaky unit test must not hide the
// rest), then one summary names what failed and the exit code says whether all passed.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Type checks and lint', 'pnpm', ['exec', 'turbo', 'run', 'typecheck', 'lint', '--continue']],
  ['Formatting', 'pnpm', ['run', 'format:check']],
  ['Unit and API tests', 'pnpm', ['exec', 'turbo', 'run', 'test', '--concurrency=1', '--continue']],
  ['Browser tests', 'pnpm', ['run', 'test:e2e']],
];

const results = [];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const { status, signal } = spawnSync(cmd, args, { stdio: 'inherit' });
  results.push({ name, ok: status === 0, detail: signal ?? `exit ${status}`, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== Summary');
for (const r of results) console.log(`${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds} s${r.ok ? '' : `, ${r.detail}`})`);
const failed = results.filter((r) => !r.ok);
console.log(failed.length ? `${failed.length} of ${results.length} steps failed.` : 'Every step passed.');
process.exit(failed.length ? 1 : 0);
