import {
  ApplicationViewsResponseSchema,
  IntakeMailResponseSchema,
  MailPreviewResponseSchema,
  MailTemplateVersionResponseSchema,
  NO_PREVIEW_APPLICATION_MESSAGE,
  ReplyToResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { validApplication } from '../fixtures/application.fixtures';
import { FAST, type Received, smtpServer, until } from '../fixtures/smtp.fixtures';

/**
 * An intake's admissions mail over a real SMTP server: the defaults are today's messages, an admin
 * saves versions of a template (unknown placeholders refused, naming them), previews one with a real
 * application, sets the intake's reply-to address; the next rejection arrives in the edited words
 * with that Reply-To, and so does every other admissions mail of the intake.
 */
const INTAKE = 'youth-programme-2027';
const PROGRAMME = 'Semiconductor Youth Development Programme 2027';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let admin: TestUser;
let instructor: TestUser;
let student: TestUser;

beforeAll(async () => {
  smtp = await smtpServer(() => undefined);
  t = await createTestApp({ ...FAST, SMTP_URL: smtp.url, WEB_ORIGIN: 'http://site.example.test' });
  admin = await createUser(t, { role: 'ADMIN', first_name: 'Aisyah', last_name: 'Karim' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  student = await createUser(t, { role: 'STUDENT' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const base = `/api/admissions/admin/intakes/${INTAKE}/mail`;
const getMail = (u: TestUser = admin) => t.http.get(base).set(bearer(u));
const save = (kind: string, body: Record<string, unknown>, u: TestUser = admin) =>
  t.http.put(`${base}/templates/${kind}`).set(bearer(u)).send(body);
const preview = (kind: string, body: Record<string, unknown>, u: TestUser = admin) =>
  t.http.post(`${base}/templates/${kind}/preview`).set(bearer(u)).send(body);
const replyTo = (reply_to: string | null, u: TestUser = admin) => t.http.put(`${base}/reply-to`).set(bearer(u)).send({ reply_to });

let seq = 0;
async function apply(full_name = 'Nurul Huda') {
  const email = `mail-tpl-${++seq}-${Date.now()}@apply.test`;
  await t.http.post('/api/sheet/submit-form/').send(validApplication({ email, full_name })).expect(201);
  const [row] = await t.ds.query(`SELECT id_slug FROM programme_applications WHERE email = $1`, [email]);
  return { email, id_slug: row.id_slug as string };
}
const mailTo = (to: string, subject: string | RegExp) =>
  until<Received>(`"${String(subject)}" to ${to}`, async () =>
    smtp.received.find((m) => m.to === to && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject))),
  );
const reject = async (id: string) => {
  await t.http
    .post(`/api/admissions/admin/applications/${id}/screening`)
    .set(bearer(admin))
    .send({ eligible: true, reason: '' })
    .expect(200);
  await t.http
    .post('/api/admissions/admin/decisions')
    .set(bearer(admin))
    .send({ application_ids: [id], decision: 'REJECT', reason: 'Few places' })
    .expect(200);
};

describe('templates', () => {
  it('starts from the messages the product sends today, with the placeholders each kind fills in', async () => {
    const mail = IntakeMailResponseSchema.parse((await getMail().expect(200)).body).data;
    expect(mail.reply_to).toBeNull();
    const rejected = mail.templates.find((x) => x.kind === 'rejected')!;
    expect(rejected.default).toEqual({
      subject: 'Your application to {{programme}}',
      body:
        'Hello {{name}},\n\nThank you for applying to {{programme}}. We are sorry: we cannot offer you a place this time. ' +
        'We received many strong applications for few places.',
    });
    expect(rejected.placeholders).toEqual(['name', 'programme', 'status_url']);
    expect(rejected.versions).toEqual([]);
    const offer = mail.templates.find((x) => x.kind === 'offer')!;
    expect(offer.placeholders).toContain('accept_by');
    expect(offer.default.body).toContain('Please accept or decline by {{accept_by}}.');
    // The confirmation names no one: anyone may type any address on the public form.
    expect(mail.templates.find((x) => x.kind === 'received')!.placeholders).not.toContain('name');
  });

  it('an unedited rejection is mailed as today, from no-reply', async () => {
    const a = await apply();
    await reject(a.id_slug);
    const m = await mailTo(a.email, `Your application to ${PROGRAMME}`);
    expect(m.text).toContain('We received many strong applications for few places.');
    expect(m.replyTo).toBe('');
  });

  it('refuses an unknown placeholder, naming it, and a missing subject', async () => {
    const res = await save('rejected', {
      subject: 'About {{programme}}',
      body: 'Dear {{first_name}}, see {{reference}} and {{name}}.',
    }).expect(400);
    expect(res.body.message).toContain('Unknown placeholder {{first_name}}, {{reference}}');
    expect(res.body.errors.body).toContain('{{reference}}');
    expect(res.body.errors.subject).toBeUndefined();
    const inSubject = await save('received', { subject: 'Thanks {{name}}', body: 'Hello' }).expect(400);
    expect(inSubject.body.errors.subject).toContain('Unknown placeholder {{name}}');
    await save('rejected', { subject: '  ', body: 'x' }).expect(400);
    await save('no-such-kind', { subject: 'x', body: 'x' }).expect(400);
    await t.http
      .put(`/api/admissions/admin/intakes/no-such-intake/mail/templates/rejected`)
      .set(bearer(admin))
      .send({ subject: 'x', body: 'x' })
      .expect(404);
  });

  it('previews a draft filled in from a real application of the intake, audited', async () => {
    await t.http
      .post(`/api/admissions/admin/intakes/youth-programme-2025/mail/templates/rejected/preview`)
      .set(bearer(admin))
      .send({ subject: 'x', body: 'y' })
      .expect(404)
      .expect((r) => expect(r.body.message).toBe(NO_PREVIEW_APPLICATION_MESSAGE));
    const a = await apply('Preview Person');
    const res = MailPreviewResponseSchema.parse(
      (
        await preview('rejected', {
          subject: 'News from {{programme}}',
          body: 'Dear {{name}},\n\nA draft.',
          application_id: a.id_slug,
        }).expect(200)
      ).body,
    ).data;
    expect(res.application).toEqual({ id_slug: a.id_slug, full_name: 'Preview Person' });
    expect(res.subject).toBe(`News from ${PROGRAMME}`);
    expect(res.text).toContain('Dear Preview Person,');
    expect(res.html).toContain('A draft.');
    const views = ApplicationViewsResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/applications/${a.id_slug}/views`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(views.map((v) => v.call)).toContain('admissionsPreviewMailTemplate');
  });

  it('each save is a new version with who and when, newest first; mail uses the newest with the reply-to address', async () => {
    const v1 = MailTemplateVersionResponseSchema.parse(
      (await save('rejected', { subject: 'First try {{programme}}', body: 'Old words.' }).expect(200)).body,
    ).data;
    const v2 = MailTemplateVersionResponseSchema.parse(
      (
        await save('rejected', {
          subject: 'Our answer about {{programme}}',
          body: 'Dear {{name}},\n\nThe panel could not offer you a place in {{programme}} this time.\nDo apply again.',
        }).expect(200)
      ).body,
    ).data;
    expect(v2.version).toBe(v1.version + 1);
    expect(v2.created_by).toEqual({ first_name: 'Aisyah', last_name: 'Karim' });
    expect(v2.language).toBe('en');
    const listed = IntakeMailResponseSchema.parse((await getMail().expect(200)).body).data.templates.find((x) => x.kind === 'rejected')!;
    expect(listed.versions.map((v) => v.version)).toEqual([v2.version, v1.version]);

    await replyTo('not-an-email').expect(400);
    expect(ReplyToResponseSchema.parse((await replyTo('admissions@school.example').expect(200)).body).data.reply_to).toBe(
      'admissions@school.example',
    );
    expect(IntakeMailResponseSchema.parse((await getMail().expect(200)).body).data.reply_to).toBe('admissions@school.example');

    const a = await apply('Edited Mail');
    const received = await mailTo(a.email, `We have received your application to ${PROGRAMME}`);
    expect(received.replyTo).toBe('admissions@school.example');
    await reject(a.id_slug);
    const m = await mailTo(a.email, `Our answer about ${PROGRAMME}`);
    expect(m.text).toContain('Dear Edited Mail,');
    expect(m.text).toContain(`The panel could not offer you a place in ${PROGRAMME} this time.`);
    expect(m.text).not.toContain('many strong applications');
    // The private link stays the message's action.
    expect(m.text).toMatch(/\/applications\/[0-9a-f]+\?token=/);
    expect(m.replyTo).toBe('admissions@school.example');

    // Cleared: mail goes from no-reply alone again.
    expect(ReplyToResponseSchema.parse((await replyTo('').expect(200)).body).data.reply_to).toBeNull();
    const b = await apply();
    expect((await mailTo(b.email, `We have received your application to ${PROGRAMME}`)).replyTo).toBe('');
  });
});

describe('authorization', () => {
  it.each([
    ['an instructor', () => instructor],
    ['a student', () => student],
  ])('refuses %s every mail call', async (_who, user) => {
    await getMail(user()).expect(403);
    await save('rejected', { subject: 'x', body: 'y' }, user()).expect(403);
    await preview('rejected', { subject: 'x', body: 'y' }, user()).expect(403);
    await replyTo('x@y.example', user()).expect(403);
    await t.http.get(base).expect(401);
  });
});
