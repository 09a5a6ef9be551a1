import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/admin';
import { expectAccessible } from '../support/learn';

test.describe.configure({ mode: 'serial' });

/** One application to the open intake, as the public form sends it. */
const application = (email: string) => ({
  course: 'Packaging',
  email,
  full_name: 'Hana Yusof',
  age: '23',
  dobYear: '2003',
  dobMonth: 'May',
  dobDate: '2',
  gender: 'Female',
  ethnicity: 'Malay',
  marital_status: 'Single',
  full_address: '8 Jalan Tun Razak',
  state: 'PERAK',
  city: 'Ipoh',
  postcode: '30450',
  linkedin: 'https://www.linkedin.com/in/hana-yusof',
  phone: '+60 12-555 0101',
  secondary_phone: '',
  highest_qualification: 'Diploma',
  uni_name: 'Politeknik Ungku Omar',
  degree_name: 'Diploma in Electronic Engineering',
  country_study: 'Malaysia',
  field_study: 'Electrical & Electronic Engineering',
  qualification_type: 'Diploma in Electrical & Electronic Engineering',
  academic_result: 'CGPA 3.4',
  grad_year: '2024',
  english_qualification: 'MUET',
  english_score: '4.5',
  prev_employment: 'Internship',
  employment_details: 'Line technician intern.',
  prev_leadership: 'Student bodies or clubs',
  leadership_details: 'Robotics club secretary.',
  is_citizen: 'true',
  can_participate: 'true',
  can_device: 'true',
  can_relocate: 'true',
  resume: '',
  transcript: '',
});

test.beforeAll(async ({ request }) => {
  const res = await request.post('/api/sheet/submit-form/', { data: application(`hana.${Date.now()}@example.com`) });
  expect(res.status(), await res.text()).toBe(201);
});

for (const width of [1280, 360]) {
  test(`the admissions overview opens from Applications and shows the intake's figures, accessibly, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsAdmin(page);
    await page.goto('/admin/applications');
    await page.getByRole('link', { name: 'Admissions overview' }).click();
    await expect(page).toHaveURL(/\/admin\/applications\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admissions overview' })).toBeVisible();
    const funnel = page.getByRole('region', { name: 'Funnel' });
    await expect(funnel.getByRole('row').nth(1)).toContainText('Submitted');
    await expect(page.getByRole('region', { name: 'By state' })).toContainText('Perak');
    await expect(page.getByRole('region', { name: 'Time to decision' })).toContainText('Awaiting a decision');
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export decisions (CSV)' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^decisions-youth-programme-2027-\d{4}-\d{2}-\d{2}\.csv$/);
    // The saved file starts with the UTF-8 byte-order mark, so Excel reads names in any script.
    const bytes = readFileSync(await saved.path());
    expect([...bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
  });
}
