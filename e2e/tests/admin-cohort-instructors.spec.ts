import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { createCohortThroughApi, signInAt } from '../support/cohort-setup';
import { expectAccessible } from '../support/learn';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const tag = Date.now().toString(36);
const COHORT = `Packaging Cohort ${tag}`;

test("an admin adds an instructor on the cohort's Instructors tab, who then sees the cohort, and removes them, who then no longer does", async ({
  browser,
}) => {
  const instructor = await createAccount('INSTRUCTOR', `Ines${tag}`);
  const name = `Ines${tag} Tester`;
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAsAdmin(admin);
  const cohortId = await createCohortThroughApi(admin, COHORT);

  // Before: the instructor's home has no cohort.
  const teacher = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInAt(teacher, instructor.email, instructor.password, /\/instructor$/);
  await expect(teacher.getByText('You are not linked to any cohort yet.', { exact: false })).toBeVisible();

  // The admin finds the instructor by name among the staff and adds them.
  await admin.goto(`/admin/cohorts/${cohortId}`);
  await admin.getByRole('tab', { name: 'Instructors' }).click();
  await expect(admin.getByText('No one teaches this cohort yet.', { exact: false })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search staff' }).fill(`ines${tag}`);
  const candidates = admin.getByRole('list', { name: 'Staff not teaching this cohort' });
  await expect(candidates.getByRole('listitem')).toHaveCount(1);
  await expect(candidates).toContainText(`${instructor.email} · Instructor`);
  await expectAccessible(admin);
  await candidates.getByRole('button', { name: `Add ${name}` }).click();
  await expect(notice(admin, `${name} now teaches ${COHORT}.`)).toBeVisible();
  const instructors = admin.getByRole('list', { name: 'Instructors' });
  await expect(instructors.getByRole('listitem')).toHaveCount(1);
  await expect(instructors).toContainText(name);
  await expect(admin.getByText('No staff account matches your search.')).toBeVisible();

  // The instructor sees the cohort at once, and reaches its grading.
  await teacher.reload();
  await expect(teacher.getByRole('heading', { level: 2, name: COHORT })).toBeVisible();
  await expectAccessible(teacher);
  await teacher.getByRole('link', { name: `Grading of ${COHORT}` }).click();
  await expect(teacher.getByRole('heading', { level: 1 })).toContainText(COHORT);
  const gradingUrl = teacher.url();

  // At 360 px the tab still works; the admin removes the instructor after a confirmation.
  await admin.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(admin);
  await instructors.getByRole('button', { name: `Remove ${name}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Remove this instructor?' });
  await expect(confirm).toContainText(`${name} will no longer see ${COHORT} or grade its work.`);
  await confirm.getByRole('button', { name: 'Remove instructor' }).click();
  await expect(notice(admin, `${name} no longer teaches ${COHORT}.`)).toBeVisible();
  await expect(admin.getByText('No one teaches this cohort yet.', { exact: false })).toBeVisible();

  // The instructor loses the cohort on their next request.
  await teacher.goto('/instructor');
  await expect(teacher.getByText('You are not linked to any cohort yet.', { exact: false })).toBeVisible();
  await expect(teacher.getByRole('heading', { level: 2, name: COHORT })).toHaveCount(0);
  await teacher.goto(gradingUrl);
  await expect(teacher.getByText('This content is not available right now.')).toBeVisible();
});
