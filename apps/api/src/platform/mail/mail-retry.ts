import type { AppConfig } from '../../config/app-config';

/** nodemailer's limits on one SMTP exchange, in ms: reaching the server, its greeting, silence on the socket. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** How long a send keeps trying to record that the server accepted it while the database is away, in ms. */
export const RECORD_SENT_WINDOW_MS = 20_000;

/**
 * The longest one send can take: one SMTP exchange at its slowest plus the recording window. A
 * claim on a message older than this belongs to a worker that died mid-send.
 */
export const MAIL_SEND_LONGEST_SECONDS = Math.ceil(
  (SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout + RECORD_SENT_WINDOW_MS) / 1000,
);

/**
 * How long a mail job may stay active before pg-boss hands it to another worker: the longest send
 * with room to spare. pg-boss's default (15 minutes) left a message whose worker died waiting that
 * long to be sent again.
 */
export const MAIL_JOB_EXPIRE_SECONDS = MAIL_SEND_LONGEST_SECONDS + 20;

/**
 * The queue options of every job that sends mail: the configured number of tries, backing off
 * from the configured delay up to `retryDelayMax` seconds (6 hours; an hour for links that expire
 * sooner, such as password resets and email changes), expiring soon after SMTP's own timeouts.
 * Their workers run MAIL_CONCURRENCY sends at once over the pooled SMTP connections.
 */
export function mailRetryQueue(config: AppConfig, retryDelayMax = 6 * 3600) {
  return {
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax,
    expireInSeconds: MAIL_JOB_EXPIRE_SECONDS,
  };
}
