import { expect, test } from '@playwright/test';
import { createAccount } from '../support/accounts';
import { notice, signInAsAdmin } from '../support/admin';
import { signInAt } from '../support/cohort-setup';
import { expectFits } from '../support/fit';
import { expectAccessible } from '../support/learn';

const tag = Date.now().toString(36);
const INTAKE = 'youth-programme-2027';
const NAME = `Interviewed Applicant ${tag}`;
const EMAIL = `interview.${tag}@example.com`;
const PLACE = `Room ${tag}, Penang campus`;

/** A `datetime-local` value at 10:00 `days` from now (the form reads it as Malaysia time). */
function tenOClock(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T10:00`;
}

test('an admin publishes interview slots, an applicant books one at 360 px and sees it, and a panel member scores', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const panelist = await createAccount('INSTRUCTOR', `Panel${tag}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);

  // A shortlisted applicant, sent through the public form's call and moved on by the admin's own calls;
  // answers the application's id and the private link of its shortlist mail.
  const { applicationId: id, link } = await page.evaluate(
    async ({ searchTag, name, email }) => {
      const refresh = await fetch('/api/auth/token/refresh/', { method: 'POST', headers: { 'X-Requested-With': 'fetch' } });
      const { access: token } = await refresh.json();
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const visitor = (await (await fetch('/api/forms/visitor-token/', { method: 'POST' })).json()).token as string;
      const sent = await fetch('/api/sheet/submit-form/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Visitor-Token': visitor },
        body: JSON.stringify({
          course: 'Digital Design',
          email,
          full_name: name,
          age: '24',
          dobYear: '2001',
          dobMonth: 'March',
          dobDate: '14',
          gender: 'Female',
          ethnicity: 'Malay',
          marital_status: 'Single',
          full_address: '12 Jalan Bukit Jambul',
          state: 'PENANG',
          city: 'Bayan Lepas',
          postcode: '11900',
          linkedin: 'https://www.linkedin.com/in/interviewed-applicant',
          phone: '+60 12-777 4321',
          secondary_phone: '',
          highest_qualification: 'Degree',
          uni_name: 'Universiti Sains Malaysia',
          degree_name: 'Bachelor of Engineering (Electronics)',
          country_study: 'Malaysia',
          field_study: 'Electrical & Electronic Engineering',
          qualification_type: 'Bachelor of Engineering (Electronics)',
          academic_result: 'CGPA 3.62',
          grad_year: '2024',
          english_qualification: 'MUET',
          english_score: '4.5',
          prev_employment: 'Internship',
          employment_details: 'Test engineering.',
          prev_leadership: 'Student bodies or clubs',
          leadership_details: 'Treasurer.',
          is_citizen: 'true',
          can_participate: 'true',
          can_device: 'true',
          can_relocate: 'false',
          resume: '',
          transcript: '',
        }),
      });
      if (!sent.ok) throw new Error(`submit: ${sent.status} ${await sent.text()}`);
      const list = await (await fetch(`/api/admissions/admin/applications?search_query=${searchTag}`, { headers })).json();
      const applicationId = list.data[0].id_slug as string;
      const call = async (path: string, body: unknown) => {
        const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${path}: ${await res.text()}`);
      };
      await call(`/api/admissions/admin/applications/${applicationId}/screening`, { eligible: true, reason: '' });
      const staff = await (await fetch('/api/admissions/admin/staff', { headers })).json();
      await call('/api/admissions/admin/assignments', { application_ids: [applicationId], reviewer_ids: [staff.data[0].id_slug] });
      await call('/api/admissions/admin/decisions', {
        application_ids: [applicationId],
        decision: 'SHORTLIST',
        reason: 'Strong application',
      });
      // The shortlist mail, once the mail job has sent it, carries the applicant's private link.
      for (let i = 0; i < 150; i++) {
        const box = await (await fetch('/api/admin/mailbox', { headers })).json();
        const m = (box.results as { id: string; to: string; subject: string }[]).find(
          (x) => x.to === email && /shortlist/i.test(x.subject),
        );
        if (m) {
          const message = await (await fetch(`/api/admin/mailbox/${m.id}`, { headers })).json();
          const text = (message.data ?? message).text as string;
          return { applicationId, link: /\/applications\/[0-9a-f]+\?token=[A-Za-z0-9_-]+/.exec(text)![0] };
        }
        await new Promise((r) => setTimeout(r, 400));
      }
      throw new Error('No shortlist mail');
    },
    { searchTag: tag, name: NAME, email: EMAIL },
  );

  // The admin publishes a slot with the panel member, and the interview rubric.
  await page.goto(`/admin/applications/interviews?intake=${INTAKE}`);
  await expect(page.getByRole('heading', { name: 'Interviews', level: 1 })).toBeVisible();
  await page.getByLabel('Starts (Malaysia time)').fill(tenOClock(5));
  await page.getByLabel('Duration (minutes)').fill('45');
  await page.getByLabel('Place').fill(PLACE);
  await page.getByRole('checkbox', { name: new RegExp(`Panel${tag} Tester`) }).check();
  await page.getByRole('button', { name: 'Publish slot' }).click();
  await expect(notice(page, 'Interview slot published')).toBeVisible();
  const slots = page.getByRole('list', { name: 'Interview slots' });
  await expect(slots.getByText(PLACE)).toBeVisible({ timeout: 30_000 });
  const rubric = page.getByRole('group', { name: /^Criterion 1/ });
  await rubric.getByLabel('Title').fill('Communication');
  await rubric.getByLabel('Max points').fill('10');
  await page.getByRole('button', { name: 'Save interview rubric' }).click();
  await expect(notice(page, 'Interview rubric saved')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectFits(page, 'the interviews page');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The applicant books it on a phone through their private link, and sees the booking.
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const applicant = await phone.newPage();
  await applicant.goto(link);
  const interview = applicant.getByRole('region', { name: 'Your interview' });
  await expect(interview).toBeVisible({ timeout: 30_000 });
  await expectFits(applicant, 'the interview slots');
  await interview.getByRole('radio', { name: new RegExp(PLACE) }).check();
  await interview.getByRole('button', { name: 'Book this slot' }).click();
  await expect(interview.getByText('Your interview is booked. We have emailed you the details with a calendar invitation.')).toBeVisible();
  await expect(interview.getByText(PLACE)).toBeVisible();
  await expect(interview.getByText('45 minutes')).toBeVisible();
  await expect(interview.getByText(/10:00 \(Malaysia time\)/).first()).toBeVisible();
  await expect(interview.getByRole('button', { name: 'Cancel my booking' })).toBeVisible();
  await expectFits(applicant, 'the booked interview');
  await expectAccessible(applicant);
  await phone.close();

  // The panel member finds the applicant among their interviews and scores them.
  const staff = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const panel = await staff.newPage();
  await signInAt(panel, panelist.email, panelist.password, /\/instructor/);
  await panel.goto('/instructor/interviews');
  await panel.getByRole('link', { name: NAME }).click();
  // First the conflict-of-interest question, naming the applicant; no conflict opens the interview.
  const question = panel.getByRole('group', { name: `Do you have a conflict of interest with ${NAME}?` });
  await question.getByRole('radio', { name: 'No, I have no conflict of interest' }).check();
  await expectAccessible(panel);
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await expect(panel.getByRole('heading', { name: `Interview: ${NAME}` })).toBeVisible();
  await panel.getByLabel('Communication (0 to 10)').fill('8');
  await panel.getByLabel('Comment').fill('Explained the design clearly.');
  await panel.getByRole('button', { name: 'Submit my scores' }).click();
  await expect(notice(panel, 'Interview scores saved')).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Interview scores' })).toContainText('8');
  await expectAccessible(panel);
  await panel.setViewportSize({ width: 360, height: 800 });
  await expectFits(panel, 'the interview page');
  await staff.close();

  // The admin sees the panel's score on the application's page.
  await page.goto(`/admin/applications/${id}`);
  const section = page.getByRole('region', { name: 'Interview', exact: true });
  await expect(section.getByRole('table', { name: 'Interview scores' })).toContainText(`Panel${tag} Tester`, { timeout: 30_000 });
  await expect(section.getByRole('table', { name: 'Interview scores' })).toContainText('Explained the design clearly.');
});
