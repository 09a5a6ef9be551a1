import { ForbiddenException } from '@nestjs/common';
import { FINANCE_MESSAGES } from '@school/contracts';
import type { AuthUser } from '../../common/auth.decorators';
import { one, type Sql } from '../../common/sql/db';

/**
 * Whether the user is an admin holding the finance permission, read from the database on every
 * call (never from the token): a removed permission takes effect on the next request.
 */
export async function hasFinance(q: Sql, userId: string): Promise<boolean> {
  const row = await one<{ ok: boolean }>(
    q,
    `SELECT true AS ok FROM staff_permissions p JOIN users u ON u.id = p.user_id
      WHERE p.user_id = $1::bigint AND p.permission = 'FINANCE' AND u.role = 'ADMIN' AND NOT u.is_suspended`,
    [userId],
  );
  return !!row;
}

/** Refuses (403) anyone but an admin holding the finance permission. */
export async function assertFinance(q: Sql, me: AuthUser): Promise<void> {
  if (me.role !== 'ADMIN' || !(await hasFinance(q, me.id))) throw new ForbiddenException(FINANCE_MESSAGES.forbidden);
}
