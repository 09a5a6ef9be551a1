import { expect, type Page, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { adminCall, signInAsAdmin } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const REG = `SV-${tag}`;
const SUPERVISOR = `rahman.signoff.${tag}@example.com`;

/** The sign-off link mailed to the supervisor for `week`, read from the development mailbox (path and query). */
async function mailedLink(admin: Page, week: number): Promise<string> {
  const subject = `logbook for week ${week}`;
  let id: string | undefined;
  // Mail goes out at a capped rate: a bulk add in a parallel test can queue a minute of it first.
  await expect
    .poll(
      async () => {
        const list = await adminCall<{ results: { id: string; to: string; subject: string }[] }>(
          admin,
          'GET',
          `admin/mailbox?search_query=${encodeURIComponent(SUPERVISOR)}`,
        );
        id = list.results.find((m) => m.to.includes(SUPERVISOR) && m.subject.endsWith(subject))?.id;
        return id;
      },
      { timeout: 90_000 },
    )
    .toBeTruthy();
  const { text } = await adminCall<{ text: string }>(admin, 'GET', `admin/mailbox/${id}`);
  const link = /https?:\/\/\S+\/supervisor\/week\?token=[A-Za-z0-9_-]+/.exec(text)![0];
  return new URL(link).pathname + new URL(link).search;
}

const SHIFT_LOG = { name: 'shift-log.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };

/** Logs one day of `week` (with a file, when given) and submits it, on the trainee's phone. */
async function logWeek(student: Page, week: number, file?: typeof SHIFT_LOG) {
  await student.getByRole('link', { name: `Week ${week}`, exact: true }).click();
  await expect(student.getByRole('heading', { level: 1, name: `Week ${week}` })).toBeVisible();
  await student
    .getByLabel(/^Hours on /)
    .first()
    .fill('8');
  await student
    .getByLabel(/^Tasks on /)
    .first()
    .fill(`Week ${week}: loaded cassettes on the wet bench`);
  await student
    .getByLabel(/^Job role on /)
    .first()
    .selectOption('Wafer Fab Process Engineer');
  await student
    .getByLabel(/^Evidence on /)
    .first()
    .fill('Shift log entries, initialled by the line lead');
  if (file) {
    await student.getByLabel('Add a file (PDF, JPEG or PNG)').setInputFiles(file);
    await student.getByRole('button', { name: 'Add file' }).click();
    await expect(student.getByRole('link', { name: file.name })).toBeVisible();
    await expectFits(student, 'the week with a file');
  }
  await student.getByRole('button', { name: 'Submit week' }).click();
  await expect(student.getByText('Submitted to your supervisor.')).toBeVisible();
  await student.getByRole('link', { name: '← Logbook' }).click();
}

test('a trainee submits weeks on a phone; the supervisor approves one and returns another from the mailed links on a phone; the trainee sees both', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const trainee = await createAccount('STUDENT', `Signoff${tag}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);

  // A cohort 150 days in: its 119-day Online phase is over and OJT is in its fifth week.
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const courses = await adminCall<{ data: { id_slug: string }[] }>(page, 'GET', 'courses/admin/list?page=1&page_size=1');
  const { id_slug: cohort } = await adminCall<{ id_slug: string }>(page, 'POST', 'cohorts/admin/create/', {
    title: `Signoff Cohort ${tag}`,
    start_date: days(-150),
    end_date: days(200),
    end_access_date: days(300),
    result_open_date: null,
    course_ids: [courses.data[0].id_slug],
  });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/add-student`, { email: trainee.email });
  await adminCall(page, 'POST', 'host-companies/admin', {
    name: `Signoff Fab ${tag}`,
    registration_number: REG,
    sites: [{ name: 'Fab 2' }],
  });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/placements/csv`, {
    csv: [
      'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target',
      `${trainee.email},${REG},Fab 2,Encik Rahman,${SUPERVISOR},+60 4-123 4567,40`,
    ].join('\n'),
  });

  // The trainee, on a 360 px phone, logs and submits weeks 1 and 2.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const student = await phone.newPage();
  await signInAt(student, trainee.email, trainee.password, /\/student$/);
  await student.getByRole('link', { name: 'Open logbook' }).click();
  await logWeek(student, 1, SHIFT_LOG);
  await logWeek(student, 2);

  // The supervisor opens week 1's link on their own phone, without an account, and approves it in one tap.
  const supervisorPhone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const supervisor = await supervisorPhone.newPage();
  await supervisor.goto(await mailedLink(page, 1));
  await expect(supervisor.getByRole('heading', { level: 1, name: 'Logbook sign-off' })).toBeVisible();
  await expect(supervisor.getByText(`Signoff${tag}`, { exact: false }).first()).toBeVisible();
  await expect(supervisor.getByText('Week 1: loaded cassettes on the wet bench')).toBeVisible();
  await expect(supervisor.getByText('8 of 40 hours')).toBeVisible();
  // The trainee's file opens from the supervisor's page without an account.
  const file = supervisor.getByRole('link', { name: SHIFT_LOG.name });
  expect((await supervisor.request.get((await file.getAttribute('href'))!)).status()).toBe(200);
  await expectFits(supervisor, "the supervisor's week");
  await expectAccessible(supervisor);
  await supervisor.getByRole('button', { name: 'Approve week' }).click();
  await expect(supervisor.getByText('Week 1 is signed. Thank you.')).toBeVisible();
  await expect(supervisor.getByRole('button', { name: 'Approve week' })).toHaveCount(0);
  // The link worked once: opened again, it says so.
  await supervisor.reload();
  await expect(supervisor.getByRole('alert')).toHaveText(/already been used/);
  await expectAccessible(supervisor);

  // Week 2 is returned in two taps: Return, the comment, Send.
  await supervisor.goto(await mailedLink(page, 2));
  await supervisor.getByRole('button', { name: 'Return' }).click();
  await supervisor.getByLabel('What should the trainee change?').fill('Add the particle counts of Tuesday');
  await expectFits(supervisor, 'the return form');
  await expectAccessible(supervisor);
  await supervisor.getByRole('button', { name: 'Send back to the trainee' }).click();
  await expect(supervisor.getByText(/Week 2 was returned to/)).toBeVisible();
  await supervisorPhone.close();

  // The trainee sees who signed and who returned, when and why; the returned week can be changed again.
  await student.reload();
  await expect(student.getByText(/Signed by Encik Rahman/)).toBeVisible();
  await expect(student.getByText(/Returned by Encik Rahman, .*: “Add the particle counts of Tuesday”/)).toBeVisible();
  await expectFits(student, 'the logbook with decisions');
  await student.getByRole('link', { name: 'Week 2', exact: true }).click();
  await expect(student.getByText(/Returned for changes/)).toBeVisible();
  await expect(student.getByRole('button', { name: 'Submit week' })).toBeVisible();
  await expectAccessible(student);
  await phone.close();
});
