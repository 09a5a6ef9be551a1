import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { hashPassword } from '../modules/auth/password.service';
import { EmailSchema, FirstNameSchema, LastNameSchema, PasswordRuleSchema, RoleSchema } from '@school/contracts';
import { z } from 'zod';
import { loadConfig } from '../config/app-config';
import { openDatabase } from './data-source';
import { startDatabase } from './start-database';

const USAGE = 'Usage: pnpm create-user --email E --password P --role ADMIN|INSTRUCTOR|STUDENT --first-name F --last-name L';

const ArgsSchema = z.object({
  email: EmailSchema,
  password: PasswordRuleSchema,
  role: RoleSchema,
  'first-name': FirstNameSchema,
  'last-name': LastNameSchema,
});

/** Creates an account from the shell (production has no demo seed). */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' },
      'first-name': { type: 'string' }, 'last-name': { type: 'string' },
    },
    strict: true,
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    console.error(USAGE);
    process.exit(2);
  }
  const args = parsed.data;
  const config = loadConfig();
  const database = await startDatabase(config);
  const ds = await openDatabase(database.url, 2);
  try {
    const passwordHash = await hashPassword(args.password);
    const rows = await ds.query(
      `INSERT INTO users (email, first_name, last_name, role, password_hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email) DO NOTHING RETURNING id_slug`,
      [args.email, args['first-name'], args['last-name'], args.role, passwordHash],
    );
    if (!rows.length) {
      console.error(`An account with the email ${args.email} already exists.`);
      process.exitCode = 1;
    } else {
      console.log(`Created ${args.role} ${args.email} (id ${rows[0].id_slug}).`);
    }
  } finally {
    await ds.destroy();
    await database.stop();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
