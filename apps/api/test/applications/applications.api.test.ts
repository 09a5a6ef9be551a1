import {
  APPLICATION_ALREADY_SUBMITTED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  PROGRAMME_APPLICATION_MESSAGES,
  VISITOR_TOKEN_HEADER,
} from '@school/contracts';
import { APPLICATIONS_CLOSED_MESSAGE } from '@school/catalogue/data';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { validApplication } from '../fixtures/application.fixtures';
import { APPLICATION_RECEIVED_MESSAGE } from '../../src/modules/applications/applications.controller';
import { ADMISSION_MAIL_JOB } from '../../src/modules/admissions/admission-moves';
import { APPLICATION_MAIL_LIMITS } from '../../src/modules/applications/applications.service';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { FILE_REQUIRED_MESSAGE, PDF_REQUIRED_MESSAGE } from '../../src/modules/applications/pdf-upload.interceptor';

let t: TestApp;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  student = await createUser(t, { role: 'STUDENT' });
});
afterAll(async () => t?.close());

const pdf = (size = 2000) => {
  const head = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
};
const upload = (data: Buffer, name = 'resume.pdf') => t.http.post('/api/upload/file_upload/').attach('file', data, name);
const submit = (body: Record<string, unknown>) => t.http.post('/api/sheet/submit-form/').send(body);

describe('POST /api/upload/file_upload/', () => {
  it('stores a PDF and answers 201 with a URL that serves it back', async () => {
    const data = pdf();
    const res = await upload(data, 'Farah CV.pdf').expect(201);
    expect(res.body.url).toMatch(/^\/api\/files\/[0-9a-f]{32}\?exp=\d+&dl=0&sig=/);
    const file = await t.http.get(res.body.url).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const [row] = await t.ds.query(`SELECT original_name, size_bytes, purpose FROM stored_files ORDER BY id DESC LIMIT 1`);
    expect(row).toEqual({ original_name: 'Farah CV.pdf', size_bytes: String(data.length), purpose: 'application-document' });
  });

  it('accepts a file of exactly 2.5 MB and refuses one byte more with the size message', async () => {
    await upload(pdf(MAX_UPLOAD_BYTES)).expect(201);
    const res = await upload(pdf(MAX_UPLOAD_BYTES + 1)).expect(413);
    expect(res.body.message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(FILE_TOO_LARGE_MESSAGE).toBe('File size must be less than 2.5MB');
  });

  it('refuses a file that is not a PDF, even when it is named like one', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const renamed = await upload(png, 'transcript.pdf').expect(400);
    expect(renamed.body).toEqual({ message: PDF_REQUIRED_MESSAGE, errors: { file: PDF_REQUIRED_MESSAGE } });
    const text = await upload(Buffer.from('just some notes'), 'notes.txt').expect(400);
    expect(text.body.message).toBe(PDF_REQUIRED_MESSAGE);
    const before = await t.ds.query(`SELECT count(*)::int AS n FROM stored_files`);
    await upload(Buffer.from('<html>'), 'page.pdf').expect(400);
    const after = await t.ds.query(`SELECT count(*)::int AS n FROM stored_files`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('needs a file in the field named file', async () => {
    const none = await t.http.post('/api/upload/file_upload/').field('note', 'x').expect(400);
    expect(none.body.message).toBe(FILE_REQUIRED_MESSAGE);
    await t.http.post('/api/upload/file_upload/').attach('document', pdf(), 'a.pdf').expect(400);
    await t.http.post('/api/upload/file_upload/').send({ file: 'x' }).expect(400);
    const empty = await upload(Buffer.alloc(0), 'empty.pdf').expect(400);
    expect(empty.body.message).toBe(FILE_REQUIRED_MESSAGE);
  });
});

describe("POST /api/sheet/submit-form/ by the intakes' dates", () => {
  afterEach(() => vi.useRealTimers());
  const count = async () => Number((await t.ds.query(`SELECT count(*) FROM programme_applications`))[0].count);

  it('refuses every application with a clear 409 when no intake is open, and stores nothing', async () => {
    const before = await count();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-06-01T00:00:00Z')); // after the 2027 intake closed
    const res = await submit(validApplication({ email: 'late@example.com' })).expect(409);
    expect(res.body).toEqual({ message: APPLICATIONS_CLOSED_MESSAGE });
    expect(await count()).toBe(before);
  });

  it('takes an application while an intake is open (2026-11-22: the 2027 intake)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T03:00:00Z'));
    await submit(validApplication({ email: 'in-time@example.com' })).expect(201);
    await t.ds.query(`DELETE FROM programme_applications WHERE email = 'in-time@example.com'`);
  });
});

