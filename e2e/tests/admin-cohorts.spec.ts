import { expect, test, type Page } from '@playwright/test';
import { notice, signInAsAdmin } from '../support/admin';
import { localDateTime as local } from '../support/cohort-setup';
import { expectAccessible } from '../support/learn';

test.describe.configure({ mode: 'serial' });

const tag = Date.now().toString(36);
const COHORT = `Process Engineering Cohort ${tag}`;

async function openCohort(page: Page, title: string) {
  await page.goto('/admin/cohorts');
  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('an admin creates a cohort with its courses, with every validation message', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Cohorts' }).click();
  await expect(page).toHaveURL(/\/admin\/cohorts$/);
  await expect(page.getByRole('link', { name: 'Cohorts' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Create cohort' }).click();

  await page.getByRole('button', { name: 'Create cohort' }).click();
  await expect(page.getByText('Cohort title is required')).toBeVisible();
  await expect(page.getByText('Start date is required')).toBeVisible();
  await expect(page.getByText('End date is required')).toBeVisible();
  await expect(page.getByText('End of access date is required')).toBeVisible();
  await expect(notice(page, 'Please link this cohort to a course!')).toBeVisible();

  await page.getByLabel('Cohort title').fill(COHORT);
  await page.getByLabel('Start date').fill(local(10));
  await page.getByLabel(/^End date/).fill(local(5));
  await page.getByLabel('End of access date').fill(local(120));
  await page.getByRole('button', { name: 'Create cohort' }).click();
  await expect(page.getByText('End date must be after the start date')).toBeVisible();
  await page.getByLabel(/^End date/).fill(local(100));

  await page.getByRole('button', { name: 'Add Digital IC Design Fundamentals' }).click();
  await expect(page.getByRole('list', { name: 'Linked courses' }).getByText('Digital IC Design Fundamentals')).toBeVisible();
  await page.getByRole('button', { name: 'Added Digital IC Design Fundamentals' }).click();
  await expect(notice(page, 'Course already added!')).toBeVisible();
  await page.getByRole('button', { name: 'Add Analog Circuit Design Essentials' }).click();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create cohort' }).click();
  await expect(notice(page, 'Cohort created.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cohorts\/[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: COHORT })).toBeVisible();
  await page.getByRole('tab', { name: 'Courses' }).click();
  await expect(page.getByRole('list', { name: 'Linked courses' }).getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page);

  // Without students, a course can be unlinked (after a confirmation).
  await page.getByRole('button', { name: 'Unlink Analog Circuit Design Essentials' }).click();
  await page.getByRole('dialog', { name: 'Unlink this course?' }).getByRole('button', { name: 'Unlink course' }).click();
  await expect(notice(page, 'Course unlinked: Analog Circuit Design Essentials.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Linked courses' }).getByRole('listitem')).toHaveCount(1);

  // Details: Save only when something changed.
  await page.getByRole('tab', { name: 'Details' }).click();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page.getByLabel('Results open date').fill(local(110));
  await expect(save).toBeEnabled();
  await save.click();
  await expect(notice(page, 'Cohort updated.')).toBeVisible();
  await expect(save).toBeDisabled();
});

test('an admin bulk-adds a CSV, adds one student, suspends and removes students', async ({ page }) => {
  await signInAsAdmin(page);
  await openCohort(page, COHORT);
  await page.getByRole('tab', { name: 'Students' }).click();
  await expect(page.getByText('No students in this cohort yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Add students' }).click();
  await expect(page).toHaveURL(/\/add-student\?title=/);
  await expect(page.getByRole('heading', { level: 1, name: `Add students to ${COHORT}` })).toBeVisible();

  // A header with no rows is refused before any call.
  const file = page.getByLabel('CSV file', { exact: true });
  await file.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('Email,First name,Last name\n') });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(notice(page, 'There are no students uploaded! Please try again...')).toBeVisible();

  const csv = [
    'First name,Last name,Email',
    'Aisyah,Rahman,student@example.com',
    `Nurul,Huda,nurul.${tag}@example.com`,
    `Nurul,Again,NURUL.${tag}@example.com`,
    'Broken,Row,not-an-email',
  ].join('\n');
  await file.setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload' }).click();
  const summary = page.getByRole('region', { name: 'Upload summary' });
  await expect(summary).toBeVisible();
  const stat = (label: string) => summary.locator('.admin-stat', { hasText: label }).locator('dd');
  await expect(stat('Rows processed')).toHaveText('4');
  await expect(stat('Added to the cohort')).toHaveText('1');
  await expect(stat('Added to the queue')).toHaveText('1');
  await expect(stat('Errors')).toHaveText('2');
  await expect(
    notice(page, 'Students uploaded: 1 student added to the cohort, 1 person queued until they sign up, 2 rows not added.'),
  ).toBeVisible();
  await expect(summary.getByRole('cell', { name: `nurul.${tag}@example.com` }).first()).toBeVisible();
  await expect(summary.getByRole('cell', { name: 'Invalid email format' })).toBeVisible();
  await expect(summary.getByRole('cell', { name: 'This email appears more than once in the file' })).toBeVisible();
  await expectAccessible(page);

  // The same file again: everyone is already there.
  await file.setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(stat('Already in the cohort')).toHaveText('1');
  await expect(stat('Already in the queue')).toHaveText('1');
  await expect(notice(page, 'Students uploaded: 0 students added to the cohort, 2 already there, 2 rows not added.')).toBeVisible();

  // One student from the list of those not in the cohort.
  const individual = page.getByRole('region', { name: 'Students not in the cohort' });
  await expect(individual.getByText('student@example.com')).toHaveCount(0);
  await individual.getByRole('button', { name: 'Add Wei Jie Tan' }).click();
  await expect(notice(page, 'Success! Student is added to the cohort!')).toBeVisible();
  await expect(individual.getByRole('button', { name: 'Add Wei Jie Tan' })).toHaveCount(0);

  // Back on the cohort: both students; the queue of people without an account is the Invitations tab.
  await page.getByRole('link', { name: COHORT }).click();
  await expect(page.getByRole('tab', { name: 'Students', selected: true })).toBeVisible();
  const rows = page.getByRole('region', { name: 'Students of the cohort' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('heading', { name: /^Invitations/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByRole('heading', { name: 'Invitations (1)' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Students' }).click();

  // Suspend and unsuspend.
  await page.getByRole('button', { name: 'Suspend student Aisyah Rahman' }).click();
  await expect(page.getByRole('row', { name: /Aisyah Rahman/ }).getByText('SUSPENDED')).toBeVisible();
  await expect(notice(page, 'Student suspended: Aisyah Rahman.')).toBeVisible();
  await page.getByRole('button', { name: 'Unsuspend Aisyah Rahman' }).click();
  await expect(page.getByRole('row', { name: /Aisyah Rahman/ }).getByText('ACTIVE')).toBeVisible();
  await expect(notice(page, 'Student unsuspended: Aisyah Rahman.')).toBeVisible();
  await page.getByRole('button', { name: 'Suspend student Wei Jie Tan' }).click();
  await expect(page.getByRole('row', { name: /Wei Jie Tan/ }).getByText('SUSPENDED')).toBeVisible();

  // Remove, after the confirmation; cancelling keeps the student.
  await page.getByRole('button', { name: 'Remove Wei Jie Tan' }).click();
  await page.getByRole('dialog', { name: 'Remove this student?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove Wei Jie Tan' }).click();
  await page.getByRole('dialog', { name: 'Remove this student?' }).getByRole('button', { name: 'Remove student' }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Wei Jie Tan/ })).toHaveCount(0);
  await expect(notice(page, 'Student removed from the cohort: Wei Jie Tan.')).toBeVisible();

  // With students, unlinking a course is refused with the warning.
  await page.getByRole('tab', { name: 'Courses' }).click();
  await page.getByRole('button', { name: 'Unlink Digital IC Design Fundamentals' }).click();
  await expect(
    notice(
      page,
      'You already have students enrolled in this cohort. Unlinking a course might interfere with the grading and student data.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Linked courses' }).getByRole('listitem')).toHaveCount(1);
});

test('an admin links certificates, then deletes the cohort', async ({ page }) => {
  await signInAsAdmin(page);
  await openCohort(page, COHORT);
  await page.getByRole('tab', { name: 'Certifications' }).click();
  await expect(page.getByText('No certificates are linked to this cohort yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Add certificates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Add certificates to ${COHORT}` })).toBeVisible();

  await page.getByRole('button', { name: 'Add Semiconductor Cleanroom Safety' }).click();
  await expect(notice(page, 'Certificate added to the cohort: Semiconductor Cleanroom Safety.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Semiconductor Cleanroom Safety' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Create and add to cohort' }).click();
  await expect(page.getByText('Certificate title is required')).toBeVisible();
  await page.getByLabel('Certificate title').fill(`Metrology Practitioner ${tag}`);
  await page.getByRole('button', { name: 'Create and add to cohort' }).click();
  await expect(notice(page, `Certificate created and added to the cohort: Metrology Practitioner ${tag}.`)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: COHORT }).click();
  await expect(page.getByRole('tab', { name: 'Certifications', selected: true })).toBeVisible();
  const certificates = page.getByRole('list', { name: 'Certificates' });
  await expect(certificates.getByText('Semiconductor Cleanroom Safety')).toBeVisible();
  await expect(certificates.getByText(`Metrology Practitioner ${tag}`)).toBeVisible();

  // 'Delete cohort' asks first, then really deletes it.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete cohort' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete cohort' });
  await expect(
    dialog.getByText(
      'Are you sure you want to delete this cohort? This action is permanent. This will remove all student enrolments and their grades as well.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete cohort' }).click();
  await expect(page).toHaveURL(/\/admin\/cohorts$/);
  await expect(notice(page, 'Cohort deleted.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(COHORT);
  await expect(page.getByText('No cohort matches your search.')).toBeVisible();
});

test('the students list searches, sorts and pages in the URL, and every admin page works at 360 px', async ({ page }) => {
  // Ten pages and eleven tabs, each checked with axe: minutes on a busy machine.
  test.setTimeout(360_000);
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Students' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  await page.getByLabel('Sort by').selectOption({ label: 'A-Z' });
  await expect(page).toHaveURL(/sort=first_name/);
  const names = page.locator('tbody .admin-table__title');
  await expect(names.first()).toHaveText('Aisyah Rahman');
  await page.getByRole('searchbox', { name: 'Search' }).fill('STUDENT2@');
  await expect(names).toHaveText(['Wei Jie Tan']);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('STUDENT2@');
  await expect(names).toHaveText(['Wei Jie Tan']);
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/admin',
    '/admin/courses',
    '/admin/cohorts',
    '/admin/students',
    '/admin/create/course',
    '/admin/create/cohort',
    '/admin/lessons-library',
    '/admin/analytics',
    '/admin/settings',
    '/admin/certifications',
  ]) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expectAccessible(page);
  }
  await page.goto('/admin/cohorts');
  await page.getByRole('link', { name: 'Semiconductor Talent Programme: Cohort 1' }).click();
  const tabs = [
    'Details',
    'Courses',
    'Students',
    'Certifications',
    'Invitations',
    'Instructors',
    'Sessions',
    'Timeline',
    'Coaches',
    'Placements',
    'Allowance',
  ];
  await expect(page.getByRole('tab')).toHaveText(tabs);
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await expectAccessible(page);
  }
});

test('an instructor sees the cohorts they teach, read-only', async ({ page }) => {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill('instructor@example.com');
  await page.getByLabel('Password').fill('Teach#Wafer2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/instructor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rajesh' })).toBeVisible();
  const cohort = page
    .getByRole('list', { name: 'Your cohorts' })
    .getByRole('listitem')
    .filter({ hasText: 'Semiconductor Talent Programme: Cohort 1' });
  await expect(cohort.getByText('Digital IC Design Fundamentals')).toBeVisible();
  await expect(cohort.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
  await page.goto('/admin/courses');
  await expect(page).toHaveURL(/\/instructor$/);
});
