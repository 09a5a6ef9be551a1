// Starts the built product on a fresh data folder (new database, demo seed) for the browser tests.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The data folder is a dot-folder, as the default DATA_DIR (.data) is: files must be served from it.
const runDir = join(tmpdir(), `school-e2e-${process.env.PORT ?? '3100'}`);
rmSync(runDir, { recursive: true, force: true });
const dataDir = join(runDir, '.data');
const child = spawn(process.execPath, ['../apps/api/dist/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(Number(process.env.PORT ?? 3100) + 51000 - 3000), NODE_ENV: 'development' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
