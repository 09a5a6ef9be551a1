import { type Browser, expect, type Page, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { createCohortThroughApi, localDateTime, signInAt } from '../support/cohort-setup';
import { expectAccessible } from '../support/learn';
import { expectFits } from '../support/fit';

const tag = Date.now().toString(36);
const EMAIL = `admitted.${tag}@example.com`;
const NAME = `Aisyah Rahman ${tag}`;
const COHORT = `Admitted Cohort ${tag}`;
const INTAKE = 'youth-programme-2027';
const PASSWORD = 'Admitted#Wafer5512';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** The applicant fills in and sends the youth programme's form, on a phone. */
async function applyThroughTheForm(page: Page) {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/apply/${INTAKE}/application?course=Analog%20Design`);
  const select = (label: string, value: string) => page.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  const fill = (label: string, value: string) => page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await fill('Full name', NAME);
  await fill('Email', EMAIL);
  await select('Age', '24');
  await select('Gender', 'Female');
  await select('Birth date', '9');
  await select('Birth month', 'May');
  await select('Birth year', '2001');
  await select('Ethnicity', 'Malay');
  await select('Marital status', 'Single');
  await fill('Full address', '8 Jalan Sains, Bayan Lepas');
  await select('State', 'PENANG');
  await fill('City', 'Bayan Lepas');
  await fill('Postcode', '11900');
  await fill('LinkedIn profile', 'https://www.linkedin.com/in/aisyah-rahman');
  await fill('Phone number', '0123456789');
  await select('Highest qualification', 'Degree');
  await fill('University name', 'Universiti Sains Malaysia');
  await fill('Degree title', 'Bachelor of Engineering (Electronics)');
  await select('Country of study', 'Malaysia');
  await select('Field of study', 'Electrical & Electronic Engineering');
  await select('Qualification type', 'Bachelor of Engineering (Electronics)');
  await fill('Academic result (CGPA or class)', 'CGPA 3.60');
  await select('Graduation year', '2025');
  await select('English qualification', 'IB English');
  await select('English score', '6');
  await select('Previous employment', 'None');
  await select('Previous leadership', 'Student bodies or clubs');
  for (const question of [/Malaysian citizen/, /take part/, /laptop/, /relocate/])
    await page.getByRole('group', { name: question }).getByLabel('Yes').check();
  await page.getByLabel('Resume').setInputFiles({ name: 'aisyah-cv.pdf', mimeType: 'application/pdf', buffer: pdf('resume') });
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/\/apply\/thank-you$/);
  await expect(page.getByText('A confirmation email is on its way')).toBeVisible();
}

/** The intake's rubric, written in the editor unless an earlier run of this test saved it. */
async function ensureRubric(admin: Page) {
  await admin.goto(`/admin/applications/rubric?intake=${INTAKE}`);
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(admin.getByRole('checkbox', { name: 'Blind review (recommended)' })).toBeChecked();
  if (!(await admin.getByText('This intake has no rubric yet').isVisible())) return;
  // The group is named after its title, which changes as it is typed.
  const criterion = admin.getByRole('group', { name: /^1\. / }).first();
  await criterion.getByLabel(/^Title/).fill('Motivation');
  await criterion.getByLabel(/^Weight/).fill('2');
  for (const [i, text] of ['No reason given', 'Vague', 'Clear', 'Strong', 'Outstanding'].entries())
    await criterion.getByLabel(new RegExp(`^Level ${i + 1}`)).fill(text);
  await admin.getByRole('button', { name: 'Save rubric' }).click();
  await expect(notice(admin, 'Rubric saved')).toBeVisible();
}

/** The first message to the applicant whose subject says `subject`, opened in the development mailbox: its text. */
async function mailText(browser: Browser, subject: string): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: 'Mailbox' }).click();
    // Searched by address: a busy run's later mail cannot push it off the newest 200.
    await admin.getByLabel('Search messages').fill(EMAIL);
    const item = admin
      .getByRole('list', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: `To ${EMAIL}` })
      .filter({ hasText: subject });
    // Mail goes out at a capped rate (WORKERS/2 a second): a bulk add in a parallel test can queue a minute of it first.
    await expect(item).toHaveCount(1, { timeout: 90_000 });
    await item.click();
    const message = admin.getByRole('region', { name: 'Message' });
    await message.getByRole('button', { name: 'Text' }).click();
    return await message.locator('pre').innerText();
  } finally {
    await context.close();
  }
}

const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

/** A reviewer signs in, finds the application in their queue, sees it blind, scores it and then sees who applied. */
async function reviewBlind(browser: Browser, reviewer: { email: string; password: string }, applicationId: string, comment: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInAt(page, reviewer.email, reviewer.password, /\/instructor/);
    await page.getByRole('link', { name: 'Reviews' }).first().click();
    await expect(page).toHaveURL(/\/instructor\/reviews/);
    await page.getByRole('link', { name: `Application ${applicationId.slice(0, 8).toUpperCase()}` }).click();
    // Asked first, naming the applicant on this question only: no conflict of interest opens the review.
    await page
      .getByRole('group', { name: `Do you have a conflict of interest with ${NAME}?` })
      .getByRole('radio', { name: 'No, I have no conflict of interest' })
      .check();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Analog Design').first()).toBeVisible();
    await expect(page.getByText('Hidden until you submit your scores').first()).toBeVisible();
    await expect(page.getByText(NAME)).toHaveCount(0);
    await expect(page.getByText(EMAIL)).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Score the application' });
    const criteria = form.getByRole('group');
    for (let i = 0; i < (await criteria.count()); i++) await criteria.nth(i).getByRole('radio', { name: /^4 / }).check();
    await form.getByLabel('Comment').fill(comment);
    await form.getByRole('button', { name: 'Submit scores' }).click();
    // Scored: who applied is shown now, and the scores are final (no way to change them after seeing who applied).
    await expect(page.getByText(NAME).first()).toBeVisible();
    await expect(page.getByText('Hidden until you submit your scores')).toHaveCount(0);
    await expect(page.getByText(FINAL_TEXT)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Score again' })).toHaveCount(0);
  } finally {
    await context.close();
  }
}

const FINAL_TEXT = 'Your scores for this application are submitted and final. An admin can reopen them if they need to change.';

/** The reviewer whose score an admin reopened scores the application again (5 on every criterion). */
async function scoreAgain(browser: Browser, reviewer: { email: string; password: string }, applicationId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInAt(page, reviewer.email, reviewer.password, /\/instructor/);
    await page.goto(`/instructor/reviews/${applicationId}`);
    await expect(page.getByText('An admin reopened your scores')).toBeVisible();
    await page.getByRole('button', { name: 'Score again' }).click();
    const form = page.getByRole('form', { name: 'Score the application' });
    const criteria = form.getByRole('group');
    for (let i = 0; i < (await criteria.count()); i++) await criteria.nth(i).getByRole('radio', { name: /^5 / }).check();
    await form.getByRole('button', { name: 'Submit scores' }).click();
    await expect(page.getByText(FINAL_TEXT)).toBeVisible();
  } finally {
    await context.close();
  }
}

test('an applicant is screened, reviewed blind by two reviewers, offered a place, accepts it from the email and lands in the class', async ({
  page,
  browser,
}) => {
  // Each reviewer also answers the conflict-of-interest question now: a longer walk on a busy machine.
  test.setTimeout(480_000);
  await applyThroughTheForm(page);
  const confirmation = await mailText(browser, 'We have received your application');
  const statusLink = /https?:\/\/\S+\/applications\/[0-9a-f]+\?token=[A-Za-z0-9_-]+/.exec(confirmation)?.[0];
  if (!statusLink) throw new Error(`no private link in: ${confirmation}`);
  const applicationId = /\/applications\/([0-9a-f]+)/.exec(statusLink)![1];

  // The applicant's private link shows the state, in their words.
  await page.goto(pathOf(statusLink));
  await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
  await expect(page.getByText('Application received.')).toBeVisible();
  await expectAccessible(page);

  // The admin screens it as eligible from the pipeline.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const cohortId = await createCohortThroughApi(admin, COHORT);
  await ensureRubric(admin);
  await admin.goto('/admin/applications');
  await admin.getByRole('searchbox').fill(EMAIL);
  await admin.getByRole('link', { name: NAME }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/applications/${applicationId}$`));
  await admin.getByRole('radio', { name: 'Eligible', exact: true }).check();
  await admin.getByRole('button', { name: 'Confirm screening' }).click();
  await expect(admin.getByText('Screened').first()).toBeVisible();

  // Two instructors are assigned from the list, in one bulk action.
  const reviewers = [await createAccount('INSTRUCTOR', 'Farid'), await createAccount('INSTRUCTOR', 'Mei')];
  await admin.goto('/admin/applications');
  await admin.getByRole('searchbox').fill(EMAIL);
  // The selection belongs to the rows shown: select once the search has narrowed them.
  await expect(admin.getByText('1 result')).toBeVisible();
  await admin.getByRole('checkbox', { name: `Select ${NAME}` }).check();
  await admin.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Assign reviewers' }).click();
  const assign = admin.getByRole('dialog', { name: 'Assign reviewers' });
  for (const r of reviewers) {
    await assign.getByLabel('Search staff').fill(r.email);
    await assign.getByRole('checkbox', { name: new RegExp(r.email.replace(/[.+]/g, '\\$&')) }).check();
  }
  await assign.getByRole('button', { name: 'Assign reviewers' }).click();
  await expect(assign).toBeHidden();
  await expect(admin.getByRole('row').filter({ hasText: NAME })).toContainText('In review');

  // Each reviewer scores it without seeing who applied.
  await reviewBlind(browser, reviewers[0], applicationId, 'Clear motivation for analog design.');
  await reviewBlind(browser, reviewers[1], applicationId, 'Strong results; good fit.');

  // The admin reopens the first reviewer's score with the reason (on a phone-sized screen); they score again.
  await admin.setViewportSize({ width: 360, height: 800 });
  await admin.goto(`/admin/applications/${applicationId}`);
  const scoresRegion = admin.getByRole('region', { name: 'Reviewers and scores' });
  await scoresRegion.getByRole('button', { name: /^Reopen score of Farid/ }).click();
  const reopenDialog = admin.getByRole('dialog', { name: 'Reopen score' });
  await reopenDialog.getByLabel('Reason').fill('Scored before the rubric was explained.');
  await expectAccessible(admin);
  await reopenDialog.getByRole('button', { name: 'Reopen' }).click();
  await expect(admin.locator('.ui-notices').getByText(/is reopened: they may score this application again\./)).toBeVisible();
  await scoreAgain(browser, reviewers[0], applicationId);
  await admin.reload();
  const changes = admin.getByRole('list', { name: 'Reopened and changed scores' });
  await expect(changes).toContainText('Scored before the rubric was explained.');
  await expect(changes).toContainText('changed their score from 4.00 to 5.00');
  // The audit log names where the application was seen, in words: the list's search showed it.
  await expect(admin.getByRole('region', { name: 'Audit log' })).toContainText('Admissions list search');
  await expectAccessible(admin);
  await admin.setViewportSize({ width: 1280, height: 800 });

  // The ranking shows the application with its mean; the admin offers it a place in the cohort.
  await admin.goto(`/admin/applications/ranking?intake=${INTAKE}`);
  const row = admin.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('2 of 2');
  // The ranked table fits the 1280 px screen, nothing cut, and names the application by its short reference.
  await expectFits(admin, 'the ranking');
  await expect(row).toContainText(`Ref. ${applicationId.slice(0, 8).toUpperCase()}`);
  // The cohort takes one Analog Design applicant of this intake: the admin sets its seats.
  const seats = admin.getByRole('form', { name: "Set a cohort's seats" });
  const seatsCohort = await seats.getByLabel('Cohort').locator('option', { hasText: COHORT }).getAttribute('value');
  await seats.getByLabel('Cohort').selectOption(seatsCohort!);
  await seats.getByLabel('Track').selectOption('Analog Design');
  await seats.getByLabel('Seats').fill('1');
  await seats.getByRole('button', { name: 'Save seats' }).click();
  await expect(admin.getByRole('row').filter({ hasText: COHORT })).toContainText('Analog Design');
  await row.getByRole('checkbox', { name: `Select ${NAME}` }).check();
  await admin.getByRole('button', { name: 'Offer', exact: true }).click();
  const offer = admin.getByRole('dialog');
  const cohortValue = await offer.getByLabel('Cohort').locator('option', { hasText: COHORT }).getAttribute('value');
  await offer.getByLabel('Cohort').selectOption(cohortValue!);
  await offer.getByLabel('Accept by').fill(localDateTime(7));
  await offer.getByLabel('Reason').fill('Top of the ranking.');
  await offer.getByRole('button', { name: 'Confirm' }).click();
  await expect(offer).toBeHidden();

  // The offer arrives by email; its private link accepts the place.
  const offerMail = await mailText(browser, 'An offer of a place');
  expect(offerMail).toContain(COHORT);
  const offerLink = /https?:\/\/\S+\/applications\/[0-9a-f]+\?token=[A-Za-z0-9_-]+/.exec(offerMail)?.[0];
  if (!offerLink) throw new Error(`no private link in: ${offerMail}`);
  await page.goto(pathOf(offerLink));
  await expect(page.getByText('Place offered.')).toBeVisible();
  await expect(page.getByText(COHORT)).toBeVisible();
  // The accept-by moment in Malaysia time, as the mail writes it, on the phone.
  const acceptBy = /Please accept or decline by (.+?\(Malaysia time\))/.exec(offerMail.replace(/\s+/g, ' '))?.[1];
  expect(acceptBy).toBeTruthy();
  await expect(page.getByText(acceptBy!)).toBeVisible();
  await expectFits(page, 'the offer at 360 px');
  await page.getByRole('button', { name: 'Accept my place' }).click();
  await expect(page.getByText('Check your email: we sent a link to create your account and join your class.')).toBeVisible();
  await expect(page.getByText('Offer accepted.')).toBeVisible();

  // A wrong token shows nothing of the application.
  await page.goto(pathOf(offerLink).replace(/token=.*/, `token=${'x'.repeat(43)}`));
  await expect(page.getByText('This link is not valid. Use the link in your confirmation email.')).toBeVisible();
  await expect(page.getByText(COHORT)).toHaveCount(0);

  // The invitation to create the account: the new student lands in the cohort's class.
  const invitation = await mailText(browser, `You are invited to join ${COHORT}`);
  const signUp = /https?:\/\/\S+\/create-account\?invite=[A-Za-z0-9_-]+/.exec(invitation)?.[0];
  if (!signUp) throw new Error(`no invitation link in: ${invitation}`);
  await page.goto(pathOf(signUp));
  await expect(page.getByLabel('Email')).toHaveValue(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(new RegExp(`/class/${cohortId}`), { timeout: 30_000 });
  await expect(page.getByText(COHORT).first()).toBeVisible();

  // The admin sees the application enrolled, with every move in its timeline.
  await admin.goto(`/admin/applications/${applicationId}`);
  const timeline = admin.getByRole('region', { name: 'Timeline' });
  for (const state of ['Submitted', 'Screened', 'In review', 'Offered', 'Accepted', 'Enrolled'])
    await expect(timeline).toContainText(state);
  await adminContext.close();
});
