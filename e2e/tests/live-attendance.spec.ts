import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { signInAsAdmin } from '../support/admin';
import { createCohortThroughApi, signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const PAST = `Cleanroom gowning ${tag}`;
const NEXT = `Wafer sort ${tag}`;

/** A `datetime-local` value `hours` from now, in the browser's zone (the form's). */
function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

test('a facilitator schedules sessions and marks the register; the trainee sees their attendance and what 75% takes on a phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const trainee = await createAccount('STUDENT', `Trainee${tag}`);
  const name = `Trainee${tag} Tester`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const cohort = await createCohortThroughApi(page, `Attendance Cohort ${tag}`);
  await page.evaluate(
    async ({ cohortId, email }) => {
      const { access } = await (
        await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } })
      ).json();
      const res = await fetch(`/api/cohorts/admin/${cohortId}/add-student`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (!res.ok) throw new Error(`add: ${await res.text()}`);
    },
    { cohortId: cohort, email: trainee.email },
  );

  // On the Sessions tab: one on-site session that ended an hour ago, one in two days.
  await page.goto(`/admin/cohorts/${cohort}`);
  await page.getByRole('tab', { name: 'Sessions' }).click();
  for (const [title, hours] of [
    [PAST, -2],
    [NEXT, 48],
  ] as const) {
    // The form empties once a session is scheduled (after its notice shows): fill it after that.
    await expect(page.getByLabel('Title')).toHaveValue('');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Starts').fill(localIn(hours));
    await page.getByLabel('Duration (minutes)').fill('60');
    await page.getByLabel('Mode').selectOption('ON_SITE');
    await page.getByLabel('Place').fill('Cleanroom A, Kulim');
    await page.getByRole('button', { name: 'Schedule session' }).click();
    await expect(page.locator('.ui-notices').getByText(new RegExp(`^${title} is scheduled for`))).toBeVisible();
  }

  // The register of the past session: unmarked counts absent; the correction says why.
  await page.getByRole('button', { name: `Register of ${PAST}` }).click();
  const row = page.getByRole('form', { name: `Mark ${name}` });
  await expect(row).toContainText(`${name}: Absent`);
  await row.getByLabel(`Mark for ${name}`).selectOption('PRESENT');
  await row.getByLabel('Reason for the change').fill('Signed the paper sheet at the door');
  await row.getByRole('button', { name: 'Save mark' }).click();
  await expect(page.getByRole('form', { name: `Mark ${name}` })).toContainText(`${name}: Present (Signed the paper sheet at the door)`);

  // The trainee on a phone: their rate and what reaching 75% takes, and the past session's mark.
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const learner = await phone.newPage();
  await signInAt(learner, trainee.email, trainee.password, /\/student/);
  await learner.goto(`/class/${cohort}`);
  const box = learner.getByRole('region', { name: 'Your attendance' });
  await expect(box).toContainText('100% · 1 of 1 session');
  await expect(box).toContainText('Attend the last session to reach 75%.');
  await box.getByText('Past sessions (1)').click();
  await expect(box.getByRole('list', { name: 'Past sessions' })).toContainText(`${PAST}`);
  await expect(box.getByRole('list', { name: 'Past sessions' })).toContainText('Present');
  await expect(learner.getByRole('list', { name: 'Live sessions' })).toContainText(NEXT);
  await expectFits(learner, 'the class page with attendance');
  await expectAccessible(learner);
  await phone.close();
});
