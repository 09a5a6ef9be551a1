import { likePattern } from '../../common/sql/list';
import type { MailboxListResponse, MailboxMessage } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';

/**
 * Claims the delivery of this message (template, recipient in lower case, subject) before it goes
 * to SMTP, with the Message-ID it is sent under. Answers whether this try holds the claim: not when
 * the message was sent already, nor while another try is sending it (a duplicate job running at the
 * same time). A claim released by a failed send, or older than `staleSeconds` (its worker died
 * mid-send), is taken again (tries + 1), keeping its Message-ID.
 */
export async function claimDelivery(
  q: Sql,
  template: string,
  recipient: string,
  subjectId: string,
  messageId: string,
  staleSeconds: number,
): Promise<{ claimed: boolean }> {
  const row = await one<{ claimed: boolean }>(
    q,
    `INSERT INTO mail_deliveries AS d (template, recipient, subject_id, message_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (template, recipient, subject_id) DO UPDATE SET claimed_at = now(), tries = d.tries + 1
       WHERE d.sent_at IS NULL AND d.claimed_at < now() - make_interval(secs => $5)
     RETURNING true AS claimed`,
    [template, recipient, subjectId, messageId, staleSeconds],
  );
  // No row back: the conflict's WHERE refused the update (sent, or being sent by another try).
  return { claimed: row !== undefined };
}

/** The send failed: the claim is let go so the job's retry takes it at once. */
export async function releaseDelivery(q: Sql, template: string, recipient: string, subjectId: string): Promise<void> {
  await exec(
    q,
    `UPDATE mail_deliveries SET claimed_at = '-infinity' WHERE template = $1 AND recipient = $2 AND subject_id = $3 AND sent_at IS NULL`,
    [template, recipient, subjectId],
  );
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
  /** Each attachment's name and type; the content of text ones (null for others). */
  attachments: { filename: string; content_type: string; size: number; content: string | null }[];
}

export async function insertDevMailboxMessage(q: Sql, m: DevMailboxInsert): Promise<void> {
  await exec(
    q,
    `INSERT INTO dev_mailbox_messages (mail_from, mail_to, subject, html, text, size, attachments) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [m.from, m.to, m.subject, m.html, m.text, m.size, JSON.stringify(m.attachments)],
  );
}

const COLUMNS = `id, to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at, mail_from AS "from", mail_to AS "to", subject`;

/** The 200 newest messages, or the newest whose recipient or subject contains `search`. */
export function devMailboxList(q: Sql, search?: string) {
  return rows<MailboxListResponse['results'][number]>(
    q,
    `SELECT ${COLUMNS} FROM dev_mailbox_messages
      WHERE $1::text IS NULL OR mail_to ILIKE $1 OR subject ILIKE $1
      ORDER BY received_at DESC, id DESC LIMIT 200`,
    [search ? likePattern(search) : null],
  );
}

export function devMailboxMessage(q: Sql, id: string) {
  return one<MailboxMessage>(q, `SELECT ${COLUMNS}, html, text FROM dev_mailbox_messages WHERE id = $1`, [id]);
}
