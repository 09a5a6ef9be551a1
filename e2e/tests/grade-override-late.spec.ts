import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { DEMO } from '../support/demo';
import { expectAccessible, signInAsStudent } from '../support/learn';
import { makeZip } from '../support/zip';

/**
 * A late hand-in charged by the item's late policy, then a grade set by hand by the cohort's
 * instructor: the instructor keeps seeing the computed grade before and after the penalty beside
 * it (gradebook and log), and the student (at 360 px) reads the grade set by hand as their grade.
 */

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** An answer's JSON after checking its status; read loosely, as the other browser tests read theirs. */
// oxlint-disable-next-line typescript/no-explicit-any
async function json(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<any> {
  expect(res.status(), await res.text()).toBe(status);
  return res.json();
}

test('a grade set by hand over a late-penalised grade: the instructor sees all three, the student the one that counts', async ({
  browser,
  request,
}) => {
  // Three people on five screens, on a machine shared with other work.
  test.setTimeout(420_000);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const PROJECT = `Clock divider ${stamp}`;
  const COHORT = `Override cohort ${stamp}`;
  const login = await json(await request.post('/api/auth/login/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } }));
  const admin = { Authorization: `Bearer ${login.access}` };

  // A course with one project, a running cohort on it, its instructor and a student who registered.
  const course = await json(
    await request.post('/api/courses/admin/create/', { headers: admin, data: { title: `Clocks ${stamp}`, description: '' } }),
    201,
  );
  await json(
    await request.put(`/api/courses/admin/${course.id_slug}/modules/update/`, {
      headers: admin,
      data: { modules: [{ title: 'Clocks', order: 0, lessons: [{ title: PROJECT, order: 0, lesson_type: 'PROJECT' }] }] },
    }),
  );
  const lessonId = (await json(await request.get(`/api/courses/admin/${course.id_slug}`, { headers: admin }))).data.modules[0].lessons[0]
    .id_slug as string;
  const cohort = await json(
    await request.post('/api/cohorts/admin/create/', {
      headers: admin,
      data: {
        title: COHORT,
        start_date: days(-2),
        end_date: days(60),
        end_access_date: days(90),
        result_open_date: null,
        course_ids: [course.id_slug],
      },
    }),
    201,
  );
  const instructor = await createAccount('INSTRUCTOR', `Hafiz${stamp.slice(-4)}`);
  const staff = await json(
    await request.get(`/api/cohorts/admin/${cohort.id_slug}/instructors/candidates?search_query=${encodeURIComponent(instructor.email)}`, {
      headers: admin,
    }),
  );
  await json(
    await request.post(`/api/cohorts/admin/${cohort.id_slug}/instructors`, {
      headers: admin,
      data: { user_id_slug: staff.data[0].id_slug },
    }),
    201,
  );
  const student = {
    email: `override-${stamp}@example.com`,
    password: 'Silicon#Wafer9',
    first_name: `Aina${stamp.slice(-4)}`,
    last_name: 'Late',
  };
  const { user } = await json(await request.post('/api/auth/register/', { data: student }), 201);
  await json(
    await request.post(`/api/cohorts/admin/${cohort.id_slug}/add-student`, { headers: admin, data: { user_id_slug: user.id_slug } }),
    201,
  );
  const name = `${student.first_name} ${student.last_name}`;

  // The deadline passed six hours ago; late hand-ins are taken for two more days at 10 points a day.
  const item = (
    await json(
      await request.put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${lessonId}/grade-item`, {
        headers: admin,
        data: {
          open_datetime: days(-1),
          deadline_datetime: days(-0.25),
          late_deadline_datetime: days(2),
          late_penalty_per_day: 10,
          grade_percentage: 100,
          is_mandatory: true,
        },
      }),
    )
  ).id_slug as string;

  // The student hands in on a phone, told first what handing in late costs.
  const learner = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInAsStudent(learner, student.email, student.password, student.first_name);
  await learner.getByRole('link', { name: COHORT }).click();
  await learner.getByRole('tab', { name: 'Grades' }).click();
  await expect(learner).toHaveURL(/\?tab=1$/);
  const gradesUrl = learner.url();
  await learner.getByRole('link', { name: `Start ${PROJECT}` }).click();
  await learner.getByRole('link', { name: 'Open project submission' }).click();
  await expect(learner.getByText('Submitted now, this will be marked late: −10% per day')).toBeVisible();
  await learner.getByLabel('Project file (.zip)').setInputFiles({
    name: 'divider.zip',
    mimeType: 'application/zip',
    buffer: makeZip([{ name: 'rtl/divider.sv', data: 'module divider (input logic clk); endmodule\n' }]),
  });
  await learner.getByRole('button', { name: 'Upload' }).click();
  await expect(learner.getByText('Your project has been handed in.')).toBeVisible();
  const projectUrl = learner.url();

  // The late window closes and results open; the hand-in is graded 80, charged one started day: 70.
  const now = new Date(Date.now() - 1000).toISOString();
  await json(
    await request.put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${lessonId}/grade-item`, {
      headers: admin,
      data: {
        open_datetime: days(-1),
        deadline_datetime: days(-0.25),
        late_deadline_datetime: now,
        result_open_datetime: now,
        late_penalty_per_day: 10,
        grade_percentage: 100,
        is_mandatory: true,
      },
    }),
  );
  const queue = await json(await request.get(`/api/grading/items/${item}/submissions`, { headers: admin }));
  await json(await request.put(`/api/grading/submissions/${queue.data[0].id_slug}/grade`, { headers: admin, data: { user_grade: 80 } }));
  await learner.goto(projectUrl);
  await expect(learner.getByRole('region', { name: 'Result' })).toContainText('Grade: 70% (80% before the late penalty: 1 day late)');

  // The cohort's instructor sets the grade by hand in the gradebook, with a reason.
  const grader = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
  await signInAt(grader, instructor.email, instructor.password, /\/instructor$/);
  await grader.goto(`/instructor/gradebook/${cohort.id_slug}`);
  const row = grader.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell').first()).toContainText('80 before the late penalty (1 day late)');
  await grader.getByRole('button', { name: `Override ${PROJECT} for ${name}` }).click();
  const dialog = grader.getByRole('dialog', { name: `Set grade by hand · ${PROJECT}` });
  await expect(dialog).toContainText('computed grade: 80, 70 after the late penalty (1 day late)');
  await dialog.getByLabel('Grade (0-100)').fill('90');
  await dialog.getByLabel(/Reason/).fill('The upload failed twice; the work was shown on time');
  await dialog.getByRole('button', { name: 'Set grade' }).click();
  await expect(notice(grader, `Grade set to 90 for ${name}.`)).toBeVisible();
  await expect(row.getByRole('cell').first()).toContainText('90Set by hand · computed 80, 70 after the late penalty (1 day late)');
  await expect(row.getByRole('cell').last()).toContainText('90');
  const log = grader.getByRole('region', { name: 'Grades set by hand' });
  await expect(log).toContainText(`${name} · ${PROJECT}: — → 90`);
  await expect(log).toContainText('Computed grade then: 80, 70 after the late penalty');
  await expectAccessible(grader);

  // The student reads the grade set by hand as their grade, on the project and on the Grades tab.
  await learner.goto(projectUrl);
  await expect(learner.getByRole('region', { name: 'Result' })).toContainText('Grade: 90% (grade set by your instructor)');
  await expect(learner.getByText(/before the late penalty/)).toHaveCount(0);
  await expectAccessible(learner);
  await learner.goto(gradesUrl);
  await expect(learner.getByTestId('grade-result')).toHaveText('Grade: 90% (grade set by your instructor)');
  await expect(learner.getByTestId('weighted-total')).toHaveText(/^Weighted total: 90%/);
  await expectAccessible(learner);
});
