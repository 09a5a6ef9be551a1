import type { MailboxListResponse, MailboxMessage } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';

/**
 * Claims the delivery of this message (template, recipient in lower case, subject) before it goes
 * to SMTP, with the Message-ID it is sent under. Answers whether it was sent already (nothing to
 * do); a claim left unsent by an earlier try is taken again (tries + 1), keeping its Message-ID.
 */
export async function claimDelivery(
  q: Sql,
  template: string,
  recipient: string,
  subjectId: string,
  messageId: string,
): Promise<{ sent: boolean }> {
  const row = await one<{ sent: boolean }>(
    q,
    `INSERT INTO mail_deliveries AS d (template, recipient, subject_id, message_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (template, recipient, subject_id) DO UPDATE SET claimed_at = now(), tries = d.tries + 1 WHERE d.sent_at IS NULL
     RETURNING false AS sent`,
    [template, recipient, subjectId, messageId],
  );
  // No row back: the conflict's WHERE refused the update, so it was sent already.
  return { sent: row === undefined };
}

/** The SMTP server accepted the claimed message. */
export async function markDeliverySent(q: Sql, template: string, recipient: string, subjectId: string): Promise<void> {
  await exec(q, `UPDATE mail_deliveries SET sent_at = now() WHERE template = $1 AND recipient = $2 AND subject_id = $3`, [
    template,
    recipient,
    subjectId,
  ]);
}

export interface DevMailboxInsert {
  from: string;
  to: string;
  subject: string;
  html: string | null;
  text: string | null;
  size: number;
}

export async function insertDevMailboxMessage(q: Sql, m: DevMailboxInsert): Promise<void> {
  await exec(q, `INSERT INTO dev_mailbox_messages (mail_from, mail_to, subject, html, text, size) VALUES ($1, $2, $3, $4, $5, $6)`, [
    m.from,
    m.to,
    m.subject,
    m.html,
    m.text,
    m.size,
  ]);
}

const COLUMNS = `id, to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at, mail_from AS "from", mail_to AS "to", subject`;

export function devMailboxList(q: Sql) {
  return rows<MailboxListResponse['results'][number]>(
    q,
    `SELECT ${COLUMNS} FROM dev_mailbox_messages ORDER BY received_at DESC, id DESC LIMIT 200`,
  );
}

export function devMailboxMessage(q: Sql, id: string) {
  return one<MailboxMessage>(q, `SELECT ${COLUMNS}, html, text FROM dev_mailbox_messages WHERE id = $1`, [id]);
}
