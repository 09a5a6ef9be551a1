import { randomBytes } from 'node:crypto';
import {
  AdminStaffListResponseSchema,
  AdminStaffMemberResponseSchema,
  AUDIT_ACTIONS,
  AuditLogResponseSchema,
  CheckResponseSchema,
  FINANCE_MESSAGES,
  MyPaymentDetailsResponseSchema,
  StudentPaymentDetailsResponseSchema,
  StudentSummaryResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_DETAILS_KEY, PaymentCipherError, paymentDetailsOf, type PaymentKey } from '../../src/modules/finance';
import { paymentKeyOf } from '../../src/modules/finance/payment-key';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The safety base of the allowance: the finance permission (granted by another admin, checked on
 * every request), trainees' payment details sealed at rest and read in full only by finance staff,
 * each such read and change in an append-only audit log.
 */
let t: TestApp;
let granter: TestUser;
let finance: TestUser;
let plainAdmin: TestUser;
let instructor: TestUser;
let aina: TestUser;
let badrul: TestUser;

const AINA = { id_number: '990101-14-5678', bank_name: 'Maybank', account_number: '514012345678', account_holder: 'Aina binti Ali' };

const setFinance = (as: TestUser, target: TestUser, value: boolean) =>
  t.http.put(`/api/finance/admin/staff/${target.id_slug}/finance`).set(bearer(as)).send({ finance: value });
const adminDetails = (as: TestUser, student: TestUser) =>
  t.http.get(`/api/finance/admin/students/${student.id_slug}/payment-details`).set(bearer(as));
const saveMine = (as: TestUser, body: object) => t.http.put('/api/finance/me/payment-details/').set(bearer(as)).send(body);
const auditOf = async (subjectId: string, action?: string) => {
  const res = await t.http
    .get('/api/finance/admin/audit-log/')
    .query({ subject_type: 'user', subject_id: subjectId, ...(action ? { action } : {}) })
    .set(bearer(finance))
    .expect(200);
  return AuditLogResponseSchema.parse(res.body);
};

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  granter = await createUser(t, { role: 'ADMIN', first_name: 'Grace', last_name: 'Granter' });
  finance = await createUser(t, { role: 'ADMIN', first_name: 'Farah', last_name: 'Finance' });
  plainAdmin = await createUser(t, { role: 'ADMIN' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Payee' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Payee' });
});
afterAll(async () => t?.close());

describe('the finance permission', () => {
  it('is granted and removed by another admin only, and read from the database on each request', async () => {
    await setFinance(aina, finance, true).expect(403);
    await setFinance(instructor, finance, true).expect(403);
    const self = await setFinance(finance, finance, true).expect(403);
    expect(self.body.message).toBe(FINANCE_MESSAGES.ownPermission);
    const notAdmin = await setFinance(granter, instructor, true).expect(400);
    expect(notAdmin.body.message).toBe(FINANCE_MESSAGES.notAdmin);

    const granted = AdminStaffMemberResponseSchema.parse((await setFinance(granter, finance, true).expect(200)).body);
    expect(granted.staff).toMatchObject({ id_slug: finance.id_slug, finance: true });
    const check = CheckResponseSchema.parse((await t.http.get('/api/auth/check/').set(bearer(finance)).expect(200)).body);
    expect(check.finance).toBe(true);
    const other = CheckResponseSchema.parse((await t.http.get('/api/auth/check/').set(bearer(plainAdmin)).expect(200)).body);
    expect(other.finance).toBe(false);

    const staff = AdminStaffListResponseSchema.parse((await t.http.get('/api/finance/admin/staff/').set(bearer(granter)).expect(200)).body);
    expect(staff.data.find((s) => s.id_slug === finance.id_slug)?.finance).toBe(true);
    expect(staff.data.find((s) => s.id_slug === plainAdmin.id_slug)?.finance).toBe(false);
    expect(staff.data.some((s) => s.id_slug === instructor.id_slug)).toBe(false);
    await t.http.get('/api/finance/admin/staff/').set(bearer(instructor)).expect(403);

    // Removed: the same access token is refused at once.
    await setFinance(granter, finance, false).expect(200);
    const refused = await adminDetails(finance, aina).expect(403);
    expect(refused.body.message).toBe(FINANCE_MESSAGES.forbidden);
    await setFinance(granter, finance, true).expect(200);
    await adminDetails(finance, aina).expect(200);

    const log = await auditOf(finance.id);
    expect(log.data.map((e) => e.action)).toEqual([
      AUDIT_ACTIONS.financeGranted,
      AUDIT_ACTIONS.financeRevoked,
      AUDIT_ACTIONS.financeGranted,
    ]);
    expect(log.data[0].actor_name).toBe('Grace Granter');
  });
});

