// pnpm dev: one Vite watcher builds the API and rebuilds it on change; after each good build the
// API restarts, serving the three apps through Vite dev servers (hot reload over the API's own
// port) at the same single origin. A restart never cuts a start short: the API is stopped only
// once it has started (or failed), and the next one starts only after it has exited, because it
// owns the embedded PostgreSQL.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

// Vite's build sets NODE_ENV=production in this process; the API gets the environment it was given.
const apiEnv = { ...process.env, DEV_APPS: 'true' };

/** The running API: its process, and a promise settled once it is up or gone. */
let api = null;
let restarting = null;
let rebuildPending = false;
let quitting = false;

function startApi() {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: apiEnv,
  });
  const exited = once(child, 'exit');
  const settled = new Promise((resolve) => {
    child.on('message', (m) => m === 'ready' && resolve());
    void exited.then(resolve);
  });
  void exited.then(([code]) => {
    if (!quitting && api?.child === child && code) console.error(`The API stopped (exit code ${code}); it restarts on the next change.`);
  });
  return { child, settled, exited };
}

async function stopApi() {
  if (!api) return;
  const { child, settled, exited } = api;
  await settled;
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
  api = null;
}

/** Restarts after a build; builds that land during a restart are folded into one more restart. */
function restart() {
  if (restarting) {
    rebuildPending = true;
    return;
  }
  restarting = (async () => {
    for (let again = true; again;) {
      rebuildPending = false;
      await stopApi();
      if (quitting) break;
      api = startApi();
      // A build that landed meanwhile restarts the API once more (after this start completes).
      again = rebuildPending;
    }
  })().finally(() => {
    restarting = null;
  });
}

const { build } = await import('vite');
const watcher = await build({ mode: 'development', build: { watch: {} } });
watcher.on('event', (event) => {
  // A failed build keeps the running API; Vite prints the error.
  if (event.code === 'BUNDLE_END') restart();
});

const quit = async () => {
  if (quitting) return;
  quitting = true;
  await watcher.close();
  await restarting;
  await stopApi();
  process.exit(0);
};
process.on('SIGINT', quit);
process.on('SIGTERM', quit);
