import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery is claimed before the message goes to SMTP and marked sent after: a row with no
 * sent_at is a send that may or may not have reached the server (the process or the database went
 * away in between), so the next try sends it again with the same Message-ID. Earlier rows were
 * all sent.
 */
export class MailDeliveryClaims1764000003700 implements MigrationInterface {
  name = 'MailDeliveryClaims1764000003700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE mail_deliveries ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now(), ADD COLUMN tries int NOT NULL DEFAULT 1`,
    );
    await q.query(`UPDATE mail_deliveries SET claimed_at = sent_at`);
    await q.query(`ALTER TABLE mail_deliveries ALTER COLUMN sent_at DROP NOT NULL, ALTER COLUMN sent_at DROP DEFAULT`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_deliveries WHERE sent_at IS NULL`);
    await q.query(`ALTER TABLE mail_deliveries ALTER COLUMN sent_at SET DEFAULT now(), ALTER COLUMN sent_at SET NOT NULL`);
    await q.query(`ALTER TABLE mail_deliveries DROP COLUMN claimed_at, DROP COLUMN tries`);
  }
}
