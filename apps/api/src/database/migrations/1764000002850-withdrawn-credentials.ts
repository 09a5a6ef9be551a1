import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A credential deleted with its certificate (the student removed from the cohort, the account,
 * cohort or certificate deleted) stays out of force for third parties: its Open Badge, already in
 * the holder's hands, still carries a valid signature, so its bit in the revocation status list
 * must be set for good. Each deleted credential's status index is kept here, whoever deletes it;
 * the status list sets the bits of these and of the revoked credentials.
 */
export class WithdrawnCredentials1764000002850 implements MigrationInterface {
  name = 'WithdrawnCredentials1764000002850';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE withdrawn_credential_statuses (
        status_index integer PRIMARY KEY,
        withdrawn_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE FUNCTION certificate_credentials_withdraw_status() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO withdrawn_credential_statuses (status_index) VALUES (OLD.status_index) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER certificate_credentials_withdraw_status AFTER DELETE ON certificate_credentials
      FOR EACH ROW EXECUTE FUNCTION certificate_credentials_withdraw_status()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER certificate_credentials_withdraw_status ON certificate_credentials`);
    await q.query(`DROP FUNCTION certificate_credentials_withdraw_status()`);
    await q.query(`DROP TABLE withdrawn_credential_statuses`);
  }
}
