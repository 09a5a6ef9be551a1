import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The monthly allowance. A programme pays a monthly amount to the trainees of its cohorts during
 * their paid phase; its rules are versioned by the month they apply from. Each month is decided
 * once per trainee into an append-only ledger: a correction reverses an entry and adds a new one.
 * Exceptions (overrides) and a trainee's disputes need a second staff member to approve.
 */
export class Allowance1764000005980 implements MigrationInterface {
  name = 'Allowance1764000005980';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE allowance_programmes (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        title text NOT NULL UNIQUE CHECK (length(btrim(title)) > 0),
        monthly_amount_sen integer NOT NULL CHECK (monthly_amount_sen BETWEEN 1 AND 10000000),
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE allowance_rule_versions (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        programme_id bigint NOT NULL REFERENCES allowance_programmes (id) ON DELETE RESTRICT,
        effective_month date NOT NULL CHECK (extract(day FROM effective_month) = 1),
        rules jsonb NOT NULL,
        note text NOT NULL DEFAULT '',
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (programme_id, effective_month)
      )`);
    await q.query(`ALTER TABLE cohorts ADD COLUMN allowance_programme_id bigint REFERENCES allowance_programmes (id) ON DELETE RESTRICT`);
    await q.query(
      `CREATE INDEX cohorts_allowance_programme_idx ON cohorts (allowance_programme_id) WHERE allowance_programme_id IS NOT NULL`,
    );

    // Who a month was decided for: one run per cohort and month (the job's and an admin's run are the same run).
    await q.query(`
      CREATE TABLE allowance_runs (
        id bigserial PRIMARY KEY,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE RESTRICT,
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        rule_version_id bigint NOT NULL REFERENCES allowance_rule_versions (id),
        decided integer NOT NULL,
        run_by bigint REFERENCES users (id) ON DELETE SET NULL,
        run_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (cohort_id, month)
      )`);

    await q.query(`
      CREATE TABLE allowance_overrides (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE RESTRICT,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        kind text NOT NULL CHECK (kind IN ('EXCUSE_ABSENCES', 'PAY_IN_FULL', 'UPHOLD')),
        reason text NOT NULL CHECK (length(btrim(reason)) > 0),
        attachment_id_slug text REFERENCES stored_files (id_slug) ON DELETE SET NULL,
        attachment_name text,
        dispute_id bigint,
        state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'APPROVED', 'REJECTED')),
        proposed_by bigint NOT NULL REFERENCES users (id),
        proposed_at timestamptz NOT NULL DEFAULT now(),
        decided_by bigint REFERENCES users (id),
        decided_at timestamptz,
        decision_note text NOT NULL DEFAULT '',
        CHECK (decided_by IS NULL OR decided_by <> proposed_by),
        CHECK ((state = 'PENDING') = (decided_by IS NULL))
      )`);
    // The queue of proposals, oldest first; a trainee's approved ones for a month, read by every decision.
    await q.query(`CREATE INDEX allowance_overrides_pending_idx ON allowance_overrides (proposed_at) WHERE state = 'PENDING'`);
    await q.query(
      `CREATE INDEX allowance_overrides_trainee_idx ON allowance_overrides (cohort_id, month, user_id) WHERE state = 'APPROVED'`,
    );

    await q.query(`
      CREATE TABLE allowance_ledger (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE RESTRICT,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        kind text NOT NULL CHECK (kind IN ('DECISION', 'REVERSAL')),
        outcome text NOT NULL CHECK (outcome IN ('ELIGIBLE', 'PRORATED', 'WITHHELD')),
        amount_sen integer NOT NULL,
        rule_version_id bigint NOT NULL REFERENCES allowance_rule_versions (id),
        trace jsonb NOT NULL,
        reverses_id bigint UNIQUE REFERENCES allowance_ledger (id),
        override_id bigint REFERENCES allowance_overrides (id),
        origin text NOT NULL CHECK (origin IN ('RUN', 'CORRECTION')),
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'REVERSAL') = (reverses_id IS NOT NULL)),
        CHECK (kind = 'REVERSAL' OR amount_sen >= 0)
      )`);
    // A run decides each trainee's month once, whoever runs it and however often.
    await q.query(`CREATE UNIQUE INDEX allowance_ledger_run_once_idx ON allowance_ledger (cohort_id, month, user_id) WHERE origin = 'RUN'`);
    await q.query(`CREATE INDEX allowance_ledger_trainee_idx ON allowance_ledger (user_id, month)`);
    await q.query(`
      CREATE FUNCTION allowance_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'allowance ledger entries are append-only' USING ERRCODE = 'restrict_violation';
        END $$`);
    await q.query(`
      CREATE TRIGGER allowance_ledger_append_only BEFORE UPDATE OR DELETE ON allowance_ledger
      FOR EACH ROW EXECUTE FUNCTION allowance_ledger_append_only()`);

    await q.query(`
      CREATE TABLE allowance_disputes (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        entry_id bigint NOT NULL REFERENCES allowance_ledger (id),
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        reason text NOT NULL CHECK (length(btrim(reason)) > 0),
        state text NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'RESOLVED')),
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX allowance_disputes_open_idx ON allowance_disputes (entry_id) WHERE state = 'OPEN'`);
    await q.query(`CREATE INDEX allowance_disputes_queue_idx ON allowance_disputes (created_at) WHERE state = 'OPEN'`);
    await q.query(`ALTER TABLE allowance_overrides ADD FOREIGN KEY (dispute_id) REFERENCES allowance_disputes (id)`);

    // The 20th's at-risk mail, once per cohort and month.
    await q.query(`
      CREATE TABLE allowance_risk_mailings (
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        month date NOT NULL,
        mailed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (cohort_id, month)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE allowance_risk_mailings`);
    await q.query(`ALTER TABLE allowance_overrides DROP COLUMN dispute_id`);
    await q.query(`DROP TABLE allowance_disputes`);
    await q.query(`DROP TABLE allowance_ledger`);
    await q.query(`DROP FUNCTION allowance_ledger_append_only()`);
    await q.query(`DROP TABLE allowance_overrides`);
    await q.query(`DROP TABLE allowance_runs`);
    await q.query(`ALTER TABLE cohorts DROP COLUMN allowance_programme_id`);
    await q.query(`DROP TABLE allowance_rule_versions`);
    await q.query(`DROP TABLE allowance_programmes`);
  }
}
