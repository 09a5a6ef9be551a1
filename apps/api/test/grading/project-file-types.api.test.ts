import { ProjectViewResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradedCohort, type GradedCohort } from '../fixtures/grade-item.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { contentMismatchMessage, notAcceptedMessage } from '../../src/modules/grading/project-file-types';

/**
 * A project's accepted file types: an instructor who asks for a PDF receives one; each type is
 * checked by content, so a file whose name lies is refused and nothing is stored.
 */
let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let c: GradedCohort;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const setTypes = (accepted_types: string[]) =>
  t.http
    .put(`/api/courses/admin/lessons/${c.project}/project`)
    .set(bearer(admin))
    .send({ instructions: 'Hand in your report.', accepted_types, rubric: [] });
const submit = (data: Buffer, name: string) =>
  t.http.post(`/api/cohorts/${c.cohort.id_slug}/lessons/${c.project}/project/submission`).set(bearer(alice)).attach('file', data, name);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  alice = await createUser(t, { first_name: 'Alice', last_name: 'Able' });
  // No grade item is set by hand: the one made on linking the course keeps the project open.
  c = await gradedCohort(t, admin, 'File types', [alice]);
});
afterAll(async () => t?.close());

describe('project file types', { timeout: 120_000 }, () => {
  it('a project asking for a PDF takes a PDF and refuses a zip renamed .pdf and a type it does not accept', async () => {
    await setTypes(['.pdf', '.v']).expect(200);
    await setTypes(['.exe']).expect(400);

    const lying = await submit(makeZip([{ name: 'a.txt', data: 'x' }]), 'report.pdf').expect(400);
    expect(lying.body).toEqual({ message: contentMismatchMessage('.pdf'), errors: { file: contentMismatchMessage('.pdf') } });
    expect((await submit(makeZip([{ name: 'a.txt', data: 'x' }]), 'work.zip').expect(400)).body.message).toBe(
      notAcceptedMessage(['.pdf', '.v']),
    );
    const binary = await submit(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]), 'top.v').expect(400);
    expect(binary.body.message).toBe(contentMismatchMessage('.v'));

    const view = ProjectViewResponseSchema.parse((await submit(PDF, 'report.pdf').expect(201)).body).data;
    expect(view.project.accepted_types).toEqual(['.pdf', '.v']);
    expect(view.submission).toMatchObject({
      file_name: 'report.pdf',
      size_bytes: PDF.length,
      files: [{ path: 'report.pdf', size: PDF.length }],
    });
    // Kept with its own type, so the download says what it is.
    const [stored] = await t.ds.query(
      `SELECT f.content_type FROM submissions s JOIN stored_files f ON f.id_slug = s.file_id_slug WHERE f.original_name = 'report.pdf'`,
    );
    expect(stored).toEqual({ content_type: 'application/pdf' });
  });
});
