import { expect, type Page, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { createCohortThroughApi, signInAt } from '../support/cohort-setup';
import { expectAccessible } from '../support/learn';

test.setTimeout(180_000);

const tag = Date.now().toString(36);
const COHORT = `Coaching Cohort ${tag}`;

/** Enrols the accounts in the cohort through the admin API, with the signed-in admin's session of `page`. */
async function enrolThroughApi(page: Page, cohortId: string, emails: string[]) {
  const statuses = await page.evaluate(
    async ({ cohort, list }) => {
      const refresh = await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } });
      const { access: token } = await refresh.json();
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const out: number[] = [];
      for (const email of list)
        out.push(
          (await fetch(`/api/cohorts/admin/${cohort}/add-student`, { method: 'POST', headers, body: JSON.stringify({ email }) })).status,
        );
      return out;
    },
    { cohort: cohortId, list: emails },
  );
  expect(statuses).toEqual(emails.map(() => 201));
}

test("an admin makes an instructor the coach of two trainees on the cohort's Coaches tab, who then sees exactly those two on My trainees", async ({
  browser,
}) => {
  const instructor = await createAccount('INSTRUCTOR', `Coach${tag}`);
  const coachName = `Coach${tag} Tester`;
  const [amin, beng, chandra] = [
    await createAccount('STUDENT', `Amin${tag}`),
    await createAccount('STUDENT', `Beng${tag}`),
    await createAccount('STUDENT', `Chandra${tag}`),
  ];
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAsAdmin(admin);
  const cohortId = await createCohortThroughApi(admin, COHORT);
  await enrolThroughApi(admin, cohortId, [amin.email, beng.email, chandra.email]);

  // The admin chooses two of the cohort's students, then finds the instructor among the staff and adds them.
  await admin.goto(`/admin/cohorts/${cohortId}`);
  await admin.getByRole('tab', { name: 'Coaches' }).click();
  await expect(admin.getByText('No one coaches this cohort yet.', { exact: false })).toBeVisible();
  const students = admin.getByRole('list', { name: 'Students of this cohort' });
  await expect(students.getByRole('listitem')).toHaveCount(3);
  await students.getByRole('checkbox', { name: `Amin${tag}` }).check();
  await students.getByRole('checkbox', { name: `Chandra${tag}` }).check();
  await expect(admin.getByText(`Chosen: Amin${tag} Tester, Chandra${tag} Tester.`)).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search staff' }).fill(`coach${tag}`);
  const candidates = admin.getByRole('list', { name: 'Staff not coaching this cohort' });
  await expect(candidates.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(admin);
  await candidates.getByRole('button', { name: `Add ${coachName} as coach` }).click();
  await expect(notice(admin, `${coachName} now coaches 2 trainees of ${COHORT}.`)).toBeVisible();
  const coaches = admin.getByRole('list', { name: 'Coaches' });
  await expect(coaches.getByRole('listitem')).toHaveCount(1);
  await expect(coaches).toContainText(`Amin${tag} Tester, Chandra${tag} Tester`);

  // The instructor signs in and finds exactly those two on My trainees, at 360 px.
  const coach = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInAt(coach, instructor.email, instructor.password, /\/instructor$/);
  await coach.getByRole('link', { name: 'My trainees' }).click();
  await expect(coach.getByRole('heading', { level: 1, name: 'My trainees' })).toBeVisible();
  const rows = coach.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(coach.getByRole('link', { name: `Amin${tag} Tester` })).toBeVisible();
  await expect(coach.getByRole('link', { name: `Chandra${tag} Tester` })).toBeVisible();
  await expect(coach.getByText(`Beng${tag}`)).toHaveCount(0);
  await expectAccessible(coach);

  // A row leads to the trainee's page: their enrolment and courses.
  await coach.getByRole('link', { name: `Amin${tag} Tester` }).click();
  await expect(coach.getByRole('heading', { level: 1, name: `Amin${tag} Tester` })).toBeVisible();
  await expect(coach.getByRole('heading', { level: 2, name: 'Courses' })).toBeVisible();
  await expectAccessible(coach);
});
