import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { schoolFor } from '../../bench/seed-plan';
import { scenarios } from '../../bench/scenarios';
import { seedLargeSchool } from '../../bench/seed-school';
import { openDatabase } from '../../src/startup/open-database';
import { ensureDatabase } from '../../src/startup/embedded-postgres';

/** bench:api --only X seeds the small school the scenario needs, into a migrated database. */
describe('the benchmark seed for one scenario', () => {
  it('seeds the small school with the quiz scenario’s students: an admin, one cohort of one course', async () => {
    const url = await ensureDatabase(inject('adminDatabaseUrl'), `test_${randomBytes(6).toString('hex')}`, 'school_template');
    const ds = await openDatabase(url, 2);
    try {
      const plan = schoolFor(scenarios.filter((s) => s.name.includes('quiz autosave')));
      const seeded = await seedLargeSchool(ds, plan);
      const [counts] = await ds.query(
        `SELECT (SELECT count(*)::int FROM users WHERE role = 'STUDENT') AS students,
                (SELECT count(*)::int FROM users WHERE role = 'ADMIN') AS admins,
                (SELECT count(*)::int FROM cohorts) AS cohorts,
                (SELECT count(*)::int FROM courses) AS courses`,
      );
      expect(counts).toEqual({ students: plan.students, admins: 1, cohorts: 1, courses: 1 });
      expect(seeded.seconds).toBeGreaterThanOrEqual(0);
    } finally {
      await ds.destroy();
    }
  }, 120_000);
});
