import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { mailRetryQueue } from './mail-retry';
import { JobsService } from '../jobs/jobs.service';
import { DevMailbox } from './dev-mailbox';
import { recordDelivery, wasDelivered } from './mail.queries';
import { renderMail, type TemplateName, type TemplateProps } from './templates';

export const SEND_MAIL_JOB = 'send-mail';

export interface SendMailJob<N extends TemplateName = TemplateName> {
  template: N;
  to: string;
  /** The thing the message is about (an enrolment...): one message per template, recipient and subject. */
  subjectId: string;
  props: TemplateProps<N>;
  /**
   * For mail the recipient may turn off: the one-click unsubscribe URL (RFC 8058), sent as the
   * List-Unsubscribe and List-Unsubscribe-Post headers. Account mail has none.
   */
  unsubscribeUrl?: string;
}

/** The RFC 8058 headers of a message that may be turned off; none for account mail. */
export function unsubscribeHeaders(url: string | undefined): Record<string, string> {
  if (!url) return {};
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The job id of a message: the same (template, recipient, subject) always gives the same id. */
export function mailJobId(template: string, to: string, subjectId: string): string {
  const h = createHash('sha256')
    .update(JSON.stringify([template, to.toLowerCase(), subjectId]))
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Mail is sent only by jobs, never inside a request: a caller queues a message in its own
 * transaction, and the send-mail job renders the template and hands it to SMTP (SMTP_URL, or the
 * development mailbox). A failed send throws, so the job is retried with back-off and, after its
 * last try, shown to admins as failed. Each (template, recipient, subject) is sent once.
 */
@Injectable()
export class MailService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly mailbox?: DevMailbox;
  private transport?: Transporter;
  private ready?: Promise<Transporter>;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {
    if (config.devMailbox) this.mailbox = new DevMailbox(ds);
    jobs.define<SendMailJob>({
      name: SEND_MAIL_JOB,
      queue: mailRetryQueue(config),
      handler: (data) => this.deliver(data),
    });
  }

  /** Where the learner app is reached, for links in messages. */
  get learnOrigin(): string {
    return (this.config.LEARN_ORIGIN ?? this.config.publicUrl).replace(/\/+$/, '');
  }

  /** Where the admin console is reached, for links in messages to staff. */
  get adminOrigin(): string {
    return (this.config.ADMIN_ORIGIN ?? this.config.publicUrl).replace(/\/+$/, '');
  }

  /** Where the API is reached from outside (the one-click unsubscribe of List-Unsubscribe). */
  get apiOrigin(): string {
    return this.config.publicUrl.replace(/\/+$/, '');
  }

  /** Where the public site is reached (sign-in, password reset), for links in messages. */
  get webOrigin(): string {
    return (this.config.WEB_ORIGIN ?? this.config.publicUrl).replace(/\/+$/, '');
  }

  async onModuleInit(): Promise<void> {
    await this.open();
  }

  private open(): Promise<Transporter> {
    this.ready ??= (async () => {
      let url = this.config.SMTP_URL;
      if (this.mailbox) {
        const port = await this.mailbox.start(this.config.DEV_MAILBOX_PORT);
        url = `smtp://127.0.0.1:${port}`;
        if (this.config.NODE_ENV !== 'test')
          this.logger.log(`No SMTP_URL: mail goes to the development mailbox (SMTP on 127.0.0.1:${port}), read it at /admin/mailbox`);
      }
      if (!url) throw new Error('No SMTP server: set SMTP_URL to send mail');
      const options: SMTPTransport.Options = { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
      this.transport = createTransport(options, { from: this.config.MAIL_FROM });
      return this.transport;
    })();
    return this.ready;
  }

  /** Queues a message in the caller's transaction; a repeat of the same message queues nothing. */
  queue<N extends TemplateName>(m: EntityManager, message: SendMailJob<N>): Promise<string | null> {
    return this.jobs.send(m, SEND_MAIL_JOB, message, { id: mailJobId(message.template, message.to, message.subjectId) });
  }

  /** Queues many messages in one statement, in the caller's transaction. */
  queueMany(m: EntityManager, messages: SendMailJob[]): Promise<void> {
    return this.jobs.sendMany(
      m,
      SEND_MAIL_JOB,
      messages.map((message) => ({ id: mailJobId(message.template, message.to, message.subjectId), data: message })),
    );
  }

  /** The job: render and send, unless this message was already sent. */
  async deliver(job: SendMailJob): Promise<void> {
    const recipient = job.to.toLowerCase();
    if (await wasDelivered(this.ds, job.template, recipient, job.subjectId)) return;
    const transport = await this.open();
    const mail = await renderMail(job.template, job.props);
    const info = await transport.sendMail({
      to: job.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: unsubscribeHeaders(job.unsubscribeUrl),
    });
    await recordDelivery(this.ds, job.template, recipient, job.subjectId, info.messageId ?? null);
  }

  async onApplicationShutdown(): Promise<void> {
    this.transport?.close();
    await this.mailbox?.stop();
  }
}
