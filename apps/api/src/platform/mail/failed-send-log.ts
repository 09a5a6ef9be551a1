import type { Logger } from '@nestjs/common';
import { redactEmails } from '../logging/redaction';

/** What the log says of a send that failed: never the whole address, only its domain. */
export interface FailedSend {
  jobId?: string;
  template: string;
  to: string;
  /** This try's number (1 for the first). */
  tries: number;
}

/** The SMTP server's reply (or the connection's error) of a failed send, with any address in it removed. */
export function smtpReply(e: unknown): string {
  const err = e as { response?: unknown; message?: unknown; code?: unknown };
  const reply =
    typeof err?.response === 'string'
      ? err.response
      : `${typeof err?.code === 'string' ? `${err.code}: ` : ''}${String(err?.message ?? e)}`;
  return redactEmails(reply);
}

/** One warning line per failed send: the job, the template, the recipient's domain and the SMTP reply. */
export function failedSendLine(f: FailedSend, e: unknown): string {
  const domain = f.to.slice(f.to.lastIndexOf('@') + 1).toLowerCase();
  return `Mail job ${f.jobId ?? '(none)'} (${f.template}) to a recipient at ${domain} failed on try ${f.tries}: ${smtpReply(e)}`;
}

export function logFailedSend(logger: Logger, f: FailedSend, e: unknown): void {
  logger.warn(failedSendLine(f, e));
}
