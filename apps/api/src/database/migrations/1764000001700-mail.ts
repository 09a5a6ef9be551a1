import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail: every message sent, once per (template, recipient, subject entity), so a retried or
 * repeated job never sends twice; and the development mailbox, where the in-process SMTP catcher
 * stores what it receives so that any replica can show it.
 */
export class Mail1764000001700 implements MigrationInterface {
  name = 'Mail1764000001700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_deliveries (
        template text NOT NULL,
        recipient text NOT NULL,
        subject_id text NOT NULL,
        message_id text,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (template, recipient, subject_id)
      )`);
    await q.query(`
      CREATE TABLE dev_mailbox_messages (
        id text PRIMARY KEY DEFAULT new_id_slug(),
        received_at timestamptz NOT NULL DEFAULT now(),
        mail_from text NOT NULL,
        mail_to text NOT NULL,
        subject text NOT NULL,
        html text,
        text text,
        size int NOT NULL
      )`);
    await q.query(`CREATE INDEX dev_mailbox_messages_received ON dev_mailbox_messages (received_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE dev_mailbox_messages`);
    await q.query(`DROP TABLE mail_deliveries`);
  }
}
