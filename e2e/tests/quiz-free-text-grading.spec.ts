import { expect, test, type Page } from '@playwright/test';
import { createAccount, linkInstructor } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { expectAccessible, signInAsStudent } from '../support/learn';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const tag = Date.now().toString(36);
const COURSE = `Device Physics Essays ${tag}`;
const COHORT = `Device Physics Cohort ${tag}`;
const QUIZ = 'Quiz: explain latch-up';
const PROMPT = 'Explain how latch-up starts in a CMOS inverter and one layout measure against it.';
const ANSWER = 'A parasitic PNPN thyristor turns on; guard rings around the wells break the loop gain.';

/** A `datetime-local` value `days` from now. */
function local(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

async function openGradeItems(page: Page) {
  await page.goto('/admin/cohorts');
  await page.getByRole('searchbox', { name: 'Search' }).fill(COHORT);
  await page.getByRole('link', { name: COHORT }).click();
  await page.getByRole('link', { name: 'Grade items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grade items' })).toBeVisible();
}

test('a free-text quiz answer is scored by hand in the grading area and the student sees it after the result date', async ({ browser }) => {
  const student = await createAccount('STUDENT', `Aisyah${tag}`);
  const instructor = await createAccount('INSTRUCTOR', `Rahman${tag}`);
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();

  // The admin makes a course with one quiz lesson holding a free-text question worth 4 points.
  await signInAsAdmin(admin);
  await admin.getByRole('link', { name: 'Create course' }).click();
  await admin.getByLabel('Course title').fill(COURSE);
  await admin.getByLabel('Description').fill('Short written answers on how devices fail.');
  await admin.getByRole('button', { name: 'Create course' }).click();
  await expect(admin).toHaveURL(/\?tab=1$/);
  await admin.getByLabel('Module title').fill('Reliability');
  await admin.getByRole('button', { name: 'Add module' }).click();
  await admin.getByRole('button', { name: 'Add lesson to Reliability' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add a lesson to Reliability' });
  await dialog.getByRole('tab', { name: 'Online quiz' }).click();
  await dialog.getByLabel('Lesson title').fill(QUIZ);
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await admin.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(admin.getByRole('button', { name: 'Save curriculum' })).toBeDisabled();
  await admin.getByRole('link', { name: `Edit quiz ${QUIZ}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();
  await admin.getByLabel('Time limit (minutes)').fill('15');
  await admin.getByLabel('New question type').selectOption({ label: 'Free text (graded by hand)' });
  await admin.getByRole('button', { name: 'Add question' }).click();
  const question = admin.getByRole('article', { name: 'Question 1' });
  await question.getByRole('textbox', { name: 'Question', exact: true }).fill(PROMPT);
  await question.getByLabel('Points').fill('4');
  await admin.getByRole('button', { name: 'Save quiz' }).click();
  await expect(notice(admin, 'Success')).toBeVisible();

  // A cohort on that course, with the student and the instructor; the quiz is open, results in five days.
  await admin.goto('/admin/create/cohort');
  await admin.getByLabel('Cohort title').fill(COHORT);
  await admin.getByLabel('Start date').fill(local(-1));
  await admin.getByLabel(/^End date/).fill(local(60));
  await admin.getByLabel('End of access date').fill(local(90));
  await admin.getByRole('button', { name: `Add ${COURSE}` }).click();
  await admin.getByRole('button', { name: 'Create cohort' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: COHORT })).toBeVisible();
  await linkInstructor(instructor.email, COHORT);
  await admin.getByRole('tab', { name: 'Students' }).click();
  await admin.getByRole('link', { name: 'Add students' }).click();
  const individual = admin.getByRole('region', { name: 'Students not in the cohort' });
  await individual.getByRole('searchbox').fill(student.email);
  await individual.getByRole('button', { name: `Add Aisyah${tag} Tester` }).click();
  await expect(notice(admin, 'Success! Student is added to the cohort!')).toBeVisible();
  await openGradeItems(admin);
  await admin.getByRole('button', { name: `Edit ${QUIZ}` }).click();
  await admin.getByLabel('Open date').fill(local(-0.5));
  await admin.getByLabel('Deadline', { exact: true }).fill(local(2));
  await admin.getByLabel('Result date').fill(local(5));
  await admin.getByLabel('Weight (%)').fill('100');
  await admin.getByRole('button', { name: 'Save grade item' }).click();
  await expect(admin.getByText(/weight 100% · Mandatory/)).toBeVisible();

  // The student writes the answer and submits; the score waits for the result date.
  const learner = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInAsStudent(learner, student.email, student.password, student.first_name);
  await learner.getByRole('link', { name: COHORT }).click();
  await learner.getByRole('tab', { name: 'Grades' }).click();
  const gradesUrl = learner.url();
  await learner.getByRole('link', { name: `Start ${QUIZ}` }).click();
  await learner.getByRole('button', { name: 'Start quiz' }).click();
  await expect(learner).toHaveURL(/\/quiz\/[0-9a-f]{32}$/);
  const attemptUrl = learner.url();
  await learner.getByLabel('Your answer', { exact: true }).fill(ANSWER);
  await expect(learner.getByRole('status').filter({ hasText: 'All answers saved.' })).toBeVisible();
  await learner.getByRole('button', { name: 'Submit answers' }).click();
  await learner.getByRole('button', { name: 'Submit now' }).click();
  await expect(learner.getByRole('heading', { name: 'Submitted' })).toBeVisible();
  await expect(learner.getByText(/Your result and the correct answers will be shown from /)).toBeVisible();

  // The cohort's instructor finds the answer beside its question in the grading area and scores it.
  const grader = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await grader.goto('/login');
  await grader.waitForLoadState('networkidle');
  await grader.getByLabel('Email').fill(instructor.email);
  await grader.getByLabel('Password').fill(instructor.password);
  await grader.getByRole('button', { name: 'Log in' }).click();
  await expect(grader).toHaveURL(/\/instructor$/);
  await grader.getByRole('link', { name: `Grading of ${COHORT}` }).click();
  await grader.getByRole('link', { name: QUIZ }).click();
  const queue = grader.getByRole('navigation', { name: 'Submissions' });
  await expect(queue.getByRole('link')).toHaveCount(1);
  await expect(queue.getByRole('link').first()).toContainText(`Aisyah${tag} Tester`);
  await expect(queue.getByRole('link').first()).toContainText('To grade 1');
  const answer = grader.getByRole('form', { name: /Question 1/ });
  await expect(answer.getByText(PROMPT)).toBeVisible();
  await expect(answer.getByRole('blockquote', { name: 'Answer' })).toHaveText(ANSWER);
  // More than the question is worth is refused with a clear message.
  await answer.getByLabel('Points (0-4)').fill('5');
  await answer.getByRole('button', { name: 'Save score' }).click();
  await expect(answer.getByRole('alert')).toHaveText('Give points from 0 to 4');
  await answer.getByLabel('Points (0-4)').fill('3');
  await answer.getByRole('button', { name: 'Save score' }).click();
  await expect(notice(grader, 'Score saved')).toBeVisible();
  await expect(queue.getByRole('link').first()).toContainText('Graded');
  await expectAccessible(grader);

  // Before the result date the student still sees no score.
  await learner.goto(attemptUrl);
  await expect(learner.getByText(/Your result and the correct answers will be shown from /)).toBeVisible();
  await expect(learner.getByText('3 of 4 points (75%)')).toHaveCount(0);

  // The admin releases the results: the score, the answer's points and the weighted total show on a phone.
  await openGradeItems(admin);
  await admin.getByRole('button', { name: `Edit ${QUIZ}` }).click();
  await admin.getByLabel('Result date').fill(local(-0.01));
  await admin.getByRole('button', { name: 'Save grade item' }).click();
  await expect(notice(admin, 'Successful')).toBeVisible();
  await learner.goto(attemptUrl);
  await expect(learner.getByText('3 of 4 points (75%)')).toBeVisible();
  await expect(learner.getByText('3 of 4 points', { exact: true })).toBeVisible();
  await expectAccessible(learner);
  await learner.goto(gradesUrl);
  await expect(learner.getByTestId('weighted-total')).toHaveText(/^Weighted total: 75%/);
});
