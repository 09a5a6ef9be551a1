import type { PaymentDetails } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { open, seal } from './payment-cipher';
import type { PaymentKey } from './payment-key';

export type { PaymentDetails };

const FIELDS = ['id_number', 'bank_name', 'account_number', 'account_holder'] as const;
type Field = (typeof FIELDS)[number];
type SealedRow = { user_id: string; key_id: string; updated_at: string } & Record<Field, Buffer | null>;

/** Every sealed field of a row opened in Node with the key; a field never recorded stays null. */
function openRow(key: PaymentKey, row: SealedRow): PaymentDetails {
  const details = {} as PaymentDetails;
  for (const f of FIELDS) details[f] = row[f] ? open(key, row.user_id, f, row[f]) : null;
  return details;
}

/**
 * The payment details of many trainees (users.id), decrypted: one statement for all of them. A
 * trainee with none recorded is absent from the map. Throws PaymentCipherError when a row was sealed
 * under another key.
 */
export async function paymentDetailsOf(q: Sql, key: PaymentKey, userIds: string[]): Promise<Map<string, PaymentDetails>> {
  const map = new Map<string, PaymentDetails>();
  if (userIds.length === 0) return map;
  const found = await rows<SealedRow>(
    q,
    `SELECT user_id::text AS user_id, key_id, id_number, bank_name, account_number, account_holder, updated_at
       FROM payment_details WHERE user_id = ANY($1::bigint[])`,
    [userIds],
  );
  for (const row of found) map.set(row.user_id, openRow(key, row));
  return map;
}

/** One trainee's details and when they were last saved, or undefined. */
export async function paymentDetailsRow(
  q: Sql,
  key: PaymentKey,
  userId: string,
): Promise<{ details: PaymentDetails; updated_at: string } | undefined> {
  const row = await one<SealedRow>(
    q,
    `SELECT user_id::text AS user_id, key_id, id_number, bank_name, account_number, account_holder,
            to_json(updated_at)#>>'{}' AS updated_at
       FROM payment_details WHERE user_id = $1::bigint`,
    [userId],
  );
  return row ? { details: openRow(key, row), updated_at: row.updated_at } : undefined;
}

/** Seals and stores (or replaces) a trainee's details: one statement. */
export async function savePaymentDetails(
  q: Sql,
  key: PaymentKey,
  userId: string,
  details: Record<Field, string>,
  updatedBy: string,
): Promise<void> {
  await exec(
    q,
    `INSERT INTO payment_details (user_id, key_id, id_number, bank_name, account_number, account_holder, updated_by, updated_at)
     VALUES ($1::bigint, $2, $3, $4, $5, $6, $7::bigint, now())
     ON CONFLICT (user_id) DO UPDATE SET key_id = EXCLUDED.key_id, id_number = EXCLUDED.id_number, bank_name = EXCLUDED.bank_name,
       account_number = EXCLUDED.account_number, account_holder = EXCLUDED.account_holder,
       updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [userId, key.id, ...FIELDS.map((f) => seal(key, userId, f, details[f])), updatedBy],
  );
}
