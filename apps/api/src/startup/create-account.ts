import type { Role } from '@school/contracts';
import { rows, type Sql } from '../common/sql/db';
import { hashPassword } from '../modules/auth';

export interface NewAccount {
  email: string;
  password: string;
  role: Role;
  first_name: string;
  last_name: string;
}

/**
 * Creates an account with its password hashed, as `pnpm create-user` does from the shell (how a
 * school without the demo seed gets its first admin). Answers the new account's ids, or undefined
 * when the email already has an account (nothing is changed then).
 */
export async function createAccount(q: Sql, a: NewAccount): Promise<{ id: string; id_slug: string } | undefined> {
  const [created] = await rows<{ id: string; id_slug: string }>(
    q,
    `INSERT INTO users (email, first_name, last_name, role, password_hash) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING RETURNING id, id_slug`,
    [a.email, a.first_name, a.last_name, a.role, await hashPassword(a.password)],
  );
  return created;
}
