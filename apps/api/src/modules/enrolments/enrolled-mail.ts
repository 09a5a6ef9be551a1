import type { EntityManager } from 'typeorm';
import type { MailService } from '../../platform/mail/mail.service';

/** "12 January 2027": the cohort's dates as the message writes them (UTC, English). */
export const mailDate = (d: Date | string) =>
  new Date(d).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export interface NewEnrolment {
  enrolment_id: string;
  email: string;
  first_name: string;
}

/**
 * Queues the 'enrolled in a cohort' notice for each new enrolment, in one statement of the
 * transaction that created them. The enrolment is the message's subject: enrolled again after a
 * removal, a student is told again; the same enrolment is never announced twice.
 */
export async function queueEnrolledMails(
  m: EntityManager,
  mail: MailService,
  cohort: { id_slug: string; title: string; start_date: Date | string; end_date: Date | string },
  enrolments: NewEnrolment[],
): Promise<void> {
  await mail.queueMany(
    m,
    enrolments.map((e) => ({
      template: 'enrolled-in-cohort' as const,
      to: e.email,
      subjectId: `enrolment:${e.enrolment_id}`,
      props: {
        firstName: e.first_name,
        cohortTitle: cohort.title,
        startDate: mailDate(cohort.start_date),
        endDate: mailDate(cohort.end_date),
        classUrl: `${mail.learnOrigin}/class/${cohort.id_slug}`,
      },
    })),
  );
}
