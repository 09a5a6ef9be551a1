import { expect, test, type APIRequestContext } from '@playwright/test';
import { notice, signInAsAdmin } from '../support/admin';
import { DEMO } from '../support/demo';
import { expectAccessible } from '../support/learn';

/** Import of a GIFT file, the preview of a draw, a regrade on a changed key, the question analytics. */

const GIFT = `// points: 2
Band gap of silicon, in eV? {#1.12:0.01}

Chemical symbol of gold? {=Au}

Which gate is universal? {~AND =NAND ~XOR}

Silicon is a semiconductor. {T}
`;

const BROKEN = `Which gate is universal? {~AND =NAND

::Matching:: Match the symbols. {
  =Gold -> Au
  =Silver -> Ag
}
`;

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** An answer's JSON after checking its status; read loosely, as the other browser tests read theirs. */
// oxlint-disable-next-line typescript/no-explicit-any
async function json(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<any> {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

test('an admin imports a GIFT file, previews a draw, regrades on a changed key and reads the analytics', async ({ page, request }) => {
  // One long story (two people, five screens) on a machine shared with other work.
  test.setTimeout(360_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const login = await json(await request.post('/api/auth/login/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } }));
  const admin = { Authorization: `Bearer ${login.access}` };

  // A course with one quiz lesson, a running cohort whose results are open, and a student in it.
  const title = `Materials check ${stamp}`;
  const course = await json(await request.post('/api/courses/admin/create/', { headers: admin, data: { title, description: '' } }), 201);
  await json(
    await request.put(`/api/courses/admin/${course.id_slug}/modules/update/`, {
      headers: admin,
      data: { modules: [{ title: 'Materials', order: 0, lessons: [{ title, order: 0, lesson_type: 'QUIZ' }] }] },
    }),
  );
  const lessonId = (await json(await request.get(`/api/courses/admin/${course.id_slug}`, { headers: admin }))).data.modules[0].lessons[0]
    .id_slug as string;
  const cohort = await json(
    await request.post('/api/cohorts/admin/create/', {
      headers: admin,
      data: {
        title: `Materials cohort ${stamp}`,
        start_date: days(-1),
        end_date: days(60),
        end_access_date: days(90),
        result_open_date: null,
        course_ids: [course.id_slug],
      },
    }),
    201,
  );
  await json(
    await request.put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${lessonId}/grade-item`, {
      headers: admin,
      data: { grade_percentage: 20, result_open_datetime: days(-1) },
    }),
  );
  const email = `quiz-tools-${stamp}@example.com`;
  const { user } = await json(
    await request.post('/api/auth/register/', {
      data: { email, password: 'Silicon#Wafer9', first_name: 'Aiman', last_name: `Tools${stamp.slice(-4)}` },
    }),
    201,
  );
  await json(
    await request.post(`/api/cohorts/admin/${cohort.id_slug}/add-student`, { headers: admin, data: { user_id_slug: user.id_slug } }),
    201,
  );

  // A bad file is refused with the line of each problem; a good one fills the bank.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page);
  await page.goto(`/admin/quizzes/${lessonId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByLabel('Question file').setInputFiles({ name: 'broken.gift', mimeType: 'text/plain', buffer: Buffer.from(BROKEN) });
  await page.getByRole('button', { name: 'Import questions' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'The file was not imported' });
  await expect(problems.getByText('Line 1:')).toBeVisible();
  await expect(problems).toContainText('Line 3: Matching questions are not supported.');
  await expect(page.getByRole('heading', { name: 'Question bank (0)' })).toBeVisible();
  await expectAccessible(page);
  await problems.screenshot({ path: 'test-results/quiz-import-errors.png' });

  await page.getByLabel('Question file').setInputFiles({ name: 'materials.gift', mimeType: 'text/plain', buffer: Buffer.from(GIFT) });
  await page.getByRole('button', { name: 'Import questions' }).click();
  await expect(notice(page, 'Imported 4 questions from materials.gift.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Question bank (4)' })).toBeVisible();
  const q = (n: number) => page.getByRole('article', { name: `Question ${n}` });
  await expect(q(1).getByLabel('Correct number')).toHaveValue('1.12');
  await expect(q(1).getByLabel('Points')).toHaveValue('2');

  // The student takes the quiz (through the API, as the learner app does): 1.15 is outside the key's tolerance.
  const student = await json(await request.post('/api/auth/login/', { data: { email, password: 'Silicon#Wafer9' } }));
  const as = { Authorization: `Bearer ${student.access}` };
  const started = await json(await request.post(`/api/quizzes/cohorts/${cohort.id_slug}/lessons/${lessonId}/start/`, { headers: as }));
  const session = (await json(await request.get(`/api/quizzes/sessions/${started.session_id_slug}/`, { headers: as }))).data;
  const answers = session.questions.map((qq: { id_slug: string; kind: string; options: { key: string; text: string }[] }) => ({
    question_id_slug: qq.id_slug,
    answer:
      qq.kind === 'NUMERIC'
        ? 1.15
        : qq.kind === 'SHORT_TEXT'
          ? 'Au'
          : qq.kind === 'TRUE_FALSE'
            ? true
            : qq.options.find((o) => o.text === 'NAND')!.key,
  }));
  await json(await request.put(`/api/quizzes/sessions/${started.session_id_slug}/answers/`, { headers: as, data: { answers } }));
  await json(await request.post(`/api/quizzes/sessions/${started.session_id_slug}/submit/`, { headers: as }));

  // A wider tolerance: the admin sees the old and new score before confirming the regrade.
  await q(1).getByLabel('Tolerance (±)').fill('0.05');
  await page.getByRole('button', { name: 'Save quiz' }).click();
  const dialog = page.getByRole('dialog', { name: 'These scores will change' });
  await expect(dialog).toBeVisible();
  const row = dialog.getByRole('row').filter({ hasText: `Aiman Tools${stamp.slice(-4)}` });
  await expect(row.getByRole('cell', { name: '3 / 5' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '5 / 5' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/quiz-regrade-dialog.png' });
  await dialog.getByRole('button', { name: 'Save and regrade' }).click();
  await expect(notice(page, 'Quiz saved. 1 attempt was regraded with the new answer key.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const regraded = (await json(await request.get(`/api/quizzes/sessions/${started.session_id_slug}/`, { headers: as }))).data;
  expect([regraded.score, regraded.max_score]).toEqual([5, 5]);

  // The preview draws two of the four questions as a student's start would, and draws again on request.
  await page.getByLabel('Questions drawn at random').fill('2');
  await page.getByRole('button', { name: 'Save quiz' }).click();
  await expect(notice(page, 'Quiz saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Preview as a student' }).click();
  const preview = page.getByRole('region', { name: 'Student preview' });
  await expect(preview.getByText('2 of 4 questions drawn')).toBeVisible();
  await expect(preview.getByRole('group')).toHaveCount(2);
  await preview.getByRole('button', { name: 'Draw again' }).click();
  await expect(preview.getByRole('group')).toHaveCount(2);
  await expect(preview.getByText('Au', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Back to editing' }).click();

  // The analytics page shows each question's figures, on a phone too.
  await page.getByRole('link', { name: 'Question analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Question analytics: ${title}` })).toBeVisible();
  await expect(page.getByText('1 submitted attempt')).toBeVisible();
  const band = page.getByRole('row').filter({ hasText: 'Band gap of silicon, in eV?' });
  await expect(band.getByRole('cell', { name: '100% (easy)' })).toBeVisible();
  const gate = page.getByRole('row').filter({ hasText: 'Which gate is universal?' });
  await expect(gate).toContainText('NAND (correct): 1');
  await expect(gate).toContainText('XOR: 0');
  await page.getByLabel('Cohort').selectOption({ label: `Materials cohort ${stamp}` });
  await expect(page).toHaveURL(new RegExp(`cohort=${cohort.id_slug}`));
  await expect(page.getByText('1 submitted attempt')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(band).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/quiz-analytics-360.png', fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A bank shared by the course's quizzes: made from the quiz editor, filled, then drawn from.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`/admin/quizzes/${lessonId}`);
  await page.getByLabel('New bank title').fill('Band theory');
  await page.getByRole('button', { name: 'Create bank' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Question bank: Band theory' })).toBeVisible();
  await page.getByLabel('New question type').selectOption({ label: 'True or false' });
  await page.getByRole('button', { name: 'Add question' }).click();
  await page
    .getByRole('article', { name: 'Question 1' })
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Holes carry positive charge.');
  await page.getByRole('button', { name: 'Save bank' }).click();
  await expect(notice(page, 'Question bank saved.')).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/admin/quizzes/${lessonId}`);
  await page.getByLabel('Questions drawn from Band theory (1 in the bank)').fill('1');
  await page.getByRole('button', { name: 'Save quiz' }).click();
  await expect(notice(page, 'Quiz saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Preview as a student' }).click();
  await expect(page.getByRole('region', { name: 'Student preview' }).getByText('3 of 5 questions drawn')).toBeVisible();
  await expect(page.getByText('Holes carry positive charge.')).toBeVisible();
});
