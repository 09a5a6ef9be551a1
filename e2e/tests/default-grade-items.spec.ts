import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { signInAsAdmin } from '../support/admin';
import { assignInstructor, createTaughtCohort, localDateTime, openGradeItems } from '../support/cohort-setup';
import { expectAccessible, signInAsStudent } from '../support/learn';

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const tag = Date.now().toString(36);
const COURSE = `Packaging Basics ${tag}`;
const RUNNING = `Packaging Running ${tag}`;
const LATER = `Packaging Later ${tag}`;
const PROJECT = 'Project: a wire-bond plan';

/** A cohort on COURSE that starts in three days, the student added; nothing set on its grade items. */
async function createLaterCohort(admin: Page, instructorEmail: string, studentEmail: string, studentName: string) {
  await admin.goto('/admin/create/cohort');
  await admin.getByLabel('Cohort title').fill(LATER);
  await admin.getByLabel('Start date').fill(localDateTime(3));
  await admin.getByLabel(/^End date/).fill(localDateTime(60));
  await admin.getByLabel('End of access date').fill(localDateTime(90));
  await admin.getByRole('button', { name: `Add ${COURSE}` }).click();
  await admin.getByRole('button', { name: 'Create cohort' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: LATER })).toBeVisible();
  const id = /\/admin\/cohorts\/([^/?]+)/.exec(admin.url())![1];
  await assignInstructor(admin, instructorEmail);
  await admin.getByRole('tab', { name: 'Students' }).click();
  await admin.getByRole('link', { name: 'Add students' }).click();
  const individual = admin.getByRole('region', { name: 'Students not in the cohort' });
  await individual.getByRole('searchbox').fill(studentEmail);
  await individual.getByRole('button', { name: `Add ${studentName}` }).click();
  await expect(admin.getByText('Success! Student is added to the cohort!')).toBeVisible();
  return id;
}

test('a project in a new cohort is open to its student without anyone setting a grade item; in a later cohort the student reads when it opens', async ({
  browser,
}) => {
  const student = await createAccount('STUDENT', `Nadia${tag}`);
  const instructor = await createAccount('INSTRUCTOR', `Omar${tag}`);
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();

  // The admin builds a course with a project lesson and runs two cohorts of it; the Grade items tab is never edited.
  await signInAsAdmin(admin);
  await admin.getByRole('link', { name: 'Create course' }).click();
  await admin.getByLabel('Course title').fill(COURSE);
  await admin.getByRole('button', { name: 'Create course' }).click();
  await expect(admin).toHaveURL(/\?tab=1$/);
  await admin.getByLabel('Module title').fill('Assembly');
  await admin.getByRole('button', { name: 'Add module' }).click();
  await admin.getByRole('button', { name: 'Add lesson to Assembly' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add a lesson to Assembly' });
  await dialog.getByRole('tab', { name: 'Project submission' }).click();
  await dialog.getByLabel('Lesson title').fill(PROJECT);
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await admin.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(admin.getByRole('button', { name: 'Save curriculum' })).toBeDisabled();

  const studentName = `Nadia${tag} Tester`;
  await createTaughtCohort(admin, {
    title: RUNNING,
    course: COURSE,
    instructorEmail: instructor.email,
    studentEmail: student.email,
    studentName,
  });
  const laterId = await createLaterCohort(admin, instructor.email, student.email, studentName);

  // The Grade items tab lists the item made for the project, with the cohort's dates and all the weight.
  await openGradeItems(admin, RUNNING);
  const row = admin.getByRole('listitem').filter({ hasText: PROJECT });
  await expect(row).toContainText("weight 100% · Mandatory · set by default (the cohort's dates, an even share of the weight)");
  await expectAccessible(admin);

  // The student starts the project in the running cohort at once.
  const learner = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInAsStudent(learner, student.email, student.password, student.first_name);
  // Two classes on a phone: the slider shows one at a time, so the student moves to the running one.
  const running = learner.getByRole('link', { name: RUNNING });
  await expect(async () => {
    if (!(await running.isVisible())) await learner.getByRole('button', { name: 'Next' }).click();
    await expect(running).toBeInViewport({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await running.click();
  await learner.getByRole('tab', { name: 'Grades' }).click();
  await learner.getByRole('link', { name: `Start ${PROJECT}` }).click();
  const lessonUrl = new URL(learner.url());
  await learner.getByRole('link', { name: 'Open project submission' }).click();
  await expect(learner.getByLabel('Project file (.zip)')).toBeVisible();
  await expect(learner.getByRole('button', { name: 'Upload' })).toBeVisible();

  // In the later cohort the same lesson says when it opens, with nothing to press.
  const runningId = lessonUrl.pathname.split('/')[2];
  await learner.goto(new URL(lessonUrl.pathname.replace(`/class/${runningId}/`, `/class/${laterId}/`), lessonUrl).href);
  await expect(learner.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await expect(learner.getByText(/^This project opens on .+\.$/)).toBeVisible();
  await expect(learner.getByRole('link', { name: 'Open project submission' })).toHaveCount(0);
  await expectAccessible(learner);
});