describe('payment details', () => {
  it('a trainee saves and replaces their own, and sees them masked', async () => {
    const empty = MyPaymentDetailsResponseSchema.parse(
      (await t.http.get('/api/finance/me/payment-details/').set(bearer(aina)).expect(200)).body,
    );
    expect(empty.details).toBeNull();
    const saved = MyPaymentDetailsResponseSchema.parse((await saveMine(aina, AINA).expect(200)).body);
    expect(saved.details).toMatchObject({
      id_number_last4: '5678',
      bank_name: 'Maybank',
      account_number_last4: '5678',
      account_holder: 'Aina binti Ali',
    });
    expect(JSON.stringify(saved)).not.toContain('514012345678');

    const replaced = MyPaymentDetailsResponseSchema.parse(
      (await saveMine(aina, { ...AINA, account_number: '7000111122' }).expect(200)).body,
    );
    expect(replaced.details?.account_number_last4).toBe('1122');
    // Badrul never reads nor writes Aina's: his calls only ever touch his own row.
    const theirs = MyPaymentDetailsResponseSchema.parse(
      (await t.http.get('/api/finance/me/payment-details/').set(bearer(badrul)).expect(200)).body,
    );
    expect(theirs.details).toBeNull();
    await saveMine(badrul, {
      id_number: 'A12345678',
      bank_name: 'CIMB',
      account_number: '8001234567',
      account_holder: 'Badrul Hisham',
    }).expect(200);
    await adminDetails(badrul, aina).expect(403);
    await t.http.put(`/api/finance/admin/students/${aina.id_slug}/payment-details`).set(bearer(badrul)).send(AINA).expect(403);
    // Staff have no allowance details of their own.
    await saveMine(plainAdmin, AINA).expect(403);
  });

  it('are stored sealed: the columns hold no plaintext, and another key cannot open them', async () => {
    const [row] = await t.ds.query(`SELECT * FROM payment_details WHERE user_id = $1`, [aina.id]);
    for (const column of ['id_number', 'bank_name', 'account_number', 'account_holder']) {
      expect(Buffer.isBuffer(row[column])).toBe(true);
      expect(row[column].toString('latin1')).not.toMatch(/990101145678|Maybank|7000111122|Aina binti Ali/);
    }
    const key = t.app.get<PaymentKey>(PAYMENT_DETAILS_KEY);
    expect(row.key_id).toBe(key.id);
    const both = await paymentDetailsOf(t.ds, key, [aina.id, badrul.id, granter.id]);
    expect(both.get(aina.id)).toEqual({ ...AINA, id_number: '990101145678', account_number: '7000111122' });
    expect(both.get(badrul.id)?.id_number).toBe('A12345678');
    expect(both.has(granter.id)).toBe(false);
    await expect(paymentDetailsOf(t.ds, paymentKeyOf(randomBytes(32)), [aina.id])).rejects.toBeInstanceOf(PaymentCipherError);
  });

  it('finance staff read and correct them in full, each read and change audited; other admins get 403', async () => {
    const denied = await adminDetails(plainAdmin, aina).expect(403);
    expect(denied.body.message).toBe(FINANCE_MESSAGES.forbidden);
    await t.http.put(`/api/finance/admin/students/${aina.id_slug}/payment-details`).set(bearer(plainAdmin)).send(AINA).expect(403);
    await t.http.get('/api/finance/admin/audit-log/').set(bearer(plainAdmin)).expect(403);

    const before = (await auditOf(aina.id, AUDIT_ACTIONS.paymentDetailsViewed)).count;
    const read = StudentPaymentDetailsResponseSchema.parse((await adminDetails(finance, aina).expect(200)).body);
    expect(read.details).toEqual({ ...AINA, id_number: '990101145678', account_number: '7000111122' });
    await adminDetails(finance, aina).expect(200);
    const views = await auditOf(aina.id, AUDIT_ACTIONS.paymentDetailsViewed);
    expect(views.count).toBe(before + 2);
    expect(views.data[0]).toMatchObject({ actor_name: 'Farah Finance', subject_name: 'Aina Payee' });

    const corrected = StudentPaymentDetailsResponseSchema.parse(
      (
        await t.http
          .put(`/api/finance/admin/students/${aina.id_slug}/payment-details`)
          .set(bearer(finance))
          .send({ ...AINA, bank_name: 'Bank Islam' })
          .expect(200)
      ).body,
    );
    expect(corrected.details?.bank_name).toBe('Bank Islam');
    const changes = await auditOf(aina.id, AUDIT_ACTIONS.paymentDetailsChanged);
    expect(changes.data[0].detail).toEqual({ fields: ['bank_name', 'account_number'] });
    // The log names fields, never their values.
    expect(JSON.stringify((await auditOf(aina.id)).data)).not.toMatch(/Bank Islam|7000111122|990101/);

    const bySlug = AuditLogResponseSchema.parse(
      (await t.http.get('/api/finance/admin/audit-log/').query({ subject_user: aina.id_slug }).set(bearer(finance)).expect(200)).body,
    );
    expect(bySlug.count).toBe((await auditOf(aina.id)).count);
    expect(new Set(bySlug.data.map((e) => e.subject_name))).toEqual(new Set(['Aina Payee']));

    const summary = StudentSummaryResponseSchema.parse(
      (await t.http.get(`/api/finance/admin/students/${aina.id_slug}/`).set(bearer(plainAdmin)).expect(200)).body,
    );
    expect(summary.student.first_name).toBe('Aina');
    await t.http.get(`/api/finance/admin/students/${granter.id_slug}/payment-details`).set(bearer(finance)).expect(404);
  });

  it('refuses bad input with clear messages', async () => {
    const res = await saveMine(badrul, { id_number: '12345', bank_name: ' ', account_number: '12-34', account_holder: '' }).expect(400);
    expect(res.body.errors).toEqual({
      id_number: FINANCE_MESSAGES.idNumberFormat,
      bank_name: FINANCE_MESSAGES.bankNameRequired,
      account_number: FINANCE_MESSAGES.accountNumberFormat,
      account_holder: FINANCE_MESSAGES.accountHolderRequired,
    });
    const missing = await saveMine(badrul, {}).expect(400);
    expect(missing.body.errors.id_number).toBe(FINANCE_MESSAGES.idNumberRequired);
    await saveMine(badrul, { ...AINA, id_number: '9901011456789' }).expect(400);
    await saveMine(badrul, { ...AINA, account_number: '1'.repeat(21) }).expect(400);
  });
});

describe('the audit log', () => {
  it('pages newest first and cannot be updated, deleted or emptied', async () => {
    const page = AuditLogResponseSchema.parse(
      (await t.http.get('/api/finance/admin/audit-log/').query({ page_size: 2 }).set(bearer(finance)).expect(200)).body,
    );
    expect(page.data).toHaveLength(2);
    expect(page.num_pages).toBe(Math.ceil(page.count / 2));
    expect(page.data[0].at >= page.data[1].at).toBe(true);
    const second = AuditLogResponseSchema.parse(
      (await t.http.get('/api/finance/admin/audit-log/').query({ page_size: 2, page: 2 }).set(bearer(finance)).expect(200)).body,
    );
    expect(second.data[0].id).not.toBe(page.data[0].id);

    await expect(t.ds.query(`UPDATE audit_log SET action = 'nothing' WHERE id = $1`, [page.data[0].id])).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`DELETE FROM audit_log WHERE id = $1`, [page.data[0].id])).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    const after = AuditLogResponseSchema.parse((await t.http.get('/api/finance/admin/audit-log/').set(bearer(finance)).expect(200)).body);
    expect(after.count).toBe(page.count);
  });
});
