// Starts the built product on a fresh data folder (new database, demo seed) for the browser tests.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The data folder is a dot-folder, as the default DATA_DIR (.data) is: files must be served from it.
const runDir = join(tmpdir(), `school-e2e-${process.env.PORT ?? '3100'}`);
const dataDir = join(runDir, '.data');
await stopLeftOverPostgres(join(dataDir, 'pg', 'postmaster.pid'));
rmSync(runDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['../apps/api/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(Number(process.env.PORT ?? 3100) + 51000 - 3000),
    NODE_ENV: 'development',
    // As behind the deployment's proxy: a test can give a visitor an address of its own (X-Forwarded-For), as real
    // visitors have, where budgets per address would otherwise be shared by every test on this machine.
    TRUST_PROXY: '1',
    // A line per request would bury the test report.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  // The API has stopped its PostgreSQL before exiting: the run's data folder goes with it.
  rmSync(runDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

/** A run that was killed may have left its PostgreSQL running on the folder about to be removed: stop it first. */
async function stopLeftOverPostgres(pidFile) {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!pid || !alive()) return;
  process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
  for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
}
