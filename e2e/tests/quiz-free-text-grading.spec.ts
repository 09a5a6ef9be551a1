import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { createTaughtCohort, releaseResults, setOpenGradeItem, signInAt } from '../support/cohort-setup';
import { expectAccessible, signInAsStudent } from '../support/learn';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const tag = Date.now().toString(36);
const COURSE = `Device Physics Essays ${tag}`;
const COHORT = `Device Physics Cohort ${tag}`;
const QUIZ = 'Quiz: explain latch-up';
const PROMPT = 'Explain how latch-up starts in a CMOS inverter and one layout measure against it.';
const ANSWER = 'A parasitic PNPN thyristor turns on; guard rings around the wells break the loop gain.';

test('a free-text quiz answer is scored by hand in the grading area; until then the released result is provisional', async ({
  browser,
}) => {
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
  await expect(notice(admin, 'Quiz saved.')).toBeVisible();

  // A cohort on that course, with the student and the instructor; the quiz is open, results in five days.
  await createTaughtCohort(admin, {
    title: COHORT,
    course: COURSE,
    instructorEmail: instructor.email,
    studentEmail: student.email,
    studentName: `Aisyah${tag} Tester`,
  });
  await setOpenGradeItem(admin, COHORT, QUIZ);

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
  // Focus goes to the result, not to the page body the button left.
  await expect(learner.getByRole('heading', { name: 'Submitted' })).toBeFocused();
  await expect(learner.getByText(/Your result and the correct answers will be shown from /)).toBeVisible();

  // The admin releases the results before the answer is graded: the student's result says it is provisional.
  await releaseResults(admin, COHORT, QUIZ);
  await learner.reload();
  await expect(learner.getByText(/of 4 points \(\d+%\) so far$/)).toBeVisible();
  await expect(learner.getByText(/provisional/i).first()).toBeVisible();

  // The cohort's instructor finds the answer beside its question in the grading area and scores it.
  const grader = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAt(grader, instructor.email, instructor.password, /\/instructor$/);
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
  await expect(answer.getByRole('alert')).toHaveText('Give points from 0 to 4 (at most two decimals)');
  await answer.getByLabel('Points (0-4)').fill('3');
  await answer.getByRole('button', { name: 'Save score' }).click();
  await expect(notice(grader, 'Score saved')).toBeVisible();
  await expect(queue.getByRole('link').first()).toContainText('Graded');
  await expectAccessible(grader);

  // Once graded, the score, the answer's points and the weighted total show on a phone, no longer provisional.
  await learner.goto(attemptUrl);
  await expect(learner.getByText('3 of 4 points (75%)')).toBeVisible();
  await expect(learner.getByText('3 of 4 points', { exact: true })).toBeVisible();
  await expect(learner.getByText(/provisional/i)).toHaveCount(0);
  await expectAccessible(learner);
  await learner.goto(gradesUrl);
  await expect(learner.getByTestId('weighted-total')).toHaveText(/^Weighted total: 75%/);
});
