import type { AdmissionMailKind, MailLanguage, MailTemplateVersion } from '@school/contracts';
import { exec, one, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';

const VERSION = `json_build_object('version', t.version, 'language', t.language, 'subject', t.subject, 'body', t.body,
  'created_at', ${iso('t.created_at')},
  'created_by', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('first_name', u.first_name, 'last_name', u.last_name) END)`;

/** An intake's reply-to address and every saved version of its templates (newest first per kind), in one statement. */
export async function intakeMail(q: Sql, intake: string) {
  return (await one<{ reply_to: string | null; versions: (MailTemplateVersion & { kind: AdmissionMailKind })[] }>(
    q,
    `SELECT (SELECT reply_to FROM admission_intake_mail WHERE intake = $1) AS reply_to,
            COALESCE((SELECT json_agg(${VERSION}::jsonb || jsonb_build_object('kind', t.kind) ORDER BY t.kind, t.language, t.version DESC)
                        FROM admission_mail_templates t LEFT JOIN users u ON u.id = t.created_by
                       WHERE t.intake = $1), '[]') AS versions`,
    [intake],
  ))!;
}

/** Saves the next version of a template (the key refuses a second save of the same number at the same moment). */
export async function saveVersion(
  q: Sql,
  intake: string,
  kind: AdmissionMailKind,
  language: MailLanguage,
  subject: string,
  body: string,
  by: string,
): Promise<MailTemplateVersion> {
  const row = await one<{ v: MailTemplateVersion }>(
    q,
    `WITH t AS (
       INSERT INTO admission_mail_templates (intake, kind, language, version, subject, body, created_by)
       SELECT $1, $2, $3, COALESCE(max(version), 0) + 1, $4, $5, $6 FROM admission_mail_templates
        WHERE intake = $1 AND kind = $2 AND language = $3
       RETURNING *)
     SELECT ${VERSION} AS v FROM t LEFT JOIN users u ON u.id = t.created_by`,
    [intake, kind, language, subject, body, by],
  );
  return row!.v;
}

export function setReplyTo(q: Sql, intake: string, replyTo: string | null, by: string) {
  return exec(
    q,
    `INSERT INTO admission_intake_mail (intake, reply_to, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (intake) DO UPDATE SET reply_to = EXCLUDED.reply_to, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [intake, replyTo, by],
  );
}

/** What a message of the intake is sent with: the newest version of its template (if any) and the reply-to address. */
export async function mailSettings(q: Sql, intake: string, kind: AdmissionMailKind, language: MailLanguage) {
  return (await one<{ reply_to: string | null; subject: string | null; body: string | null }>(
    q,
    `SELECT (SELECT reply_to FROM admission_intake_mail WHERE intake = $1) AS reply_to, t.subject, t.body
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (SELECT subject, body FROM admission_mail_templates
                           WHERE intake = $1 AND kind = $2 AND language = $3 ORDER BY version DESC LIMIT 1) t ON true`,
    [intake, kind, language],
  ))!;
}

/**
 * The application a preview is filled in from: the one named (of this intake), else the newest of
 * the intake, one holding an offer first for the offer's messages. With its mail facts.
 */
export function previewApplication(q: Sql, intake: string, idSlug: string | null, preferOffer: boolean) {
  return one<{ id: string; id_slug: string }>(
    q,
    `SELECT a.id::text, a.id_slug FROM programme_applications a
       LEFT JOIN application_offers o ON o.application_id = a.id
      WHERE a.intake = $1 AND ($2::text IS NULL OR a.id_slug = $2)
      ORDER BY ($3 AND o.application_id IS NOT NULL) DESC, a.created_date DESC, a.id DESC LIMIT 1`,
    [intake, idSlug, preferOffer],
  );
}