describe('POST /api/sheet/submit-form/', () => {
  it('stores a complete application and answers with a message', async () => {
    const res = await submit(validApplication()).expect(201);
    expect(res.body).toEqual({ message: APPLICATION_RECEIVED_MESSAGE });
    const [row] = await t.ds.query(
      `SELECT email, dob_year, state, can_participate, can_relocate, secondary_phone, resume_file_id FROM programme_applications`,
    );
    expect(row).toEqual({
      email: 'farah.hassan@example.com',
      dob_year: '2001',
      state: 'PENANG',
      can_participate: true,
      can_relocate: false,
      secondary_phone: null,
      resume_file_id: null,
    });
  });

  it('screens the application on submission: flags from the rules, state SUBMITTED, the first entry of its timeline', async () => {
    await submit(validApplication({ email: 'screened@example.com', can_participate: 'false', is_citizen: 'false' })).expect(201);
    const [row] = await t.ds.query(
      `SELECT a.is_citizen, a.status, a.eligibility, a.eligible, t.from_status, t.to_status, t.actor_id
         FROM programme_applications a JOIN application_transitions t ON t.application_id = a.id WHERE a.email = 'screened@example.com'`,
    );
    expect(row).toEqual({
      is_citizen: false,
      status: 'SUBMITTED',
      // Flags only: the two rules not met are not a rejection; an internship is not a job (the deciding answers are in screening_notes).
      eligibility: { age_30_or_below: true, diploma_or_degree: true, unemployed: true, can_participate: false, malaysian_citizen: false },
      eligible: null,
      from_status: null,
      to_status: 'SUBMITTED',
      actor_id: null,
    });
  });

  it('requires the Malaysian citizen declaration', async () => {
    const res = await submit(validApplication({ email: 'no-declaration@example.com', is_citizen: undefined })).expect(400);
    expect(res.body.errors).toEqual({ is_citizen: 'This field is required' });
  });

  it('links uploaded resume and transcript, which admins can download', async () => {
    const resume = (await upload(pdf(3000), 'cv.pdf').expect(201)).body.url;
    const transcript = (await upload(pdf(4000), 'transcript.pdf').expect(201)).body.url;
    await submit(validApplication({ email: 'files@example.com', resume, transcript: `http://localhost:3000${transcript}` })).expect(201);
    const list = await t.http.get('/api/applications/admin/list?search_query=files@').set(bearer(admin)).expect(200);
    const detail = await t.http.get(`/api/applications/admin/${list.body.data[0].id_slug}`).set(bearer(admin)).expect(200);
    const file = await t.http.get(detail.body.data.transcript).expect(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="transcript\.pdf"; filename\*=UTF-8''transcript\.pdf/);
    expect(Number(file.headers['content-length'])).toBe(4000);
    expect(detail.body.data.resume).toMatch(/^\/api\/files\//);
  });

  it('refuses a file URL that is not one of its uploads', async () => {
    const res = await submit(validApplication({ resume: 'https://evil.example.com/cv.pdf' })).expect(400);
    expect(res.body.errors).toEqual({ resume: 'Invalid file URL' });
    const unknown = await submit(validApplication({ transcript: '/api/files/0123456789abcdef0123456789abcdef?exp=1&dl=0&sig=x' })).expect(
      400,
    );
    expect(unknown.body.errors).toEqual({ transcript: 'Invalid file URL' });
  });

  it('answers every required field with its own message', async () => {
    const res = await submit({}).expect(400);
    const expected: Record<string, string> = { ...PROGRAMME_APPLICATION_MESSAGES };
    expect(res.body.errors).toEqual(expected);
    expect(res.body.errors.full_name).toBe('Full name is required');
    expect(res.body.errors.can_device).toBe('This field is required');
  });

  it('treats blank text as missing', async () => {
    const res = await submit(validApplication({ full_name: '   ', city: '' })).expect(400);
    expect(res.body.errors).toEqual({ full_name: 'Full name is required', city: 'City is required' });
  });

  it.each([
    ['course', 'Quantum Computing'],
    ['age', '31'],
    ['age', '17'],
    ['dobYear', '1989'],
    ['dobMonth', 'Smarch'],
    ['dobDate', '32'],
    ['gender', 'Unknown'],
    ['ethnicity', 'Martian'],
    ['marital_status', 'Complicated'],
    ['state', 'Penang'],
    ['country_study', 'Atlantis'],
    ['highest_qualification', 'PhD'],
    ['field_study', 'Astrology'],
    ['qualification_type', 'Bachelor of Wizardry'],
    ['grad_year', '2030'],
    ['english_qualification', 'Duolingo'],
    ['prev_employment', 'Freelance'],
    ['prev_leadership', 'President'],
  ])('refuses %s = %j, a value outside its option list', async (field, value) => {
    const res = await submit(validApplication({ [field]: value })).expect(400);
    expect(res.body.errors).toEqual({ [field]: 'Please select a valid option' });
  });

  it('checks the English score against the chosen qualification, IB English included', async () => {
    await submit(validApplication({ email: 'ielts@example.com', english_qualification: 'IELTS', english_score: '4.5' })).expect(201);
    const res = await submit(validApplication({ english_qualification: 'CEFR', english_score: '7.0' })).expect(400);
    expect(res.body.errors).toEqual({ english_score: 'Please select a valid option' });
    await submit(validApplication({ email: 'ib@example.com', english_qualification: 'IB English', english_score: '7' })).expect(201);
    await submit(validApplication({ english_qualification: 'IB English', english_score: '8' })).expect(400);
    await submit(validApplication({ email: 'toefl@example.com', english_qualification: 'TOEFL iBT', english_score: '118-120' })).expect(
      201,
    );
  });

  it('takes one application per email and intake: a repeat, in any letter case, is a 409 on the email field', async () => {
    await submit(validApplication({ email: 'once@example.com' })).expect(201);
    const again = await submit(validApplication({ email: ' ONCE@Example.com ', course: 'Packaging' })).expect(409);
    expect(again.body).toEqual({
      message: APPLICATION_ALREADY_SUBMITTED_MESSAGE,
      errors: { email: APPLICATION_ALREADY_SUBMITTED_MESSAGE },
    });
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM programme_applications WHERE lower(email) = 'once@example.com'`);
    expect(n).toBe(1);
  });

  it('stores one application when ten copies arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(validApplication({ email: 'tentimes@example.com' }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM programme_applications WHERE email = 'tentimes@example.com'`);
    expect(n).toBe(1);
  });

  it('takes the yes/no declarations only as the strings true or false', async () => {
    const res = await submit(validApplication({ can_participate: 'yes', can_device: true })).expect(400);
    expect(res.body.errors).toEqual({ can_participate: 'This field is required', can_device: 'This field is required' });
  });

  it('refuses an invalid email and unknown fields', async () => {
    const email = await submit(validApplication({ email: 'farah@' })).expect(400);
    expect(email.body.errors).toEqual({ email: 'Invalid email format' });
    const extra = await submit(validApplication({ status: 'ACCEPTED' })).expect(400);
    expect(extra.body.message).toMatch(/status/);
  });
});

