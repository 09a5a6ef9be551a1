import { expect, type APIRequestContext, test } from '@playwright/test';
import { DEMO } from '../support/demo';

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login/', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  expect(res.ok()).toBe(true);
  return (await res.json()).access;
}

test('the contact form shows Submitting..., thanks the visitor for 5 seconds and stores the message', async ({ page, request }) => {
  const email = `contact-${Date.now()}@example.com`;
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send message' }).click();
  // The browser's own checks stop an empty form.
  await expect(page.getByText("Thanks! We'll get back to you soon.")).toHaveCount(0);
  await page.getByLabel('First name').fill('Aina');
  await page.getByLabel('Last name').fill('Zulkifli');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+60 12-345 6789');
  await page.getByRole('textbox', { name: 'Message' }).fill('Do you run weekend classes for working engineers?');
  await page.route('**/api/forms/contact/', async (route) => {
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(page.getByText("Thanks! We'll get back to you soon.")).toBeVisible();
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeHidden();
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible({ timeout: 7000 });
  await expect(page.getByLabel('First name')).toHaveValue('');

  const token = await adminToken(request);
  const list = await request.get(`/api/forms/admin/list?kind=contact&search_query=${encodeURIComponent(email)}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await list.json();
  expect(body.data).toEqual([expect.objectContaining({ kind: 'contact', first_name: 'Aina', email, message: 'Do you run weekend classes for working engineers?' })]);
});

test('the course interest form sends the course title and shows the server refusal in place of the form', async ({ page, request }) => {
  const email = `interest-${Date.now()}@example.com`;
  await page.goto('/courses/course-36');
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const form = page.getByRole('form', { name: 'Course interest form' });
  await form.getByLabel('First name').fill('Kumar');
  await form.getByLabel('Last name').fill('Raj');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Register interest' }).click();
  await expect(page.getByText("Thanks! We'll get back to you soon.")).toBeVisible();

  const token = await adminToken(request);
  const list = await request.get(`/api/forms/admin/list?kind=course-interest&search_query=${encodeURIComponent(email)}`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await list.json()).data).toEqual([expect.objectContaining({ course: title, first_name: 'Kumar', last_name: 'Raj' })]);

  // A refusal with an errors array is shown joined in place of the form.
  await page.route('**/api/forms/course-interest/', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Email is required' }, { message: 'Course is required' }] }) }),
  );
  await expect(form).toBeVisible({ timeout: 7000 });
  await form.getByLabel('First name').fill('Kumar');
  await form.getByLabel('Last name').fill('Raj');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Register interest' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Email is required, Course is required/);
});
