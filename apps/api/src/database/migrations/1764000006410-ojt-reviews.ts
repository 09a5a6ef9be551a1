import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The OJT reviews at weeks 4, 8 and 16 of a placement. `ojt_reviews`: one per placement and review
 * week, made when a party first writes in it; its due date is not stored (it follows the trainee's
 * OJT window on the timeline). Each party's section is a JSON object of its own.
 * `ojt_review_signatures`: who signed which section, by name, when: append-only. A signed section
 * cannot change and, once all three have signed, the review is frozen into a PDF whose SHA-256 is
 * recorded; triggers refuse any change to either, whatever the caller.
 */
export class OjtReviews1764000006410 implements MigrationInterface {
  name = 'OjtReviews1764000006410';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ojt_reviews (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        placement_id bigint NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
        review_week integer NOT NULL CHECK (review_week IN (4, 8, 16)),
        trainee_section jsonb NOT NULL DEFAULT '{}',
        supervisor_section jsonb NOT NULL DEFAULT '{}',
        coach_section jsonb NOT NULL DEFAULT '{}',
        pdf bytea,
        pdf_sha256 text CHECK (pdf_sha256 ~ '^[0-9a-f]{64}$'),
        frozen_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (placement_id, review_week),
        CHECK ((frozen_at IS NULL) = (pdf IS NULL) AND (pdf IS NULL) = (pdf_sha256 IS NULL))
      )`);
    await q.query(`
      CREATE TABLE ojt_review_signatures (
        id bigserial PRIMARY KEY,
        review_id bigint NOT NULL REFERENCES ojt_reviews (id) ON DELETE CASCADE,
        party text NOT NULL CHECK (party IN ('TRAINEE', 'SUPERVISOR', 'COACH')),
        by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
        by_name text NOT NULL,
        signed_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (review_id, party)
      )`);
    await q.query(`
      CREATE FUNCTION ojt_review_signatures_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'ojt_review_signatures are append-only'; END $$`);
    await q.query(`
      CREATE TRIGGER ojt_review_signatures_no_update BEFORE UPDATE ON ojt_review_signatures
      FOR EACH ROW EXECUTE FUNCTION ojt_review_signatures_append_only()`);
    // A signed section and a frozen review's file and hash are facts: the database refuses to change them.
    await q.query(`
      CREATE FUNCTION ojt_reviews_keep_signed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE signed text[];
      BEGIN
        SELECT coalesce(array_agg(party), '{}') INTO signed FROM ojt_review_signatures WHERE review_id = OLD.id;
        IF (NEW.trainee_section IS DISTINCT FROM OLD.trainee_section AND 'TRAINEE' = ANY (signed))
           OR (NEW.supervisor_section IS DISTINCT FROM OLD.supervisor_section AND 'SUPERVISOR' = ANY (signed))
           OR (NEW.coach_section IS DISTINCT FROM OLD.coach_section AND 'COACH' = ANY (signed)) THEN
          RAISE EXCEPTION 'a signed review section cannot change';
        END IF;
        IF OLD.frozen_at IS NOT NULL AND (NEW.pdf IS DISTINCT FROM OLD.pdf OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256
                                           OR NEW.frozen_at IS DISTINCT FROM OLD.frozen_at) THEN
          RAISE EXCEPTION 'a frozen review cannot change';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER ojt_reviews_keep_signed BEFORE UPDATE ON ojt_reviews
      FOR EACH ROW EXECUTE FUNCTION ojt_reviews_keep_signed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ojt_review_signatures`);
    await q.query(`DROP TABLE ojt_reviews`);
    await q.query(`DROP FUNCTION ojt_review_signatures_append_only()`);
    await q.query(`DROP FUNCTION ojt_reviews_keep_signed()`);
  }
}
