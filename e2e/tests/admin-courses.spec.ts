import { expect, test } from '@playwright/test';
import { dragTo, keyboardMove, lessonTitles, moduleTitles, notice, signInAsAdmin } from '../support/admin';
import { expectAccessible } from '../support/learn';

test.describe.configure({ mode: 'serial' });

const COURSE = `Wafer Metrology ${Date.now().toString(36)}`;

test('an admin creates a course, builds its curriculum and reorders it by drag and by keyboard', async ({ page }) => {
  // Uploads, drags and four axe checks: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page);
  await expectAccessible(page);

  // Create the course; the title is required.
  await page.getByRole('link', { name: 'Create course' }).click();
  await expect(page).toHaveURL(/\/admin\/create\/course$/);
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText('Course title is required')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Course title').fill(COURSE);
  await page.getByLabel('Description').fill('Measuring film thickness, critical dimensions and overlay on production wafers.');
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(notice(page, 'Successful! Course created!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/courses\/[0-9a-f]{32}\?tab=1$/);
  await expect(page.getByRole('tab', { name: 'Curriculum', selected: true })).toBeVisible();

  // Three modules, added through the add-module call.
  for (const title of ['Thin films', 'Critical dimensions', 'Overlay']) {
    await page.getByLabel('Module title').fill(title);
    await page.getByRole('button', { name: 'Add module' }).click();
    await expect(page.locator('.admin-module__title', { hasText: title })).toBeVisible();
    await expect(notice(page, `Module added: ${title}.`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Add module' }).click();
  await expect(page.getByText('Module title is required')).toBeVisible();
  expect(await moduleTitles(page)).toEqual(['Thin films', 'Critical dimensions', 'Overlay']);
  await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeDisabled();

  // Lessons: the video and reading tabs ask for their files and check them by content; quizzes and projects are added.
  const thinFilms = page.getByRole('region', { name: 'Module 1: Thin films' });
  await thinFilms.getByRole('button', { name: 'Add lesson to Thin films' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a lesson to Thin films' });
  await dialog.getByLabel('Lesson title').fill('Ellipsometry in practice');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText('Please upload a video!')).toBeVisible();
  await dialog
    .getByLabel('Video file (mp4)')
    .setInputFiles({ name: 'lecture.mp4', mimeType: 'video/mp4', buffer: Buffer.from('fake mp4') });
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText('This file is not an mp4 video.')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Reading' }).click();
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText('Please upload reading files!')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('tab', { name: 'Online quiz' }).click();
  await dialog.getByLabel('Lesson title').fill('');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog.getByText('Lesson title is required')).toBeVisible();
  await dialog.getByLabel('Lesson title').fill('Quiz: film stacks');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await expect(dialog).toBeHidden();
  for (const [title, tab] of [
    ['Project: measure a nitride film', 'Project submission'],
    ['Quiz: refractive index', 'Online quiz'],
  ]) {
    await thinFilms.getByRole('button', { name: 'Add lesson to Thin films' }).click();
    await dialog.getByRole('tab', { name: tab }).click();
    await dialog.getByLabel('Lesson title').fill(title);
    await dialog.getByRole('button', { name: 'Add lesson' }).click();
    await expect(dialog).toBeHidden();
  }
  expect(await lessonTitles(thinFilms)).toEqual(['Quiz: film stacks', 'Project: measure a nitride film', 'Quiz: refractive index']);
  // The header counts what the editor holds, before it is saved.
  await expect(page.getByText('3 modules · 3 lessons · 0 cohorts · changes not saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(notice(page, 'Curriculum saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save curriculum' })).toBeDisabled();

  // Reorder by mouse: Overlay to the top, the last lesson to the top of its module.
  await dragTo(
    page,
    page.getByRole('button', { name: 'Reorder module Overlay' }),
    page.getByRole('button', { name: 'Reorder module Thin films' }),
  );
  await expect.poll(() => moduleTitles(page)).toEqual(['Overlay', 'Thin films', 'Critical dimensions']);
  const films = page.getByRole('region', { name: /Thin films$/ });
  await dragTo(
    page,
    films.getByRole('button', { name: 'Reorder lesson Quiz: refractive index' }),
    films.getByRole('button', { name: 'Reorder lesson Quiz: film stacks' }),
  );
  await expect.poll(() => lessonTitles(films)).toEqual(['Quiz: refractive index', 'Quiz: film stacks', 'Project: measure a nitride film']);

  // Reorder by keyboard: Space picks up, arrows move, Space drops.
  await keyboardMove(page, page.getByRole('button', { name: 'Reorder module Critical dimensions' }), 'ArrowUp', 2);
  await expect.poll(() => moduleTitles(page)).toEqual(['Critical dimensions', 'Overlay', 'Thin films']);
  await keyboardMove(page, films.getByRole('button', { name: 'Reorder lesson Quiz: refractive index' }), 'ArrowDown', 2);
  await expect.poll(() => lessonTitles(films)).toEqual(['Quiz: film stacks', 'Project: measure a nitride film', 'Quiz: refractive index']);

  // Rename, then delete a lesson with its confirmation.
  await page.getByRole('button', { name: 'Rename Overlay' }).click();
  await page.getByRole('textbox', { name: 'Module title' }).first().fill('Overlay and registration');
  await page.getByRole('button', { name: 'Done' }).click();
  await films.getByRole('button', { name: 'Delete lesson Project: measure a nitride film' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this lesson?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete lesson' }).click();
  expect(await lessonTitles(films)).toEqual(['Quiz: film stacks', 'Quiz: refractive index']);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save curriculum' }).click();
  await expect(notice(page, 'Curriculum saved.')).toBeVisible();

  // What was saved comes back after a reload, in the new order.
  await page.reload();
  await expect(page.locator('.admin-module__title').first()).toHaveText('Critical dimensions');
  expect(await moduleTitles(page)).toEqual(['Critical dimensions', 'Overlay and registration', 'Thin films']);
  expect(await lessonTitles(page.getByRole('region', { name: /Thin films$/ }))).toEqual(['Quiz: film stacks', 'Quiz: refractive index']);

  // Details: Save only when something changed.
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/[0-9a-f]{32}$/);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await page.getByLabel('Course title').fill(`${COURSE} II`);
  await expect(save).toBeEnabled();
  await page.getByLabel('Course title').fill(COURSE);
  await expect(save).toBeDisabled();
  await page.getByLabel('Description').fill('Film thickness, CD and overlay metrology.');
  await save.click();
  await expect(notice(page, 'Course updated.')).toBeVisible();
  await expect(save).toBeDisabled();

  // The list finds it by a case-insensitive search, kept in the URL.
  await page.goto('/admin/courses');
  await page.getByRole('searchbox', { name: 'Search' }).fill(COURSE.toUpperCase());
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('link', { name: COURSE })).toBeVisible();
  await expect(page.getByText('1 result')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: COURSE })).toBeVisible();
});

test('the engagement tab draws completion per module, and the curriculum works on a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Digital IC Design Fundamentals' }).click();
  await page.getByRole('tab', { name: 'Engagement' }).click();
  await expect(page.getByText('Active students')).toBeVisible();
  await expect(page.getByRole('img', { name: /Bar chart of completion by module: RTL design with SystemVerilog/ })).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.locator('summary', { hasText: '1. RTL design with SystemVerilog' }).click();
  await expect(page.getByText('The digital chip design flow')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Curriculum' }).click();
  await expect(page.getByRole('button', { name: 'Reorder module RTL design with SystemVerilog' })).toBeVisible();
  await expectAccessible(page);
});
