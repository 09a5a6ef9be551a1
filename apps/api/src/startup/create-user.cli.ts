import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { EmailSchema, FirstNameSchema, LastNameSchema, PasswordRuleSchema, RoleSchema } from '@school/contracts';
import { z } from 'zod';
import { loadConfig } from '../config/app-config';
import { CliFailure as Failure, runCli, withSchoolDatabase } from './cli';
import { explainDatabaseError } from './explain-database-error';
import { createAccount } from './create-account';

const USAGE =
  'Usage: pnpm create-user --email E [--password P] --role ADMIN|INSTRUCTOR|STUDENT --first-name F --last-name L\n' +
  'Without --password the password is asked for (typed unseen), or read from the first line of standard input.';
const OPTIONS = ['email', 'password', 'role', 'first-name', 'last-name'] as const;

const ArgsSchema = z.object({
  email: EmailSchema,
  password: PasswordRuleSchema,
  role: RoleSchema,
  'first-name': FirstNameSchema,
  'last-name': LastNameSchema,
});

// Exit codes: 0 created, 1 not created (the account exists, or the database failed), 2 bad arguments.

/** The password from the terminal without echo, or from the first line of a pipe. */
async function readPassword(): Promise<string> {
  const rl = createInterface({
    input: process.stdin,
    // Nothing typed is shown: readline echoes to its output, which discards everything.
    output: new Writable({ write: (_chunk, _encoding, done) => done() }),
    terminal: !!process.stdin.isTTY,
  });
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  try {
    return await new Promise<string>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(''));
    });
  } finally {
    rl.close();
    if (process.stdin.isTTY) process.stderr.write('\n');
  }
}

async function readArgs() {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ options: Object.fromEntries(OPTIONS.map((o) => [o, { type: 'string' as const }])), strict: true }));
  } catch (e) {
    // parseArgs quotes the offending argument, which may be (part of) the password: never echoed.
    const code = (e as { code?: string }).code;
    const known = /'(--[a-z-]+)/.exec((e as Error).message)?.[1];
    const why =
      code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
        ? 'An argument without an option name was given; quote values that contain spaces.'
        : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && known && OPTIONS.includes(known.slice(2) as never)
          ? `${known} needs a value.`
          : `Unknown option; the options are ${OPTIONS.map((o) => `--${o}`).join(', ')}.`;
    throw new Failure(`${why}\n${USAGE}`, 2);
  }
  if (values.password === undefined) values.password = await readPassword();
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`);
    throw new Failure(`${lines.join('\n')}\n${USAGE}`, 2);
  }
  return parsed.data;
}

/** Creates an account from the shell (production has no demo seed), the school running or not. */
async function main() {
  const args = await readArgs();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    throw new Failure((e as Error).message);
  }
  await withSchoolDatabase(config, async ({ ds, url, source }) => {
    const created = await createAccount(ds, {
      email: args.email,
      password: args.password,
      role: args.role,
      first_name: args['first-name'],
      last_name: args['last-name'],
    }).catch((e) => {
      throw new Failure(`Could not create the account: ${explainDatabaseError(e, url, source)}`);
    });
    if (!created) throw new Failure(`An account with the email ${args.email} already exists; nothing was changed.`);
    console.log(`Created ${args.role} ${args.email} (id ${created.id_slug}).`);
  });
}

runCli(main, 'Could not create the account');
