import { readFileSync, writeFileSync } from 'node:fs';
import { expect, type Browser, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { adminCall, signInAsAdmin } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const HOST = `Penang Fab ${tag}`;
const SUPERVISOR = `lim.${tag}@example.com`;

/** The supervisor's review link, read from the mail in the development mailbox (as an admin). */
async function mailedLink(browser: Browser, subject: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: 'Mailbox' }).click();
    // Searched by address: a busy run's later mail cannot push it off the newest 200.
    await admin.getByLabel('Search messages').fill(SUPERVISOR);
    const item = admin
      .getByRole('list', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: `To ${SUPERVISOR}` })
      .filter({ hasText: subject });
    // Mail goes out at a capped rate: a bulk add in a parallel test can queue a minute of it first.
    await expect(item).toHaveCount(1, { timeout: 90_000 });
    await item.click();
    const message = admin.getByRole('region', { name: 'Message' });
    await message.getByRole('button', { name: 'Text' }).click();
    const text = await message.locator('pre').innerText();
    const link = /https?:\/\/\S+\/supervisor\/reviews\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (!link) throw new Error(`no review link in: ${text}`);
    return new URL(link).pathname;
  } finally {
    await context.close();
  }
}

test('the week-4 review is signed by the trainee on a phone, the supervisor from the mailed link on a phone and the coach, and its PDF verifies at its URL', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(300_000);
  const trainee = await createAccount('STUDENT', `Rev${tag}`);
  const coach = await createAccount('INSTRUCTOR', `Coach${tag}`);
  const name = `Rev${tag} Tester`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);

  // A cohort 150 days in: its 119-day Online phase is over and OJT is in its fifth week, so the week-4 review is due.
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const courses = await adminCall<{ data: { id_slug: string }[] }>(page, 'GET', 'courses/admin/list?page=1&page_size=1');
  const { id_slug: cohort } = await adminCall<{ id_slug: string }>(page, 'POST', 'cohorts/admin/create/', {
    title: `OJT Review Cohort ${tag}`,
    start_date: days(-150),
    end_date: days(200),
    end_access_date: days(300),
    result_open_date: null,
    course_ids: [courses.data[0].id_slug],
  });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/add-student`, { email: trainee.email });
  await adminCall(page, 'POST', 'host-companies/admin', { name: HOST, registration_number: `PF-${tag}`, sites: [{ name: 'Bayan Lepas' }] });
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/placements/csv`, {
    csv: [
      'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email',
      `${trainee.email},PF-${tag},Bayan Lepas,Encik Lim,${SUPERVISOR},+60 4-555 1234,40,${coach.email}`,
    ].join('\n'),
  });
  const placed = await adminCall<{ data: { trainee: { id_slug: string } }[] }>(page, 'GET', `cohorts/admin/${cohort}/placements`);
  const traineeSlug = placed.data[0].trainee.id_slug;
  // The coach follows the trainee (the console's trainee page is a cohort coach's), as on the Coaches tab.
  const staff = await adminCall<{ data: { id_slug: string }[] }>(
    page,
    'GET',
    `cohorts/admin/${cohort}/coaches/candidates?search_query=${encodeURIComponent(coach.email)}`,
  );
  await adminCall(page, 'POST', `cohorts/admin/${cohort}/coaches`, {
    user_id_slug: staff.data[0].id_slug,
    trainee_id_slugs: [traineeSlug],
  });

  // The trainee, on a 360 px phone: the logbook's Reviews list, then the week-4 review's section, signed.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const student = await phone.newPage();
  await signInAt(student, trainee.email, trainee.password, /\/student$/);
  await student
    .getByRole('article', { name: `Placement with ${HOST}` })
    .getByRole('link', { name: 'Open logbook' })
    .click();
  const list = student.getByRole('list', { name: 'Reviews' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').first()).toContainText('Overdue');
  await expectFits(student, 'the logbook with its reviews');
  await expectAccessible(student);
  await list.getByRole('link', { name: '4-week review' }).click();
  await expect(student.getByRole('heading', { level: 1, name: '4-week review' })).toBeVisible();
  await student.getByLabel('Progress').fill('Ran the wet bench alone from week 3 and logged particle counts each shift');
  await student.getByLabel('Wafer Fab Process Engineer').check();
  await student.getByLabel('Goals').fill('Take over the weekly tool qualification by week 8');
  await expectFits(student, "the trainee's review form");
  await expectAccessible(student);
  await student.getByRole('button', { name: 'Sign my section' }).click();
  await expect(student.getByText(`Signed by ${name},`)).toBeVisible();
  await expect(student.getByRole('button', { name: 'Sign my section' })).toHaveCount(0);

  // The supervisor opens the mailed link on a phone, without an account: rates, comments and signs.
  const link = await mailedLink(browser, `Please complete ${name}'s week 4 review`);
  const supervisorPhone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const supervisor = await supervisorPhone.newPage();
  await supervisor.goto(link);
  await expect(supervisor.getByRole('heading', { level: 1, name: 'Week 4 review' })).toBeVisible();
  await expect(supervisor.getByText('Take over the weekly tool qualification by week 8')).toBeVisible();
  await supervisor.getByLabel('Meets expectations').check();
  await supervisor.getByLabel('Your comments').fill('Careful and punctual; asks good questions');
  await expectFits(supervisor, "the supervisor's review page");
  await expectAccessible(supervisor);
  await supervisor.getByRole('button', { name: 'Sign the review' }).click();
  await expect(supervisor.getByText('Thank you: your section is signed.')).toBeVisible();
  await expect(supervisor.getByText('Signed by Encik Lim,')).toBeVisible();
  await supervisorPhone.close();

  // The coach, on the trainee's page: their section, signed; the review freezes.
  const coachContext = await browser.newContext({ acceptDownloads: true });
  const coachPage = await coachContext.newPage();
  await signInAt(coachPage, coach.email, coach.password, /\/instructor$/);
  await coachPage.goto(`/instructor/trainees/${cohort}/${traineeSlug}`);
  const review = coachPage.getByRole('article', { name: 'Week 4 review' });
  await review.getByLabel('Coach’s comments').fill('On track against the logbook');
  await review.getByLabel('Actions').fill('Book the SPC short course before week 8');
  await expectAccessible(coachPage);
  await review.getByRole('button', { name: 'Sign the coach’s section' }).click();
  await expect(review.getByText('Signed by all')).toBeVisible();

  // The PDF, downloaded by the coach, verifies at its URL; an altered copy does not.
  const [download] = await Promise.all([
    coachPage.waitForEvent('download'),
    review.getByRole('button', { name: 'Download the week 4 PDF' }).click(),
  ]);
  const file = info.outputPath('review.pdf');
  await download.saveAs(file);
  await review.getByRole('link', { name: 'Verify the PDF' }).click();
  await expect(coachPage).toHaveURL(/\/verify\/reviews\/[^/]+\/[0-9a-f]{64}$/);
  await expect(coachPage.getByText('Genuine.')).toBeVisible();
  await expect(coachPage.getByText(name, { exact: true })).toBeVisible();
  await expect(coachPage.getByText(HOST, { exact: true })).toBeVisible();
  await expect(coachPage.getByText('OJT week 4')).toBeVisible();
  await expect(coachPage.getByText(/^Encik Lim,/)).toBeVisible();
  await expectAccessible(coachPage);
  await coachPage.getByLabel('Check a PDF file').setInputFiles(file);
  await expect(coachPage.getByText('Genuine.')).toBeVisible();
  const altered = readFileSync(file);
  altered[altered.length - 20] ^= 1;
  writeFileSync(info.outputPath('altered.pdf'), altered);
  await coachPage.getByLabel('Check a PDF file').setInputFiles(info.outputPath('altered.pdf'));
  await expect(coachPage.getByText('Not genuine.')).toBeVisible();

  // The trainee sees it signed by all, and the cohort's Placements tab counts it complete.
  await student.reload();
  await expect(student.getByText('Signed by all three.')).toBeVisible();
  await expect(student.getByRole('link', { name: 'Verify the PDF' })).toBeVisible();
  await phone.close();
  await page.goto(`/admin/cohorts/${cohort}?tab=9`);
  await expect(page.getByText('1 signed by all, 0 overdue')).toBeVisible();
  await coachContext.close();
});
