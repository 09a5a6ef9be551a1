import type { MailboxListResponse, MailboxMessage } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';

/** Whether this message (template, recipient in lower case, subject) was already sent. */
export async function wasDelivered(q: Sql, template: string, recipient: string, subjectId: string): Promise<boolean> {
  const row = await one(q, `SELECT 1 FROM mail_deliveries WHERE template = $1 AND recipient = $2 AND subject_id = $3`, [
    template,
    recipient,
    subjectId,
  ]);
  return row !== undefined;
}

export async function recordDelivery(
  q: Sql,
  template: string,
  recipient: string,
  subjectId: string,
  messageId: string | null,
): Promise<void> {
  await exec(
    q,
    `INSERT INTO mail_deliveries (template, recipient, subject_id, message_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [template, recipient, subjectId, messageId],
  );
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
