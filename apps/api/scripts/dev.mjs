// pnpm dev: builds the API, then rebuilds it on change and restarts it, while the API serves the
// three apps through Vite dev servers (hot reload) at the same single origin.
import { spawn, spawnSync } from 'node:child_process';

const run = (cmd, args, env = {}) => spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
const first = spawnSync('npx', ['vite', 'build', '--mode', 'development'], { stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);
const children = [
  run('npx', ['vite', 'build', '--watch', '--mode', 'development']),
  run(process.execPath, ['--watch-path=dist', 'dist/main.js'], { DEV_APPS: 'true' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
