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
  // The call is held until the busy button has been seen, however slow the machine.
  let release!: () => void;
  const seen = new Promise<void>((r) => (release = r));
  await page.route('**/api/forms/contact/', async (route) => {
    await seen;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  await expect(page.getByText("Thanks! We'll get back to you soon.")).toBeVisible();
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeHidden();
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('First name')).toHaveValue('');

  const token = await adminToken(request);
  const list = await request.get(`/api/forms/admin/list?kind=contact&search_query=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await list.json();
  expect(body.data).toEqual([
    expect.objectContaining({ kind: 'contact', first_name: 'Aina', email, message: 'Do you run weekend classes for working engineers?' }),
  ]);
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
  const list = await request.get(`/api/forms/admin/list?kind=course-interest&search_query=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await list.json()).data).toEqual([expect.objectContaining({ course: title, first_name: 'Kumar', last_name: 'Raj' })]);

  // A refusal with an errors array is shown joined in place of the form.
  await page.route('**/api/forms/course-interest/', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ errors: [{ message: 'Email is required' }, { message: 'Course is required' }] }),
    }),
  );
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('First name').fill('Kumar');
  await form.getByLabel('Last name').fill('Raj');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Register interest' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Email is required, Course is required/);
});

test('a visitor who sent too many forms is told how long to wait, while others on the same network still get through', async ({
  page,
  browser,
}) => {
  const fillContact = async (p: typeof page, email: string) => {
    await p.getByLabel('First name').fill('Aina');
    await p.getByLabel('Last name').fill('Zulkifli');
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Phone').fill('+60 12-345 6789');
    await p.getByRole('textbox', { name: 'Message' }).fill('Is there a weekend class?');
    await p.getByRole('form', { name: 'Contact form' }).getByRole('button', { name: 'Send message' }).click();
  };
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  await fillContact(page, `first-${Date.now()}@example.com`);
  await expect(page.getByText("Thanks! We'll get back to you soon.")).toBeVisible();
  // The token this browser was given with its first form; nine more forms under it use up its ten.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('school_visitor_token') ?? 'null')?.token as string | undefined);
  expect(token).toBeTruthy();
  for (let i = 0; i < 9; i++) {
    const res = await page.request.post('/api/forms/contact/', {
      headers: { 'X-Visitor-Token': token! },
      multipart: { firstName: 'Aina', lastName: 'Zulkifli', email: `more-${i}-${Date.now()}@example.com`, phone: '0123', message: 'Hello' },
    });
    expect(res.status()).toBe(200);
  }
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible({ timeout: 30_000 });
  await fillContact(page, `eleventh-${Date.now()}@example.com`);
  await expect(page.getByRole('alert')).toContainText(
    /^Too many submissions from your network\. Please try again in (9|10) minutes\.(Try again)?$/,
  );
  await page.screenshot({ path: 'test-results/contact-too-many.png' });

  // Another visitor behind the same address is counted apart.
  const other = await browser.newPage();
  await other.goto('/contact');
  await other.waitForLoadState('networkidle');
  await fillContact(other, `neighbour-${Date.now()}@example.com`);
  await expect(other.getByText("Thanks! We'll get back to you soon.")).toBeVisible();
  await other.close();
});
