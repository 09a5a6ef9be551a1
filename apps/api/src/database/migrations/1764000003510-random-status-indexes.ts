import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A credential's bit in the revocation status list was the next number of a sequence, which tells
 * anyone holding two credentials their order and how many were issued between them. The W3C
 * Bitstring Status List recommends random indexes: each new credential now draws a free index at
 * random from a list at least twice as large as the credentials it holds (131,072 entries at
 * least, the recommended minimum); credentials already issued keep theirs.
 */
export class RandomStatusIndexes1764000003510 implements MigrationInterface {
  name = 'RandomStatusIndexes1764000003510';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION random_credential_status_index() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        size bigint;
        candidate integer;
      BEGIN
        SELECT GREATEST(131072, 2 * ((SELECT count(*) FROM certificate_credentials) + (SELECT count(*) FROM withdrawn_credential_statuses)))
          INTO size;
        LOOP
          -- 32 random bits of a v4 UUID (the CSPRNG of gen_random_uuid), reduced to the list's size.
          candidate := (('x' || left(replace(gen_random_uuid()::text, '-', ''), 8))::bit(32)::bigint % size)::integer;
          IF NOT EXISTS (SELECT 1 FROM certificate_credentials WHERE status_index = candidate)
             AND NOT EXISTS (SELECT 1 FROM withdrawn_credential_statuses WHERE status_index = candidate) THEN
            RETURN candidate;
          END IF;
        END LOOP;
      END $$`);
    await q.query(`ALTER TABLE certificate_credentials ALTER COLUMN status_index SET DEFAULT random_credential_status_index()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE certificate_credentials ALTER COLUMN status_index SET DEFAULT nextval('credential_status_index_seq')`);
    await q.query(`DROP FUNCTION random_credential_status_index()`);
  }
}
