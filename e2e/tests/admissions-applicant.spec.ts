import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { DEMO } from '../support/demo';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const EMAIL = `admitted.${tag}@example.com`;
const COHORT = `Admitted Cohort ${tag}`;
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** The applicant fills in and sends the youth programme's form. */
async function applyThroughTheForm(page: Page) {
  await page.goto('/apply/youth-programme-2027/application?course=Analog%20Design');
  const select = (label: string, value: string) => page.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  const fill = (label: string, value: string) => page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await fill('Full name', 'Aisyah Rahman');
  await fill('Email', EMAIL);
  await select('Age', '24');
  await select('Gender', 'Female');
  await select('Birth date', '9');
  await select('Birth month', 'May');
  await select('Birth year', '2001');
  await select('Ethnicity', 'Malay');
  await select('Marital status', 'Single');
  await fill('Full address', '8 Jalan Sains, Bayan Lepas');
  await select('State', 'PENANG');
  await fill('City', 'Bayan Lepas');
  await fill('Postcode', '11900');
  await fill('LinkedIn profile', 'https://www.linkedin.com/in/aisyah-rahman');
  await fill('Phone number', '0123456789');
  await select('Highest qualification', 'Degree');
  await fill('University name', 'Universiti Sains Malaysia');
  await fill('Degree title', 'Bachelor of Engineering (Electronics)');
  await select('Country of study', 'Malaysia');
  await select('Field of study', 'Electrical & Electronic Engineering');
  await select('Qualification type', 'Bachelor of Engineering (Electronics)');
  await fill('Academic result (CGPA or class)', 'CGPA 3.60');
  await select('Graduation year', '2025');
  await select('English qualification', 'IB English');
  await select('English score', '6');
  await select('Previous employment', 'None');
  await select('Previous leadership', 'Student bodies or clubs');
  for (const question of [/Malaysian citizen/, /take part/, /laptop/, /relocate/])
    await page.getByRole('group', { name: question }).getByLabel('Yes').check();
  await page.getByLabel('Resume').setInputFiles({ name: 'aisyah-cv.pdf', mimeType: 'application/pdf', buffer: pdf('resume') });
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/\/apply\/thank-you$/);
  await expect(page.getByText('A confirmation email is on its way')).toBeVisible();
}

/** The admin, through the API: screens the application, reviews, shortlists and offers a place in a new cohort. */
async function offerAPlace(request: APIRequestContext) {
  const login = await request.post('/api/auth/login/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).access}` };
  const list = await (
    await request.get(`/api/admissions/admin/applications?search_query=${encodeURIComponent(EMAIL)}`, { headers })
  ).json();
  expect(list.data[0]).toMatchObject({ status: 'SUBMITTED', eligibility: { unemployed: true, malaysian_citizen: true } });
  const id = list.data[0].id_slug as string;
  const courses = await (await request.get('/api/courses/admin/list?page=1&page_size=1', { headers })).json();
  const cohort = await request.post('/api/cohorts/admin/create/', {
    headers,
    data: {
      title: COHORT,
      start_date: days(10),
      end_date: days(100),
      end_access_date: days(120),
      result_open_date: null,
      course_ids: [courses.data[0].id_slug],
    },
  });
  expect(cohort.ok()).toBe(true);
  const cohortId = (await cohort.json()).id_slug as string;
  expect((await request.post(`/api/admissions/admin/applications/${id}/screening`, { headers, data: { eligible: true } })).ok()).toBe(true);
  for (const action of ['review', 'shortlist'])
    expect((await request.post('/api/admissions/admin/decisions', { headers, data: { ids: [id], action, reason: 'Strong' } })).ok()).toBe(
      true,
    );
  const offer = await request.post('/api/admissions/admin/decisions', {
    headers,
    data: { ids: [id], action: 'offer', reason: 'Top of the list', cohort_id_slug: cohortId, accept_by: days(7) },
  });
  expect(offer.ok()).toBe(true);
}

/** The admin opens the offer in the development mailbox and answers its private link. */
async function offerLink(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signInAsAdmin(admin);
    await admin.getByRole('link', { name: 'Mailbox' }).click();
    const item = admin
      .getByRole('list', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: `To ${EMAIL}` })
      .filter({ hasText: 'An offer of a place' });
    await expect(item).toHaveCount(1, { timeout: 30_000 });
    await item.click();
    const message = admin.getByRole('region', { name: 'Message' });
    await message.getByRole('button', { name: 'Text' }).click();
    const text = await message.locator('pre').innerText();
    expect(text).toContain(COHORT);
    const link = /https?:\/\/\S+\/applications\/[0-9a-f]+\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    if (!link) throw new Error(`no private link in: ${text}`);
    return new URL(link).pathname + new URL(link).search;
  } finally {
    await context.close();
  }
}

test('an applicant opens the private link of the offer from the mailbox and accepts the place', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  await applyThroughTheForm(page);
  await offerAPlace(request);
  const link = await offerLink(browser);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
  await expect(page.getByText('Place offered.')).toBeVisible();
  await expect(page.getByText(COHORT)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Accept my place' }).click();
  await expect(page.getByText('Check your email: we sent a link to create your account and join your class.')).toBeVisible();
  await expect(page.getByText('Offer accepted.')).toBeVisible();

  // A wrong token shows nothing of the application.
  await page.goto(link.replace(/token=.*/, `token=${'x'.repeat(43)}`));
  await expect(page.getByText('This link is not valid. Use the link in your confirmation email.')).toBeVisible();
  await expect(page.getByText(COHORT)).toHaveCount(0);
});
