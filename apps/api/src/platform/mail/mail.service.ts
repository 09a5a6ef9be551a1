import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'pg-boss';
import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { MAIL_SEND_LONGEST_SECONDS, mailRetryQueue, RECORD_SENT_WINDOW_MS, SMTP_TIMEOUTS } from './mail-retry';
import { JobsService } from '../jobs/jobs.service';
import { DevMailbox } from './dev-mailbox';
import { claimDelivery, markDeliverySent, releaseDelivery } from './mail.queries';
import { type FailedSend, logFailedSend } from './failed-send-log';
import { renderMail, type TemplateName, type TemplateProps } from './templates';
import { type EditedMessage, renderEditedMessage } from './templates/edited-message';

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
  /** Where replies go (an intake's admissions address); none: the sender, no-reply. */
  replyTo?: string;
  /** The words an admin wrote for this kind of message, filled in: sent instead of the template's own (same claim, same Message-ID). */
  edited?: EditedMessage;
  /** Files sent with the message: small text kept in the job, or a file made when the message is sent. */
  attachments?: MailAttachment[];
}

/**
 * A file attached to a message: a small text kept in the job (`invitation.ics` as `text/calendar`),
 * or one a module makes when the message is sent (`source` and `ref`, see provideAttachments), so a
 * thousand statements queue no thousand PDFs.
 */
export type MailAttachment = { filename: string; contentType: string } & ({ content: string } | { source: string; ref: string });

/** Makes the file of a generated attachment from its `ref`. */
export type AttachmentSource = (ref: string) => Promise<Buffer>;

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

/** The Message-ID of a logical message: every try of it is sent under this one, so a resend after a crash is a duplicate receivers can drop. */
export function stableMessageId(template: string, to: string, subjectId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${mailJobId(template, to, subjectId)}@${domain}>`;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Mail is sent only by jobs, never inside a request: a caller queues a message in its own
 * transaction, and the send-mail job renders the template and hands it to SMTP (SMTP_URL, or the
 * development mailbox) over pooled connections, MAIL_CONCURRENCY messages at once. Each
 * (template, recipient, subject) is sent once: its delivery is claimed in mail_deliveries before
 * the send and marked sent after (retried for a while if the database is away); a duplicate job
 * finds the claim held and leaves the message to it; a claim left unsent by a crash goes stale and
 * is sent again under the same Message-ID. A failed send is logged, lets go of its claim and throws,
 * so the job is retried with back-off and, after its last try, shown to admins as failed.
 */
@Injectable()
export class MailService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly mailbox?: DevMailbox;
  private transport?: Transporter;
  private ready?: Promise<Transporter>;
  private readonly sources = new Map<string, AttachmentSource>();

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {
    if (config.devMailbox) this.mailbox = new DevMailbox(ds);
    jobs.define<SendMailJob>({
      name: SEND_MAIL_JOB,
      queue: mailRetryQueue(config),
      concurrency: config.MAIL_CONCURRENCY,
      handler: (data, job) => this.deliver(data, job),
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

  /** Lets messages attach files the module makes at send time under this name (see MailAttachment). */
  provideAttachments(source: string, make: AttachmentSource): void {
    this.sources.set(source, make);
  }

  private async attachmentsOf(job: SendMailJob) {
    return Promise.all(
      (job.attachments ?? []).map(async (a) => {
        if ('content' in a) return { filename: a.filename, contentType: a.contentType, content: a.content };
        const make = this.sources.get(a.source);
        // A job queued by a newer instance than this one: failing lets another try send it whole.
        if (!make) throw new Error(`No attachment source "${a.source}"`);
        return { filename: a.filename, contentType: a.contentType, content: await make(a.ref) };
      }),
    );
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
      // Connections are reused between messages, as many as the sends run at once.
      const options = {
        url,
        ...SMTP_TIMEOUTS,
        pool: true,
        maxConnections: this.config.MAIL_CONCURRENCY,
        maxMessages: 1000,
      } as SMTPTransport.Options;
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

  /**
   * The job: claim, render, send, mark sent; nothing when this message was sent already or another
   * try is sending it. A send that fails is logged (job, template, recipient's domain, SMTP reply),
   * lets go of its claim and throws.
   */
  async deliver(job: SendMailJob, run?: Pick<Job, 'id' | 'retryCount'>): Promise<void> {
    const recipient = job.to.toLowerCase();
    const messageId = stableMessageId(job.template, recipient, job.subjectId, this.config.MAIL_FROM);
    // Sent already, or being sent by a duplicate job this moment (whose own retry follows if it fails).
    if (!(await claimDelivery(this.ds, job.template, recipient, job.subjectId, messageId, MAIL_SEND_LONGEST_SECONDS)).claimed) return;
    try {
      const transport = await this.open();
      const mail = job.edited ? await renderEditedMessage(job.edited) : await renderMail(job.template, job.props);
      await transport.sendMail({
        to: job.to,
        ...(job.replyTo ? { replyTo: job.replyTo } : {}),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId,
        headers: unsubscribeHeaders(job.unsubscribeUrl),
        attachments: await this.attachmentsOf(job),
      });
    } catch (e) {
      logFailedSend(
        this.logger,
        { jobId: run?.id, template: job.template, to: job.to, tries: (run?.retryCount ?? 0) + 1 } satisfies FailedSend,
        e,
      );
      // Not sent: let go of the claim so the retry takes it. If the database stays away past the
      // window, pg-boss cannot record the failure either: the job expires after the claim went stale.
      await this.whileAway('Releasing an unsent message', () => releaseDelivery(this.ds, job.template, recipient, job.subjectId)).catch(
        () => undefined,
      );
      throw e;
    }
    // The server has the message: recorded so the next try does not send it again (it would, under
    // the same Message-ID, once the job expires).
    await this.whileAway('Recording a sent message', () => markDeliverySent(this.ds, job.template, recipient, job.subjectId));
  }

  /** Runs a bookkeeping write, trying again while the database is briefly away (RECORD_SENT_WINDOW_MS). */
  private async whileAway(what: string, write: () => Promise<void>): Promise<void> {
    const end = Date.now() + RECORD_SENT_WINDOW_MS;
    for (let wait = 250; ; wait = Math.min(wait * 2, 4000)) {
      try {
        return await write();
      } catch (e) {
        if (Date.now() + wait > end) throw e;
        this.logger.warn(`${what} failed (${(e as Error).message}); trying again`);
        await pause(wait);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.transport?.close();
    await this.mailbox?.stop();
  }
}
