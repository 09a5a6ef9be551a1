import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Channel on which a user's id is announced when the access tokens issued to them change validity. */
export const USER_SESSIONS_CHANNEL = 'user_sessions';

/**
 * Access tokens carry the user's `token_version`; a token whose version is not the current one is
 * refused. Suspension, reinstatement and role changes bump the version whoever writes them (admin
 * screens, the create-user command, psql), and every change of it, or the user's deletion, is
 * announced on `user_sessions`, so each API process can drop what it cached about that user.
 */
export class AccountTokenVersion1764000001300 implements MigrationInterface {
  name = 'AccountTokenVersion1764000001300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE FUNCTION users_bump_token_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.role IS DISTINCT FROM OLD.role OR NEW.is_suspended IS DISTINCT FROM OLD.is_suspended THEN
          NEW.token_version := greatest(NEW.token_version, OLD.token_version + 1);
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER users_bump_token_version BEFORE UPDATE OF role, is_suspended ON users
      FOR EACH ROW EXECUTE FUNCTION users_bump_token_version()`);
    await q.query(`
      CREATE FUNCTION users_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('${USER_SESSIONS_CHANNEL}', OLD.id::text);
        ELSIF NEW.token_version IS DISTINCT FROM OLD.token_version OR NEW.is_suspended IS DISTINCT FROM OLD.is_suspended THEN
          PERFORM pg_notify('${USER_SESSIONS_CHANNEL}', NEW.id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER users_notify_sessions AFTER UPDATE OR DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION users_notify_sessions()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_notify_sessions ON users`);
    await q.query(`DROP FUNCTION users_notify_sessions()`);
    await q.query(`DROP TRIGGER users_bump_token_version ON users`);
    await q.query(`DROP FUNCTION users_bump_token_version()`);
    await q.query(`ALTER TABLE users DROP COLUMN token_version`);
  }
}
