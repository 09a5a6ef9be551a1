import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { signInAsAdmin } from '../support/admin';
import { createCohortThroughApi, signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const SESSION = `Wafer inspection live ${tag}`;

test("a student on a phone makes their calendar address and the feed holds their class's session in Malaysia time", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const student = await createAccount('STUDENT', `Feed${tag}`);
  await signInAsAdmin(page);
  const cohort = await createCohortThroughApi(page, `Calendar Cohort ${tag}`);
  // The student joins the class and an on-site session is scheduled in nine days at 10:00 Malaysia time.
  const startsAt = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 9, 2, 0));
  await page.evaluate(
    async ({ cohortId, email, title, at }) => {
      const { access } = await (
        await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } })
      ).json();
      const headers = { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' };
      const added = await fetch(`/api/cohorts/admin/${cohortId}/add-student`, { method: 'POST', headers, body: JSON.stringify({ email }) });
      if (!added.ok) throw new Error(`add: ${await added.text()}`);
      const session = await fetch(`/api/cohorts/admin/${cohortId}/sessions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title,
          starts_at: at,
          duration_minutes: 60,
          mode: 'ON_SITE',
          place: 'Cleanroom B, Kulim',
          mandatory: true,
          facilitator_id_slugs: [],
        }),
      });
      if (!session.ok) throw new Error(`session: ${await session.text()}`);
    },
    { cohortId: cohort, email: student.email, title: SESSION, at: startsAt.toISOString() },
  );

  const phone = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const learner = await phone.newPage();
  await signInAt(learner, student.email, student.password, /\/student/);
  await learner.goto('/student/settings');
  await learner.getByRole('link', { name: 'Calendar' }).click();
  const section = learner.getByRole('region', { name: 'Calendar' });
  await section.getByRole('button', { name: 'Make my calendar address' }).click();
  const address = section.getByRole('textbox', { name: 'Your calendar address' });
  await expect(address).toHaveValue(/\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(section.getByText('Copy it now: it is shown only once.')).toBeVisible();
  await expectFits(learner, 'the calendar settings');
  await expectAccessible(learner);

  // What a calendar app fetches: the session at 10:00 in Malaysia's zone, with the zone's definition.
  const feedPath = new URL(await address.inputValue()).pathname;
  const feed = await request.get(feedPath);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = (await feed.text()).replace(/\r\n /g, '');
  expect(ics).toContain('BEGIN:VTIMEZONE');
  expect(ics).toContain(`SUMMARY:${SESSION}`);
  const day = new Date(startsAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  expect(ics).toContain(`DTSTART;TZID=Asia/Kuala_Lumpur:${day}T100000`);
  expect(ics).toContain('LOCATION:Cleanroom B\\, Kulim');

  // Stopped, the address answers nothing.
  await section.getByRole('button', { name: 'Stop the feed' }).click();
  await learner.getByRole('dialog', { name: 'Stop your calendar feed?' }).getByRole('button', { name: 'Stop the feed' }).click();
  await expect(section.getByText('Your calendar feed is stopped.')).toBeVisible();
  expect((await request.get(feedPath)).status()).toBe(404);
  await phone.close();
});
