import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { createTaughtCohort, releaseResults, setOpenGradeItem, signInAt } from '../support/cohort-setup';
import { expectAccessible, signInAsStudent } from '../support/learn';
import { makeZip } from '../support/zip';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const tag = Date.now().toString(36);
const COURSE = `Verification Projects ${tag}`;
const COHORT = `Verification Cohort ${tag}`;
const PROJECT = 'Project: a synchronous FIFO';

test('an admin sets up a project, a student hands in a zip, the instructor grades it, and after the result date the student sees it', async ({
  browser,
}) => {
  const student = await createAccount('STUDENT', `Farah${tag}`);
  const instructor = await createAccount('INSTRUCTOR', `Imran${tag}`);
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();

  // The admin makes a course with a project lesson and sets the project up.
  await signInAsAdmin(admin);
  await admin.getByRole('link', { name: 'Create course' }).click();
  await admin.getByLabel('Course title').fill(COURSE);
  await admin.getByLabel('Description').fill('Design and verify small blocks, handed in as zip archives.');
  await admin.getByRole('button', { name: 'Create course' }).click();
  await expect(admin).toHaveURL(/\?tab=1$/);
  await admin.getByLabel('Module title').fill('Memories');
  await admin.getByRole('button', { name: 'Add module' }).click();
  await admin.getByRole('button', { name: 'Add lesson to Memories' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add a lesson to Memories' });
  await dialog.getByRole('tab', { name: 'Project submission' }).click();
  await dialog.getByLabel('Lesson title').fill(PROJECT);
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await admin.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(admin.getByRole('button', { name: 'Save curriculum' })).toBeDisabled();
  await admin.getByRole('link', { name: `Project settings of ${PROJECT}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Project settings · ${PROJECT}` })).toBeVisible();
  await admin.getByLabel('Instructions').fill('Write a synchronous FIFO and a self-checking testbench; hand both in as one zip.');
  await admin.getByLabel('Add a PDF').setInputFiles({
    name: 'FIFO brief.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await expect(admin.getByText('FIFO brief.pdf')).toBeVisible();
  await admin.getByLabel('Maximum size (MB)').fill('5');
  await admin.getByRole('button', { name: 'Add criterion' }).click();
  await admin.getByLabel('Criterion 1 title').fill('Design');
  await admin.getByLabel('Criterion 1 level 1', { exact: true }).fill('Incomplete');
  await admin.getByLabel('Criterion 1 level 1 points').fill('0');
  await admin.getByRole('button', { name: 'Add level to criterion 1' }).click();
  await admin.getByLabel('Criterion 1 level 2', { exact: true }).fill('Correct');
  await admin.getByLabel('Criterion 1 level 2 points').fill('10');
  await admin.getByRole('button', { name: 'Add criterion' }).click();
  await admin.getByLabel('Criterion 2 title').fill('Testbench');
  await admin.getByLabel('Criterion 2 level 1', { exact: true }).fill('Missing');
  await admin.getByLabel('Criterion 2 level 1 points').fill('0');
  await admin.getByRole('button', { name: 'Add level to criterion 2' }).click();
  await admin.getByLabel('Criterion 2 level 2', { exact: true }).fill('Self-checking');
  await admin.getByLabel('Criterion 2 level 2 points').fill('5');
  await admin.getByRole('button', { name: 'Save project settings' }).click();
  await expect(notice(admin, 'Project settings saved.')).toBeVisible();
  await expectAccessible(admin);

  // A cohort on that course, with the student and the instructor.
  await createTaughtCohort(admin, {
    title: COHORT,
    course: COURSE,
    instructorEmail: instructor.email,
    studentEmail: student.email,
    studentName: `Farah${tag} Tester`,
  });

  // The grade item: open now, deadline in two days, results in five; weight 100, mandatory.
  await setOpenGradeItem(admin, COHORT, PROJECT);
  await expectAccessible(admin);

  // The student hands in a zip on the project page.
  const learner = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAsStudent(learner, student.email, student.password, student.first_name);
  await learner.getByRole('link', { name: COHORT }).click();
  await learner.getByRole('tab', { name: 'Grades' }).click();
  await expect(learner).toHaveURL(/\?tab=1$/);
  const gradesUrl = learner.url();
  await learner.getByRole('link', { name: `Start ${PROJECT}` }).click();
  await learner.getByRole('link', { name: 'Open project submission' }).click();
  await expect(learner.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await expect(learner.getByRole('link', { name: 'FIFO brief.pdf' })).toBeVisible();
  await expect(learner.getByRole('region', { name: 'Rubric' })).toContainText('Testbench: Missing (0), Self-checking (5)');
  await learner.getByLabel('Project file (.zip)').setInputFiles({
    name: 'fifo.zip',
    mimeType: 'application/zip',
    buffer: makeZip([
      { name: 'rtl/fifo.sv', data: 'module fifo #(parameter DEPTH = 8) (input logic clk); endmodule\n' },
      { name: 'tb/fifo_tb.sv', data: 'module fifo_tb; endmodule\n' },
    ]),
  });
  await learner.getByRole('button', { name: 'Upload' }).click();
  await expect(learner.getByText('Your project has been handed in.')).toBeVisible();
  await expect(learner.getByRole('region', { name: 'Your submission' })).toContainText('tb/fifo_tb.sv');
  // Handing in completed the project lesson (it has no 'Mark as complete'): the class shows it done.
  await expect(learner.getByRole('button', { name: 'Mark as complete' })).toHaveCount(0);
  const projectUrl = learner.url();
  await learner.goto(gradesUrl.replace(/\?tab=1$/, ''));
  await expect(learner.getByRole('progressbar', { name: `Progress in ${COURSE}` })).toHaveAttribute('aria-valuetext', '100%');
  await learner.goto(projectUrl);
  await expect(learner.getByRole('region', { name: 'Your submission' })).toContainText('tb/fifo_tb.sv');

  // The cohort's instructor grades it from their home, with the rubric.
  const grader = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAt(grader, instructor.email, instructor.password, /\/instructor$/);
  await grader.getByRole('link', { name: `Grading of ${COHORT}` }).click();
  await grader.getByRole('link', { name: PROJECT }).click();
  const queue = grader.getByRole('navigation', { name: 'Submissions' });
  await expect(queue.getByRole('link')).toHaveCount(1);
  await expect(queue.getByRole('link').first()).toContainText(`Farah${tag} Tester`);
  await expect(grader.getByText(/Keyboard: j or Alt\+↓/)).toBeVisible();
  await expect(grader.getByRole('list', { name: 'Files in fifo.zip' })).toContainText('rtl/fifo.sv');
  await expect(grader.getByRole('link', { name: 'Download fifo.zip' })).toBeVisible();
  await grader
    .getByRole('group', { name: 'Design' })
    .getByRole('radio', { name: /Correct/ })
    .check();
  await grader
    .getByRole('group', { name: 'Testbench' })
    .getByRole('radio', { name: /Missing/ })
    .check();
  await expect(grader.getByText('Rubric: 10 / 15 points · grade 66.67')).toBeVisible();
  await grader.getByLabel('Feedback on Testbench').fill('Add a self-checking testbench next time.');
  await grader.getByLabel('Overall feedback').fill('A clean FIFO.');
  await grader.getByRole('button', { name: 'Save grade' }).click();
  await expect(notice(grader, 'Grade saved')).toBeVisible();
  // Focus does not drop to the page: it is on what was saved, with what comes next.
  await expect(grader.locator('.admin-grading__saved')).toBeFocused();
  await expect(queue.getByRole('link').first()).toContainText('Graded 66.67');
  await expectAccessible(grader);

  // The gradebook has the weighted total already; the student does not see the grade before the result date.
  await grader.getByRole('link', { name: 'Grade items' }).click();
  await grader.getByRole('link', { name: 'Gradebook' }).click();
  const row = grader.getByRole('row', { name: new RegExp(`Farah${tag}`) });
  await expect(row.getByRole('cell').last()).toHaveText('66.67');
  // At 1280 px the weighted total is on screen without scrolling the table.
  const total = grader.getByRole('columnheader', { name: 'Weighted total' });
  await expect(total).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('cell').last()).toBeInViewport({ ratio: 1 });
  await learner.reload();
  await expect(learner.getByRole('region', { name: 'Result' })).toHaveCount(0);

  // The admin moves the result date into the past: the grade, rubric feedback and weighted total show.
  await releaseResults(admin, COHORT, PROJECT);
  await learner.reload();
  const result = learner.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('Grade: 66.67%');
  await expect(result).toContainText('Testbench: Missing - Add a self-checking testbench next time.');
  await expect(result).toContainText('A clean FIFO.');
  await learner.goto(gradesUrl);
  await expect(learner.getByRole('tab', { name: 'Grades', selected: true })).toBeVisible();
  await expect(learner.getByTestId('weighted-total')).toHaveText(/^Weighted total: 66\.67%/);
  await expect(learner.getByTestId('grade-result')).toHaveText('Grade: 66.67%');
});
