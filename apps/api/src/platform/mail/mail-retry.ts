import type { AppConfig } from '../../config/app-config';

/**
 * The queue options of every job that sends mail: the configured number of tries, backing off
 * from the configured delay up to `retryDelayMax` seconds (6 hours; an hour for links that expire
 * sooner, such as password resets and email changes).
 */
export function mailRetryQueue(config: AppConfig, retryDelayMax = 6 * 3600) {
  return {
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax,
  };
}
