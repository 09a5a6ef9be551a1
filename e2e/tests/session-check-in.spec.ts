import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { createAccount } from '../support/accounts';
import { signInAsAdmin } from '../support/admin';
import { createCohortThroughApi, signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const SESSION = `Cleanroom induction ${tag}`;

test("a trainee on a phone scans the room's rotating check-in QR and is marked present on the register", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const trainee = await createAccount('STUDENT', `Scan${tag}`);
  const name = `Scan${tag} Tester`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const cohort = await createCohortThroughApi(page, `Check-in Cohort ${tag}`);
  // The trainee joins; the on-site session started five minutes ago.
  await page.evaluate(
    async ({ cohortId, email, title, at }) => {
      const { access } = await (
        await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } })
      ).json();
      const headers = { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' };
      const added = await fetch(`/api/cohorts/admin/${cohortId}/add-student`, { method: 'POST', headers, body: JSON.stringify({ email }) });
      if (!added.ok) throw new Error(`add: ${await added.text()}`);
      const body = {
        title,
        starts_at: at,
        duration_minutes: 90,
        mode: 'ON_SITE',
        place: 'Cleanroom A',
        mandatory: true,
        facilitator_id_slugs: [],
      };
      const made = await fetch(`/api/cohorts/admin/${cohortId}/sessions`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!made.ok) throw new Error(`session: ${await made.text()}`);
    },
    { cohortId: cohort, email: trainee.email, title: SESSION, at: new Date(Date.now() - 5 * 60_000).toISOString() },
  );

  // The facilitator puts the check-in code on the room's screen.
  await page.goto(`/admin/cohorts/${cohort}`);
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await page.getByRole('button', { name: `Check-in code for ${SESSION}` }).click();
  const panel = page.getByRole('region', { name: `Check-in code: ${SESSION}` });
  await expect(panel.locator('.admin-check-in__code')).toHaveText(/^\d{6}$/);
  await expectAccessible(page);
  // What a phone's camera reads from the QR on the screen.
  const size = 440;
  const pixels = await panel.getByRole('img', { name: /QR code/ }).evaluate(async (img: HTMLImageElement, side: number) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, side, side);
    ctx.drawImage(img, 0, 0, side, side);
    return Array.from(ctx.getImageData(0, 0, side, side).data);
  }, size);
  const scanned = jsQR(new Uint8ClampedArray(pixels), size, size);
  expect(scanned?.data).toMatch(new RegExp(`/class/${cohort}\\?check_in=[0-9a-f]+&code=\\d{6}$`));

  // The trainee's phone opens it: the code is filled in, one tap checks in.
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const learner = await phone.newPage();
  await signInAt(learner, trainee.email, trainee.password, /\/student/);
  await learner.goto(new URL(scanned!.data).pathname + new URL(scanned!.data).search);
  const form = learner.getByRole('form', { name: `Check in to ${SESSION}` });
  await expect(form.getByRole('textbox', { name: 'Check-in code' })).toHaveValue(/^\d{6}$/);
  await expectFits(learner, 'the check-in form');
  await expectAccessible(learner);
  await form.getByRole('button', { name: 'Check in' }).click();
  await expect(learner.getByText('Checked in · Present')).toBeVisible();
  await phone.close();

  // The register shows the mark, made by the trainee's check-in.
  await page.getByRole('button', { name: `Register of ${SESSION}` }).click();
  await expect(page.getByRole('form', { name: `Mark ${name}` })).toContainText(`${name}: Present`);
  await expect(page.getByRole('form', { name: `Mark ${name}` })).toContainText(`by ${name}`);
});
