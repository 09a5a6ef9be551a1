import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { createTaughtCohort, localDateTime, openGradeItems, signInAt } from '../support/cohort-setup';
import { expectAccessible, signInAsStudent } from '../support/learn';

test.describe.configure({ mode: 'serial' });
// Three people, each signing in, on a machine shared with other work: generous.
test.setTimeout(420_000);

const tag = Date.now().toString(36);
const COURSE = `Late Work ${tag}`;
const COHORT = `Late Work Cohort ${tag}`;
const PROJECT = 'Project: a clock divider';

test('a late policy is told before handing in, and an instructor gives a student an extension the student sees, then removes it', async ({
  browser,
}) => {
  const student = await createAccount('STUDENT', `Nurul${tag}`);
  const instructor = await createAccount('INSTRUCTOR', `Hafiz${tag}`);
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();

  // A course with a project lesson, and a cohort on it with the student and the instructor.
  await signInAsAdmin(admin);
  await admin.getByRole('link', { name: 'Create course' }).click();
  await admin.getByLabel('Course title').fill(COURSE);
  await admin.getByRole('button', { name: 'Create course' }).click();
  await expect(admin).toHaveURL(/\?tab=1$/);
  await admin.getByLabel('Module title').fill('Clocks');
  await admin.getByRole('button', { name: 'Add module' }).click();
  await admin.getByRole('button', { name: 'Add lesson to Clocks' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add a lesson to Clocks' });
  await dialog.getByRole('tab', { name: 'Project submission' }).click();
  await dialog.getByLabel('Lesson title').fill(PROJECT);
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await admin.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(admin.getByRole('button', { name: 'Save curriculum' })).toBeDisabled();
  await createTaughtCohort(admin, {
    title: COHORT,
    course: COURSE,
    instructorEmail: instructor.email,
    studentEmail: student.email,
    studentName: `Nurul${tag} Tester`,
  });

  // The deadline passed six hours ago; late hand-ins until in two days, at 10 points a day.
  await openGradeItems(admin, COHORT);
  await admin.getByRole('button', { name: `Edit ${PROJECT}` }).click();
  await admin.getByLabel('Open date').fill(localDateTime(-1));
  await admin.getByLabel('Deadline', { exact: true }).fill(localDateTime(-0.25));
  await admin.getByLabel('Late deadline').fill(localDateTime(2));
  await admin.getByLabel('Weight (%)').fill('100');
  await admin.getByLabel('Late penalty per day (%)').fill('10');
  await admin.getByRole('button', { name: 'Save grade item' }).click();
  await expect(admin.getByText(/late work −10% per day/)).toBeVisible();
  await expectAccessible(admin);

  // The student is told what handing in now costs.
  const learner = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInAsStudent(learner, student.email, student.password, student.first_name);
  await learner.getByRole('link', { name: COHORT }).click();
  await learner.getByRole('tab', { name: 'Grades' }).click();
  await learner.getByRole('link', { name: `Start ${PROJECT}` }).click();
  await learner.getByRole('link', { name: 'Open project submission' }).click();
  await expect(learner.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await expect(learner.getByText('Submitted now, this will be marked late: −10% per day')).toBeVisible();
  await expectAccessible(learner);
  const projectUrl = learner.url();

  // The cohort's instructor gives the student three more days from the item's page.
  const grader = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAt(grader, instructor.email, instructor.password, /\/instructor$/);
  await grader.getByRole('link', { name: `Grading of ${COHORT}` }).click();
  await grader.getByRole('link', { name: PROJECT }).click();
  await expect(grader.getByText('No student has an extension on this item.')).toBeVisible();
  await grader.getByRole('button', { name: 'Give an extension' }).click();
  const form = grader.getByRole('form', { name: 'Give an extension' });
  await form.getByRole('checkbox', { name: `Nurul${tag} Tester` }).check();
  await form.getByLabel('New deadline').fill(localDateTime(3));
  await form.getByLabel('Reason (optional)').fill('Hospital stay');
  await expectAccessible(grader);
  await form.getByRole('button', { name: 'Give extension' }).click();
  await expect(notice(grader, 'Extension given to 1 student.')).toBeVisible();
  const given = grader.getByRole('list', { name: 'Extensions given' });
  await expect(given).toContainText(`Nurul${tag} Tester`);
  await expect(given).toContainText(`Hospital stay · Given by Hafiz${tag}`);

  // The student now reads their own deadline, and handing in is no longer late.
  await learner.goto(projectUrl);
  await expect(learner.getByText(/^Your deadline has been extended to /)).toBeVisible();
  await expect(learner.getByText(/Submitted now, this will be marked late/)).toHaveCount(0);
  await expectAccessible(learner);

  // Removed, the item's own dates apply again.
  await grader.getByRole('button', { name: `Remove Nurul${tag} Tester's extension` }).click();
  await grader.getByRole('dialog').getByRole('button', { name: 'Remove extension' }).click();
  await expect(notice(grader, `Nurul${tag} Tester's extension was removed.`)).toBeVisible();
  await expect(grader.getByText('No student has an extension on this item.')).toBeVisible();
  await learner.goto(projectUrl);
  await expect(learner.getByText('Submitted now, this will be marked late: −10% per day')).toBeVisible();
});
