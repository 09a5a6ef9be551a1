// `pnpm test`: type checks and lint, formatting, the unit and API tests and the browser tests, each run
// to its end whatever the others answered, then one summary (scripts/run-checks.mjs).
import { runChecks } from './run-checks.mjs';

const steps = [
  ['Type checks and lint', 'pnpm', ['exec', 'turbo', 'run', 'typecheck', 'lint', '--continue']],
  ['Formatting', 'pnpm', ['run', 'format:check']],
  ['Unit and API tests', 'pnpm', ['exec', 'turbo', 'run', 'test', '--concurrency=1', '--continue']],
  ['Browser tests', 'pnpm', ['run', 'test:e2e']],
];

process.exit(await runChecks(steps));
