import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { DEMO } from '../support/demo';
import { expectAccessible, signInAsStudent } from '../support/learn';
import { scanPdfQrCodes } from '../support/qr';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const tag = Date.now().toString(36);
const COURSE = `Cleanroom Basics ${tag}`;
const COHORT = `Cleanroom Cohort ${tag}`;
const CERTIFICATE = `Cleanroom Certificate ${tag}`;
const LESSON = 'Gowning procedure';
const DAY = 86_400_000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function login(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login/', { data: { email, password } });
  expect(res.status()).toBe(200);
  return { Authorization: `Bearer ${(await res.json()).access}` };
}

test('a student meets the rules, the certificate is issued and verifies; once revoked, the page says so', async ({
  page,
  browser,
  request,
}) => {
  const student = await createAccount('STUDENT', `Mei${tag}`);
  const admin = await login(request, DEMO.admin.email, DEMO.admin.password);
  const me = await login(request, student.email, student.password);
  const studentSlug = (await (await request.get('/api/auth/check/', { headers: me })).json()).user.id_slug as string;

  // Set up through the API: a course with one reading, a cohort teaching it, the student, a certificate with the default rules.
  const course = (
    await (await request.post('/api/courses/admin/create/', { headers: admin, data: { title: COURSE, description: '' } })).json()
  ).id_slug as string;
  const modules = await request.put(`/api/courses/admin/${course}/modules/update/`, {
    headers: admin,
    data: { modules: [{ title: 'Contamination control', order: 0, lessons: [{ title: LESSON, order: 0, lesson_type: 'READING' }] }] },
  });
  expect(modules.status()).toBe(200);
  const cohortRes = await request.post('/api/cohorts/admin/create/', {
    headers: admin,
    data: {
      title: COHORT,
      start_date: isoIn(-10),
      end_date: isoIn(60),
      end_access_date: isoIn(90),
      result_open_date: null,
      course_ids: [course],
    },
  });
  expect(cohortRes.status()).toBe(201);
  const cohort = (await cohortRes.json()).id_slug as string;
  expect(
    (await request.post(`/api/cohorts/admin/${cohort}/add-student`, { headers: admin, data: { user_id_slug: studentSlug } })).status(),
  ).toBe(201);
  const certificate = (
    await (await request.post('/api/certificates/admin/create', { headers: admin, data: { title: CERTIFICATE } })).json()
  ).id_slug as string;
  expect(
    (
      await request.post(`/api/cohorts/admin/${cohort}/add-certificate`, { headers: admin, data: { certificate_id_slug: certificate } })
    ).status(),
  ).toBe(201);

  // The student sees the certificate in progress, with what is missing, then completes the lesson.
  await signInAsStudent(page, student.email, student.password, student.first_name);
  await page.goto(`/class/${cohort}?tab=1`);
  await expect(page.getByRole('tab', { name: 'Certifications', selected: true })).toBeVisible();
  await expect(page.getByText('In progress')).toBeVisible();
  await expect(page.getByRole('list', { name: `Still needed for ${CERTIFICATE}` })).toContainText('Complete every lesson (0% done)');
  await page.getByRole('tab', { name: 'Learn' }).click();
  await page.getByRole('button', { name: `Show lessons of ${COURSE}` }).click();
  await page.getByRole('link', { name: `Start: ${LESSON}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByRole('button', { name: 'Completed' })).toBeDisabled();

  // The job issues it: the tab shows the issue date with View and Download.
  await expect
    .poll(
      async () => {
        await page.goto(`/class/${cohort}?tab=1`);
        await page.waitForLoadState('networkidle');
        return page.getByText(/^Issued on /).count();
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(1);
  await expect(page.getByRole('link', { name: `Download ${CERTIFICATE}` })).toBeVisible();

  const list = await (await request.get(`/api/cohorts/admin/${cohort}/issued-certificates`, { headers: admin })).json();
  expect(list.count).toBe(1);
  const credential = list.data[0].credential_id as string;

  // The Open Badge downloads from the tab as JSON: the VC 2.0 enveloped credential holding this credential's VC-JWT.
  const badgeDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download the Open Badge of ${CERTIFICATE} (JSON)` }).click();
  const badgeFile = JSON.parse(await readFile((await (await badgeDownload).path())!, 'utf8'));
  expect(badgeFile).toMatchObject({ '@context': 'https://www.w3.org/ns/credentials/v2', type: 'EnvelopedVerifiableCredential' });
  const badgeVc = JSON.parse(Buffer.from(badgeFile.id.replace(/^data:application\/vc\+jwt,/, '').split('.')[1], 'base64url').toString());
  expect(badgeVc.id).toMatch(new RegExp(`/verify/${credential}$`));
  expect(badgeVc.credentialSubject.achievement.name).toBe(CERTIFICATE);

  // The PDF the tab downloads carries a QR code; scanned, it opens this credential's verification page.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download ${CERTIFICATE}` }).click();
  const scanned = await scanPdfQrCodes(await readFile((await (await downloaded).path())!));
  expect(scanned).toHaveLength(1);
  expect(new URL(scanned[0]).pathname).toBe(`/verify/${credential}`);

  // Anyone can verify it, signed out, on a phone.
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await visitor.goto(new URL(scanned[0]).pathname);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeVisible();
  await expect(visitor.getByText('Valid.')).toBeVisible();
  await expect(visitor.getByText(`${student.first_name} Tester`)).toBeVisible();
  await expect(visitor.getByText(CERTIFICATE)).toBeVisible();
  await expect(visitor.getByText(student.email)).toHaveCount(0);
  // Nothing, not even the 32-character credential id, runs wider than the 360 px screen.
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(visitor);

  // The admin revokes it from the cohort's Certifications tab.
  const console = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAsAdmin(console);
  await console.goto(`/admin/cohorts/${cohort}?tab=3`);
  await expect(console.getByRole('heading', { name: 'Issued certificates' })).toBeVisible();
  await expect(console.getByRole('button', { name: `Revoke ${credential}` })).toBeVisible();
  await expectAccessible(console);
  await console.getByRole('button', { name: `Revoke ${credential}` }).click();
  const dialog = console.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Issued in error');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(notice(console, 'Certificate revoked.')).toBeVisible();
  await console.getByLabel('State').selectOption('REVOKED');
  await expect(console.getByText('Issued in error')).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByText('Revoked.')).toBeVisible();
  await expect(visitor.getByText(/This certificate was revoked on \d{1,2} \w+ \d{4}/)).toBeVisible();
  await expectAccessible(visitor);

  // The student's Certifications tab says it was revoked and no longer offers the file or the Open Badge.
  await page.goto(`/class/${cohort}?tab=1`);
  const certificates = page.getByRole('list', { name: 'Certificates' });
  await expect(certificates.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(certificates.getByText(/^Issued on /)).toHaveCount(0);
  await expect(certificates.getByRole('link')).toHaveCount(0);

  // Reissued from the revoked row: a new credential, valid, while the old one stays revoked; the export lists both.
  await console.getByRole('button', { name: `Reissue ${credential}` }).click();
  const reissue = console.getByRole('dialog');
  await reissue.getByLabel('Reason').fill('Appeal upheld');
  await reissue.getByRole('button', { name: 'Reissue' }).click();
  await expect(notice(console, 'Certificate reissued.')).toBeVisible();
  await console.getByLabel('State').selectOption('ISSUED');
  await expect(console.getByText('Appeal upheld')).toBeVisible();
  const issuedNow = await (await request.get(`/api/cohorts/admin/${cohort}/issued-certificates?state=ISSUED`, { headers: admin })).json();
  expect(issuedNow.count).toBe(1);
  const reissued = issuedNow.data[0].credential_id as string;
  expect(reissued).not.toBe(credential);
  await console.getByLabel('State').selectOption('');
  const exported = console.waitForEvent('download');
  await console.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await exported).path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toContain('Credential ID');
  expect(csv).toContain(`"${reissued}","ISSUED"`);
  expect(csv).toContain(`"${credential}","REVOKED"`);

  await visitor.reload();
  await expect(visitor.getByText('Revoked.')).toBeVisible();
  // The student's tab offers the reissued certificate again.
  await page.reload();
  await expect(certificates.getByText(/^Issued on /)).toBeVisible();
  await expect(certificates.getByRole('link', { name: `Download ${CERTIFICATE}` })).toBeVisible();
  await visitor.goto(`/verify/${reissued}`);
  await expect(visitor.getByText('Valid.')).toBeVisible();

  await visitor.goto('/verify/ffffffffffffffffffffffffffffffff');
  await expect(visitor.getByText('Unknown credential.')).toBeVisible();
});
