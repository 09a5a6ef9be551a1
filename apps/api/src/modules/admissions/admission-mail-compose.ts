import { type AdmissionMailKind, fillPlaceholders, type MailLanguage } from '@school/contracts';
import { getInitiative } from '@school/catalogue/data';
import type { Sql } from '../../common/sql/db';
import { deadlineText } from '../../common/school-time';
import type { EditedMessage } from '../../platform/mail/templates/edited-message';
import { admissionShortlistedStrings } from '../../platform/mail/templates/admission-decision';
import { DEFAULT_TEMPLATES, kindOfTemplate } from './admission-mail-defaults';
import { mailSettings } from './admission-mail.queries';
import type { mailFacts } from './applicant-link.queries';

type MailFacts = NonNullable<Awaited<ReturnType<typeof mailFacts>>>;

const mailDate = (d: Date | string) =>
  new Date(d).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The value of every placeholder for an application, as its messages write them (the unmet rules are the caller's). */
export function mailValues(facts: MailFacts, statusUrl: string, unmet: string[], interviewOpen = false): Record<string, string> {
  return {
    name: facts.full_name,
    programme: getInitiative(facts.intake)?.title ?? facts.intake,
    course: facts.course,
    status_url: statusUrl,
    cohort: facts.cohort_title ?? '',
    start_date: facts.start_date ? mailDate(facts.start_date) : '',
    end_date: facts.end_date ? mailDate(facts.end_date) : '',
    accept_by: facts.accept_by ? deadlineText(facts.accept_by) : '',
    unmet_rules: unmet.join('; '),
    interview_booking: interviewOpen ? admissionShortlistedStrings.interview : '',
  };
}

/** A template's words filled in, in the frame (title, action, footer) of its kind's message. */
export function editedMessage(kind: AdmissionMailKind, subject: string, body: string, values: Record<string, string>): EditedMessage {
  const frame = DEFAULT_TEMPLATES[kind].frame;
  return {
    subject: fillPlaceholders(subject, values).replace(/\s+/g, ' ').trim(),
    title: values.programme,
    // A placeholder with nothing to say (no interview to book) leaves no empty paragraph behind.
    body: fillPlaceholders(body, values)
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    action: { url: values.status_url, label: frame.action, linkIntro: frame.linkIntro },
    footer: frame.footer,
  };
}

/**
 * How an admissions message of the intake goes out: with the intake's reply-to address, and in
 * the words of its newest saved template if an admin wrote one (else the template's own).
 */
export async function composeMail(
  q: Sql,
  intake: string,
  template: string,
  values: Record<string, string>,
  language: MailLanguage = 'en',
): Promise<{ replyTo?: string; edited?: EditedMessage }> {
  const kind = kindOfTemplate(template);
  if (!kind) return {};
  const s = await mailSettings(q, intake, kind, language);
  return {
    ...(s.reply_to ? { replyTo: s.reply_to } : {}),
    ...(s.subject !== null && s.body !== null ? { edited: editedMessage(kind, s.subject, s.body, values) } : {}),
  };
}
