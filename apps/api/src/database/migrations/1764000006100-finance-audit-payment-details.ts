import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The safety base of the monthly allowance:
 * - staff_permissions: permissions an admin holds beyond the role (FINANCE: amounts and bank details),
 *   read from the database on each request so a removal takes effect at once.
 * - audit_log: who read or changed personal and payment data, append-only (a trigger refuses UPDATE,
 *   DELETE and TRUNCATE). The actor is a plain id, not a foreign key: deleting an account must not
 *   rewrite (or be blocked by) the entries that account made.
 * - payment_details: a trainee's IC or passport number and bank account, each field sealed with
 *   AES-256-GCM in the API (never plaintext in the database); key_id names the key that sealed the row,
 *   so a rotation can re-seal rows key by key.
 */
export class FinanceAuditPaymentDetails1764000006100 implements MigrationInterface {
  name = 'FinanceAuditPaymentDetails1764000006100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE staff_permissions (
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        permission text NOT NULL CHECK (permission IN ('FINANCE')),
        granted_by bigint REFERENCES users (id) ON DELETE SET NULL,
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, permission)
      )`);

    await q.query(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor_id bigint,
        action text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
        subject_type text NOT NULL CHECK (length(subject_type) BETWEEN 1 AND 100),
        subject_id text,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC, id DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`);
    await q.query(`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`);

    await q.query(`
      CREATE TABLE payment_details (
        user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        key_id text NOT NULL,
        id_number bytea,
        bank_name bytea,
        account_number bytea,
        account_holder bytea,
        updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_details_key_idx ON payment_details (key_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_details`);
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_refuse_change()`);
    await q.query(`DROP TABLE staff_permissions`);
  }
}
