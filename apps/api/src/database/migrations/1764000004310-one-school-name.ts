import { SCHOOL_NAME } from '@school/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The school has one name (SCHOOL_NAME). Certificates created with the former default provider
 * (the API's former name for the school) name the school as it is called now, so their PDFs and
 * badges agree with everything else. The former names are kept here only to find those rows.
 */
const FORMER_NAMES = ['Semiconductor Training School', 'School of Semiconductor Training'];

export class OneSchoolName1764000004310 implements MigrationInterface {
  name = 'OneSchoolName1764000004310';

  async up(q: QueryRunner): Promise<void> {
    for (const former of FORMER_NAMES) {
      await q.query(`UPDATE certificates SET provider = array_replace(provider, $1, $2) WHERE $1 = ANY (provider)`, [former, SCHOOL_NAME]);
    }
  }

  async down(): Promise<void> {
    // Which rows held a former name is not kept: the renamed providers stay.
  }
}
