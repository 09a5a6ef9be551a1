import { describe, expect, it } from 'vitest';
import { explainStartFailure } from './embedded-postgres';

/** What PostgreSQL 18 prints when a start fails, and the sentence the launcher makes of it. */
describe('explainStartFailure', () => {
  const dir = '/srv/school/.data/pg';

  it('names the server already running on the folder', () => {
    const output = `FATAL:  lock file "postmaster.pid" already exists\nHINT:  Is another postmaster (PID 4242) running in data directory "${dir}"?`;
    expect(explainStartFailure(output, dir, 54329).message).toBe(
      `Another PostgreSQL (process 4242) is already running on the database folder ${dir}. Stop it first, or give this start a DATA_DIR of its own.`,
    );
  });

  it('names the taken port, whether the address or the socket file is taken', () => {
    const expected =
      'The embedded PostgreSQL cannot listen on port 54329: another program is using it. Stop that program, or choose a free port with EMBEDDED_PG_PORT.';
    const bind = 'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use\nFATAL:  could not create any TCP/IP sockets';
    const socket =
      'FATAL:  lock file "/tmp/.s.PGSQL.54329.lock" already exists\nHINT:  Is another postmaster (PID 77) using socket file "/tmp/.s.PGSQL.54329"?';
    expect(explainStartFailure(bind, dir, 54329).message).toBe(expected);
    expect(explainStartFailure(socket, dir, 54329).message).toBe(expected);
  });

  it('explains a folder of another version, permissions, and anything else by what PostgreSQL said', () => {
    const version =
      'FATAL:  database files are incompatible with server\nDETAIL:  The data directory was initialized by PostgreSQL version 16, which is not compatible with this version 18.4.';
    expect(explainStartFailure(version, dir, 1).message).toMatch(
      /was made by another PostgreSQL version: .*version 16.*Point DATA_DIR at a new folder/,
    );
    expect(explainStartFailure(`FATAL:  could not open directory "${dir}": Permission denied`, dir, 1).message).toMatch(
      /^PostgreSQL cannot use the database folder .*Make the folder and every folder above it accessible/,
    );
    expect(explainStartFailure('FATAL:  invalid value for parameter "max_connections": "x"', dir, 1).message).toBe(
      `The embedded PostgreSQL on ${dir} stopped while starting: FATAL:  invalid value for parameter "max_connections": "x". Fix that and start again.`,
    );
    expect(explainStartFailure('', dir, 1).message).not.toContain('undefined');
  });
});
