import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Interviews, the stage between shortlist and offer. Admins publish slots per intake (moment,
 * length, place and/or meeting link, how many applicants it takes) with a panel of staff; a
 * shortlisted applicant holds at most one booking (the primary key), changed in place. The
 * booking keeps the slot start its reminder was sent for, so a changed booking is reminded again,
 * and the no-show with who recorded it. Each panel member's scores follow the intake's interview
 * rubric (criteria with max points).
 *
 * The development mailbox keeps the text attachments of a message (a calendar invitation), so
 * what an applicant receives can be read back.
 */
export class Interviews1764000004800 implements MigrationInterface {
  name = 'Interviews1764000004800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE interview_slots (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        intake text NOT NULL,
        starts_at timestamptz NOT NULL,
        duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 480),
        place text NOT NULL DEFAULT '',
        meeting_link text NOT NULL DEFAULT '',
        capacity integer NOT NULL DEFAULT 1 CHECK (capacity BETWEEN 1 AND 50),
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (place <> '' OR meeting_link <> '')
      )`);
    await q.query(`CREATE INDEX interview_slots_intake_start_idx ON interview_slots (intake, starts_at)`);
    await q.query(`
      CREATE TABLE interview_panel (
        slot_id bigint NOT NULL REFERENCES interview_slots (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (slot_id, user_id)
      )`);
    await q.query(`CREATE INDEX interview_panel_user_idx ON interview_panel (user_id, slot_id)`);
    await q.query(`
      CREATE TABLE interview_bookings (
        application_id bigint PRIMARY KEY REFERENCES programme_applications (id) ON DELETE CASCADE,
        slot_id bigint NOT NULL REFERENCES interview_slots (id) ON DELETE RESTRICT,
        booked_at timestamptz NOT NULL DEFAULT now(),
        sequence integer NOT NULL DEFAULT 0,
        reminded_for timestamptz,
        no_show_at timestamptz,
        no_show_by bigint REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX interview_bookings_slot_idx ON interview_bookings (slot_id)`);
    await q.query(`
      CREATE TABLE interview_rubrics (
        intake text PRIMARY KEY,
        criteria jsonb NOT NULL,
        updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE interview_scores (
        application_id bigint NOT NULL REFERENCES programme_applications (id) ON DELETE CASCADE,
        interviewer_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        scores jsonb NOT NULL,
        total integer NOT NULL,
        comment text NOT NULL DEFAULT '',
        submitted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (application_id, interviewer_id)
      )`);
    await q.query(`ALTER TABLE dev_mailbox_messages ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dev_mailbox_messages DROP COLUMN attachments`);
    await q.query(`DROP TABLE interview_scores`);
    await q.query(`DROP TABLE interview_rubrics`);
    await q.query(`DROP TABLE interview_bookings`);
    await q.query(`DROP TABLE interview_panel`);
    await q.query(`DROP TABLE interview_slots`);
  }
}