describe('admin: applications', () => {
  beforeAll(async () => {
    await submit(validApplication({ full_name: 'Zainal Abidin', email: 'zainal@example.com', course: 'Packaging' })).expect(201);
    await submit(
      validApplication({
        full_name: '=HYPERLINK("http://evil.example.com","click")',
        email: 'formula@example.com',
        course: 'Analog Design',
      }),
    ).expect(201);
  });

  it('lists applications newest first, paginated, searchable and filtered by course', async () => {
    const page = await t.http.get('/api/applications/admin/list?page_size=2').set(bearer(admin)).expect(200);
    const total = (await t.ds.query(`SELECT count(*)::int AS n FROM programme_applications`))[0].n;
    expect(page.body.count).toBe(total);
    expect(page.body.num_pages).toBe(Math.ceil(total / 2));
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0].email).toBe('formula@example.com');
    expect(Object.keys(page.body.data[0]).sort()).toEqual([
      'course',
      'created_date',
      'email',
      'full_name',
      'grad_year',
      'highest_qualification',
      'id_slug',
      'phone',
      'state',
      'status',
    ]);
    const search = await t.http.get('/api/applications/admin/list?search_query=ZAINAL').set(bearer(admin)).expect(200);
    expect(search.body.data.map((a: { full_name: string }) => a.full_name)).toEqual(['Zainal Abidin']);
    const byCourse = await t.http.get('/api/applications/admin/list?course=Packaging').set(bearer(admin)).expect(200);
    expect(byCourse.body.data.every((a: { course: string }) => a.course === 'Packaging')).toBe(true);
    expect(byCourse.body.count).toBe(1);
    const sorted = await t.http.get('/api/applications/admin/list?order_by=full_name&page_size=100').set(bearer(admin)).expect(200);
    const names = sorted.body.data.map((a: { full_name: string }) => a.full_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    await t.http.get('/api/applications/admin/list?order_by=secret').set(bearer(admin)).expect(400);
  });

  it('shows every field of one application', async () => {
    const list = await t.http.get('/api/applications/admin/list?search_query=zainal').set(bearer(admin)).expect(200);
    const res = await t.http.get(`/api/applications/admin/${list.body.data[0].id_slug}`).set(bearer(admin)).expect(200);
    expect(res.body.data).toMatchObject({
      full_name: 'Zainal Abidin',
      course: 'Packaging',
      dobYear: '2001',
      dobMonth: 'March',
      dobDate: '14',
      is_citizen: 'true',
      can_participate: 'true',
      can_relocate: 'false',
      status: 'SUBMITTED',
      eligibility: { age_30_or_below: true, diploma_or_degree: true, unemployed: true, can_participate: true, malaysian_citizen: true },
      resume: null,
      transcript: null,
      secondary_phone: null,
    });
    await t.http.get('/api/applications/admin/0123456789abcdef0123456789abcdef').set(bearer(admin)).expect(404);
  });

  it('answers a refused export as JSON shown in place, not as a CSV download', async () => {
    const res = await t.http.get('/api/applications/admin/export?order_by=nonsense').set(bearer(admin)).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('exports matching applications as CSV with formulas neutralised', async () => {
    const res = await t.http.get('/api/applications/admin/export?course=Analog%20Design').set(bearer(admin)).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="applications.csv"/);
    // The UTF-8 byte-order mark first, so Excel reads names in any script.
    expect(res.text.startsWith('\uFEFF"created_date",')).toBe(true);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^"created_date","course","email","full_name"/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example.com"",""click"")"`);
    expect(lines[1]).not.toMatch(/,"=/);
    // The export shows every field: each exported application is in the audit log of views, by whom.
    const logged = await t.ds.query(
      `SELECT a.course, u.id_slug AS viewer FROM application_views v
         JOIN programme_applications a ON a.id = v.application_id JOIN users u ON u.id = v.viewer_id
        WHERE v.call = 'adminApplicationExport'`,
    );
    expect(logged).toEqual([{ course: 'Analog Design', viewer: admin.id_slug }]);
  });

  it('exports in the order asked', async () => {
    const res = await t.http.get('/api/applications/admin/export?order_by=full_name').set(bearer(admin)).expect(200);
    const names = res.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split('","')[3]);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('keeps every admin call from students and strangers', async () => {
    for (const path of [
      '/api/applications/admin/list',
      '/api/applications/admin/export',
      '/api/applications/admin/0123456789abcdef0123456789abcdef',
    ]) {
      await t.http.get(path).expect(401);
      await t.http.get(path).set(bearer(student)).expect(403);
    }
  });
});

describe('the confirmation mail cannot be aimed at strangers', () => {
  it('one address with four visitor tokens stores 36 applications but mails only its small mail budget', async () => {
    const limited = await createTestApp({ WORKERS: '0' });
    try {
      const tokens: string[] = [];
      for (let v = 0; v < 4; v++) tokens.push((await limited.http.post('/api/forms/visitor-token/').expect(200)).body.token);
      for (let i = 0; i < 36; i++)
        await limited.http
          .post('/api/sheet/submit-form/')
          .set(VISITOR_TOKEN_HEADER, tokens[i % 4])
          .send(validApplication({ email: `stranger${i}@victims.test` }))
          .expect(201);
      const [stored] = await limited.ds.query(`SELECT count(*)::int AS n FROM programme_applications WHERE email LIKE '%@victims.test'`);
      expect(stored.n).toBe(36);
      // Each confirmation is a job queued with its application: only the budget's worth were.
      const [mails] = await limited.ds.query(`SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1`, [ADMISSION_MAIL_JOB]);
      expect(mails.n).toBe(APPLICATION_MAIL_LIMITS.client.points);
    } finally {
      await limited.close();
    }
  });
});
