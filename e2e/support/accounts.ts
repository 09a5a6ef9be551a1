import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The data folder and embedded PostgreSQL port of the server the browser tests start (start-server.mjs). */
function serverEnv(): NodeJS.ProcessEnv {
  const port = Number(process.env.E2E_PORT ?? 3100);
  return {
    ...process.env,
    DATA_DIR: join(tmpdir(), `school-e2e-${port}`, '.data'),
    EMBEDDED_PG_PORT: String(port + 51000 - 3000),
    NODE_ENV: 'development',
  };
}

/**
 * A fresh account of any role, made with `pnpm create-user`'s program against the running school, so a
 * test that changes an account never changes the demo accounts other tests read at the same time.
 */
export async function createAccount(role: 'ADMIN' | 'INSTRUCTOR' | 'STUDENT', firstName: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const account = { email: `${role.toLowerCase()}-${stamp}@example.com`, password: 'Lithography#Mask42', first_name: firstName };
  await run(
    process.execPath,
    [
      '../apps/api/dist/create-user.js',
      '--email',
      account.email,
      '--password',
      account.password,
      '--role',
      role,
      '--first-name',
      firstName,
      '--last-name',
      'Tester',
    ],
    { env: serverEnv() },
  );
  return account;
}
