import { SCHOOL_NAME } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OneSchoolName1764000004310 } from '../../src/database/migrations/1764000004310-one-school-name';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/** Certificates made under the school's former default provider name carry its one name after the migration. */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', WORKERS: '0' });
  admin = await createUser(t, { role: 'ADMIN' });
});
afterAll(async () => t?.close());

const create = async (provider: string[]) =>
  (await t.http.post('/api/certificates/admin/create').set(bearer(admin)).send({ title: 'Fab safety', provider }).expect(201)).body
    .id_slug as string;
const providerOf = async (idSlug: string) =>
  (await t.ds.query(`SELECT provider FROM certificates WHERE id_slug = $1`, [idSlug]))[0].provider as string[];

describe('migration OneSchoolName', () => {
  it("renames the former default provider to the school's name and leaves other providers alone", async () => {
    // As a certificate was made before the school had one name (the old default, beside a partner).
    const former = await create(['Semiconductor Training School', 'Fab Partner']);
    const partner = await create(['Fab Partner']);

    const runner = t.ds.createQueryRunner();
    await new OneSchoolName1764000004310().up(runner);
    await runner.release();

    expect(await providerOf(former)).toEqual([SCHOOL_NAME, 'Fab Partner']);
    expect(await providerOf(partner)).toEqual(['Fab Partner']);
  });
});
