import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ELIGIBILITY_RULES } from '@school/contracts';
import { getInitiative } from '@school/catalogue/data';
import type { Job } from 'pg-boss';
import { DataSource } from 'typeorm';
import { deadlineText } from '../../common/school-time';
import { tokenHash } from '../../common/token-hash';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import type { TemplateName, TemplateProps } from '../../platform/mail/templates';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { composeMail, mailValues } from './admission-mail-compose';
import { ADMISSION_MAIL_JOB, type AdmissionMailJob, STATUS_TEMPLATES } from './admission-moves';
import * as links from './applicant-link.queries';
import * as interviews from './interviews.queries';

const mailDate = (d: Date | string) =>
  new Date(d).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * What a rejection as not eligible names: the rules the answers did not meet, in the programme's
 * words; when no flag explains it (the admin judged a rule the form cannot tell), the admin's reason.
 */
export function unmetRules(flags: Record<string, boolean | null> | null, reason: string): string[] {
  const rules = Object.entries(flags ?? {})
    .filter(([, v]) => v === false)
    .map(([k]) => ELIGIBILITY_RULES[k as keyof typeof ELIGIBILITY_RULES])
    .filter(Boolean);
  return rules.length ? rules : [reason.trim() || 'The programme’s eligibility requirements'];
}

/**
 * The mail of an application's state (ADMISSION_MAIL_JOB, queued by the move): the applicant's
 * message with a fresh private link, in the intake's edited words when an admin wrote them.
 */
@Injectable()
export class AdmissionStatusMailService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) config: AppConfig,
    @Inject(JobsService) jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
  ) {
    jobs.define<AdmissionMailJob>({
      name: ADMISSION_MAIL_JOB,
      queue: mailRetryQueue(config),
      handler: (data, job) => this.sendMail(data, job),
    });
  }

  /** The mail job: a new private-link token (only its hash is stored) and the message of the state. */
  async sendMail(job: AdmissionMailJob, _meta?: Pick<Job, 'retryCount'>): Promise<void> {
    const facts = await links.mailFacts(this.db, job.application_id);
    if (!facts) return;
    const token = randomBytes(32).toString('base64url');
    await links.saveToken(this.db, job.application_id, tokenHash(token));
    const statusUrl = `${this.mail.webOrigin}/applications/${facts.id_slug}?token=${token}`;
    const base = { name: facts.full_name, programme: getInitiative(facts.intake)?.title ?? facts.intake, statusUrl };
    const subjectId = `admission:${facts.id_slug}:${job.status}:${job.seq}`;
    const template = STATUS_TEMPLATES[job.status];
    const unmet =
      template === 'admission-rejected' && facts.eligible === false ? unmetRules(facts.eligibility, facts.screening_reason) : [];
    // The shortlist's message asks for a booking only when there is a time left to book.
    const interviewOpen = template === 'admission-shortlisted' && (await interviews.intakeHasOpenSlot(this.db, facts.intake));
    // The intake's reply-to address, and the words of its edited template of this kind if an admin wrote one.
    const send = async <N extends TemplateName>(name: N, props: TemplateProps<N>) =>
      this.mail.deliver({
        template: name,
        to: facts.email,
        subjectId,
        props,
        ...(await composeMail(this.db, facts.intake, name, mailValues(facts, statusUrl, unmet, interviewOpen))),
      });
    if (template === 'admission-received') return send(template, { programme: base.programme, statusUrl, course: facts.course });
    if (template === 'admission-offer' || template === 'admission-offer-extended')
      return send(template, {
        ...base,
        cohortTitle: facts.cohort_title ?? '',
        startDate: facts.start_date ? mailDate(facts.start_date) : '',
        endDate: facts.end_date ? mailDate(facts.end_date) : '',
        acceptBy: facts.accept_by ? deadlineText(facts.accept_by) : '',
      });
    if (template === 'admission-rejected' && facts.eligible === false) return send('admission-not-eligible', { ...base, unmet });
    if (template === 'admission-shortlisted') return send(template, { ...base, interviewOpen });
    return send(template, base);
  }
}
