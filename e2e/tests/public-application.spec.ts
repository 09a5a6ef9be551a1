import { expect, test } from '@playwright/test';
import { DEMO } from '../support/demo';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

test('a graduate applies to the youth programme with a PDF resume, and an admin finds the application', async ({ page, request }) => {
  const email = `applicant-${Date.now()}@example.com`;
  await page.goto('/apply/youth-programme-2027/application?course=Analog%20Design');
  await expect(page.getByRole('combobox', { name: 'Course', exact: true })).toHaveValue('Analog Design');

  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('This field is required')).toHaveCount(4);

  const select = (label: string, value: string) => page.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Nurul Izzah');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await select('Age', '23');
  await select('Gender', 'Female');
  await select('Birth date', '2');
  await select('Birth month', 'July');
  await select('Birth year', '2002');
  await select('Ethnicity', 'Malay');
  await select('Marital status', 'Single');
  await page.getByRole('textbox', { name: 'Full address', exact: true }).fill('5 Jalan Universiti, Bandar Baru Bangi');
  await select('State', 'SELANGOR');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Bangi');
  await page.getByRole('textbox', { name: 'Postcode', exact: true }).fill('43650');
  await page.getByRole('textbox', { name: 'LinkedIn profile', exact: true }).fill('https://www.linkedin.com/in/nurul-izzah');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('0198765432');
  await select('Highest qualification', 'Degree');
  await page.getByRole('textbox', { name: 'University name', exact: true }).fill('Universiti Kebangsaan Malaysia');
  await page.getByRole('textbox', { name: 'Degree title', exact: true }).fill('Bachelor of Engineering (Electronics)');
  await select('Country of study', 'Malaysia');
  await select('Field of study', 'Electrical & Electronic Engineering');
  await select('Qualification type', 'Bachelor of Engineering (Electronics)');
  await page.getByRole('textbox', { name: 'Academic result (CGPA or class)', exact: true }).fill('CGPA 3.71');
  await select('Graduation year', '2025');
  await select('English qualification', 'IB English');
  await expect(page.getByRole('combobox', { name: 'English score', exact: true }).locator('option')).toHaveText([
    'Select...',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
  ]);
  await select('English score', '6');
  await select('Previous employment', 'Internship');
  await select('Previous leadership', 'Student bodies or clubs');
  for (const question of [/Malaysian citizen/, /take part/, /laptop/, /relocate/]) {
    await page.getByRole('group', { name: question }).getByLabel('Yes').check();
  }
  // An oversized file is refused before upload.
  await page
    .getByLabel('Academic transcript')
    .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(2.5 * 1024 * 1024 + 1, 0x20) });
  await expect(page.getByText('File size must be less than 2.5MB')).toBeVisible();
  await page.getByLabel('Resume').setInputFiles({ name: 'nurul-cv.pdf', mimeType: 'application/pdf', buffer: pdf('resume of Nurul') });

  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/\/apply\/thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();

  const login = await request.post('/api/auth/login/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  const auth = { Authorization: `Bearer ${(await login.json()).access}` };
  const list = await (
    await request.get(`/api/applications/admin/list?search_query=${encodeURIComponent(email)}`, { headers: auth })
  ).json();
  expect(list.count).toBe(1);
  const detail = await (await request.get(`/api/applications/admin/${list.data[0].id_slug}`, { headers: auth })).json();
  expect(detail.data).toMatchObject({
    course: 'Analog Design',
    full_name: 'Nurul Izzah',
    email,
    state: 'SELANGOR',
    english_qualification: 'IB English',
    english_score: '6',
    can_participate: 'true',
    transcript: null,
  });
  const file = await request.get(detail.data.resume);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).toString()).toContain('resume of Nurul');

  const csv = await (
    await request.get(`/api/applications/admin/export?search_query=${encodeURIComponent(email)}`, { headers: auth })
  ).text();
  expect(csv).toContain('"Nurul Izzah"');
  expect(csv).toContain('"nurul-cv.pdf"');
});

test('a failed submission alerts and stays on the form', async ({ page }) => {
  await page.route('**/api/sheet/submit-form/', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
  );
  await page.goto('/apply/youth-programme-2027/application?course=Packaging');
  await expect(page.getByRole('combobox', { name: 'Course', exact: true })).toHaveValue('Packaging');
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.dismiss();
  });
  const select = (label: string, value: string) => page.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Test Applicant');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('fail@example.com');
  for (const [l, v] of [
    ['Age', '25'],
    ['Gender', 'Male'],
    ['Birth date', '1'],
    ['Birth month', 'May'],
    ['Birth year', '2000'],
    ['Ethnicity', 'Chinese'],
    ['Marital status', 'Single'],
    ['State', 'JOHOR'],
    ['Highest qualification', 'Diploma'],
    ['Country of study', 'Others'],
    ['Field of study', 'Others'],
    ['Qualification type', 'Others'],
    ['Graduation year', '2026 or later'],
    ['English score', '6.5'],
    ['Previous employment', 'None'],
    ['Previous leadership', 'None'],
  ] as const) {
    await select(l, v);
  }
  for (const [l, v] of [
    ['Full address', 'Somewhere 1'],
    ['City', 'Johor Bahru'],
    ['Postcode', '80000'],
    ['LinkedIn profile', 'https://linkedin.com/in/x'],
    ['University name', 'Politeknik'],
    ['Degree title', 'Diploma'],
    ['Academic result (CGPA or class)', '3.0'],
  ] as const) {
    await page.getByRole('textbox', { name: l, exact: true }).fill(v);
  }
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('0123');
  for (const question of [/Malaysian citizen/, /take part/, /laptop/, /relocate/])
    await page.getByRole('group', { name: question }).getByLabel('No').check();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect.poll(() => messages, { timeout: 20_000 }).toEqual(['Uh oh... something went wrong. Please try again later.']);
  await expect(page).toHaveURL(/application\?course=Packaging$/);
});
