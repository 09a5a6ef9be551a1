import { expect, test } from '@playwright/test';
import { keyboardMove, notice, signInAsAdmin } from '../support/admin';
import { DEMO } from '../support/demo';
import { expectAccessible, signInAsStudent } from '../support/learn';

const COHORT = 'Semiconductor Talent Programme: Cohort 1';
const COURSE = 'Analog Circuit Design Essentials';
const QUIZ = 'Quiz: common-source amplifiers';

test.describe.configure({ mode: 'serial' });

test('an admin authors a small quiz and a student takes it on a 360 px screen', async ({ page, browser, request }) => {
  // Two people's sessions and a draw preview: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  // A student of the seeded cohort of their own, so no other test's data changes.
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const login = await request.post('/api/auth/login/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  const admin = { Authorization: `Bearer ${(await login.json()).access}` };
  const cohorts = await (
    await request.get(`/api/cohorts/admin/list?search_query=${encodeURIComponent('Cohort 1')}`, { headers: admin })
  ).json();
  const cohort = cohorts.data.find((c: { title: string }) => c.title === COHORT);
  const courses = await (
    await request.get(`/api/courses/admin/list?search_query=${encodeURIComponent(COURSE)}`, { headers: admin })
  ).json();
  const course = courses.data[0];
  const detail = await (await request.get(`/api/courses/admin/${course.id_slug}`, { headers: admin })).json();
  const lesson = detail.data.modules
    .flatMap((m: { lessons: { title: string }[] }) => m.lessons)
    .find((l: { title: string }) => l.title === QUIZ);
  const email = `quiz-taker-${stamp}@example.com`;
  const { user } = await (
    await request.post('/api/auth/register/', {
      data: { email, password: 'Silicon#Wafer9', first_name: 'Farah', last_name: `Quiz${stamp.slice(-4)}` },
    })
  ).json();
  expect(
    (
      await request.post(`/api/cohorts/admin/${cohort.id_slug}/add-student`, { headers: admin, data: { user_id_slug: user.id_slug } })
    ).status(),
  ).toBe(201);

  // The admin opens the quiz from the curriculum and writes three questions.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page);
  await page.goto(`/admin/courses/${course.id_slug}?tab=1`);
  await page.getByRole('link', { name: `Edit quiz ${QUIZ}` }).click();
  await expect(page).toHaveURL(/\/admin\/quizzes\/[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();
  // The seeded bank makes way for three new questions.
  while ((await page.getByRole('button', { name: /^Remove question \d+$/ }).count()) > 0)
    await page.getByRole('button', { name: 'Remove question 1' }).click();
  await page.getByLabel('Time limit (minutes)').fill('10');
  await page.getByLabel('Attempts allowed').fill('2');
  await page.getByLabel('Pass mark (%)').fill('50');
  for (const kind of ['Single choice', 'Numeric', 'Short text']) {
    await page.getByLabel('New question type').selectOption({ label: kind });
    await page.getByRole('button', { name: 'Add question' }).click();
  }
  const q = (n: number) => page.getByRole('article', { name: `Question ${n}` });
  await q(1).getByRole('textbox', { name: 'Question', exact: true }).fill('Which amplifier inverts the signal?');
  await q(1).getByRole('textbox', { name: 'Option 1' }).fill('Common-source');
  await q(1).getByRole('textbox', { name: 'Option 2' }).fill('Common-drain');
  await q(2).getByRole('textbox', { name: 'Question', exact: true }).fill('Voltage gain in V/V?');
  await q(2).getByLabel('Points').fill('2');
  await q(2).getByLabel('Correct number').fill('20');
  await q(2).getByLabel('Tolerance (±)').fill('0.5');
  await q(3).getByRole('textbox', { name: 'Question', exact: true }).fill('Name the effect that multiplies the gate-drain capacitance.');
  await q(3).getByLabel('Accepted answers').fill('Miller effect\nMiller');
  // The short-text question moves up by the keyboard, above the numeric one.
  await keyboardMove(page, page.getByRole('button', { name: 'Reorder question 3' }), 'ArrowUp', 1);
  await expect(q(2).getByRole('heading', { name: 'Question 2 · Short text' })).toBeVisible();
  await expect(q(3).getByRole('heading', { name: 'Question 3 · Numeric' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save quiz' }).click();
  await expect(notice(page, 'Quiz saved.')).toBeVisible();
  await page.reload();
  await expect(q(3).getByLabel('Correct number')).toHaveValue('20');

  // The preview draws from the saved quiz as a student's start does, without the key.
  await page.getByRole('button', { name: 'Preview as a student' }).click();
  const preview = page.getByRole('region', { name: 'Student preview' });
  await expect(preview.getByText('Which amplifier inverts the signal?')).toBeVisible();
  await expect(preview.getByRole('radio', { name: 'Common-source' })).toBeVisible();
  await expect(preview.getByText('Miller effect')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to editing' }).click();

  // The student takes it on a phone.
  const phoneContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const phone = await phoneContext.newPage();
  await signInAsStudent(phone, email, 'Silicon#Wafer9', 'Farah');
  await phone.goto(`/class/${cohort.id_slug}/course/${course.id_slug}/lesson/${lesson.id_slug}`);
  await expect(phone.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();
  await expect(phone.getByText('Attempts: 0 of 2 used.')).toBeVisible();
  await phone.getByRole('button', { name: 'Start quiz' }).click();
  await expect(phone).toHaveURL(/\/quiz\/[0-9a-f]{32}$/);
  await expect(phone.getByRole('timer')).toHaveText(/^(10:00|9:[0-5]\d)$/);
  // Each question's title sits inside its box, below the border and the padding, not on the border.
  for (const question of await phone.locator('fieldset.learn-quiz__question').all()) {
    const box = (await question.boundingBox())!;
    const title = (await question.locator('legend').boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(box.y + 8);
  }
  await phone.getByRole('radio', { name: 'Common-source' }).check();
  await phone.getByLabel('Your answer', { exact: true }).fill('  miller EFFECT ');
  await phone.getByLabel('Your answer (a number)').fill('20.4');
  await expect(phone.getByRole('status').filter({ hasText: 'All answers saved.' })).toBeVisible();
  await expectAccessible(phone);

  // Nothing is lost on reload, and the lesson offers to resume the same attempt.
  await phone.reload();
  await expect(phone.getByRole('radio', { name: 'Common-source' })).toBeChecked();
  await expect(phone.getByLabel('Your answer (a number)')).toHaveValue('20.4');
  await expect(phone.getByLabel('Your answer', { exact: true })).toHaveValue('  miller EFFECT ');
  const url = phone.url();
  await phone.goto(`/class/${cohort.id_slug}/course/${course.id_slug}/lesson/${lesson.id_slug}`);
  await phone.getByRole('button', { name: 'Resume quiz' }).click();
  await expect(phone).toHaveURL(url);

  await phone.getByRole('button', { name: 'Submit answers' }).click();
  await phone.getByRole('button', { name: 'Submit now' }).click();
  await expect(phone.getByRole('heading', { name: 'Submitted' })).toBeVisible();
  // The seeded quiz's results are open already: the score and the key are shown.
  await expect(phone.getByText('4 of 4 points (100%)')).toBeVisible();
  await expect(phone.getByText('50%: Passed')).toBeVisible();
  await expect(phone.getByText('Miller effect or Miller')).toBeVisible();
  await expectAccessible(phone);
  await phone.screenshot({ path: 'test-results/quiz-result-360.png', fullPage: true });
  await phoneContext.close();
});
