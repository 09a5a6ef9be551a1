import type { EntityManager } from 'typeorm';
import type { MailService } from '../../platform/mail/mail.service';

/** "12 January 2027": the cohort's dates as the message writes them (UTC, English). */
export const mailDate = (d: Date | string) =>
  new Date(d).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Queues the 'enrolled in a cohort' notice for each new enrolment, in the transaction that
 * created them. The enrolment is the message's subject: enrolled again after a removal, a student
 * is told again; the same enrolment is never announced twice.
 */
export async function queueEnrolledMails(m: EntityManager, mail: MailService, enrolmentIds: string[]): Promise<void> {
  if (!enrolmentIds.length) return;
  const rows: { enrolment_id: string; email: string; first_name: string; title: string; id_slug: string; start_date: Date; end_date: Date }[] =
    await m.query(
      `SELECT e.id::text AS enrolment_id, u.email, u.first_name, c.title, c.id_slug, c.start_date, c.end_date
         FROM enrolments e JOIN users u ON u.id = e.user_id JOIN cohorts c ON c.id = e.cohort_id
        WHERE e.id = ANY($1::bigint[])`,
      [enrolmentIds],
    );
  for (const r of rows) {
    await mail.queue(m, {
      template: 'enrolled-in-cohort',
      to: r.email,
      subjectId: `enrolment:${r.enrolment_id}`,
      props: {
        firstName: r.first_name,
        cohortTitle: r.title,
        startDate: mailDate(r.start_date),
        endDate: mailDate(r.end_date),
        classUrl: `${mail.learnOrigin}/class/${r.id_slug}`,
      },
    });
  }
}
