import { SCHOOL_NAME } from '@school/contracts';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DataSource } from 'typeorm';
import { insertDevMailboxMessage } from './mail.queries';

/** Largest message the development mailbox accepts. */
export const DEV_MAILBOX_MAX_BYTES = 5 * 1024 * 1024;

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? '');

/**
 * The development mailbox: an SMTP server inside the API process that accepts every message and
 * stores it in PostgreSQL (so any replica can show it at /admin/mailbox). Mail reaches it through
 * the same SMTP code as production's server. It listens on 127.0.0.1 only.
 */
export class DevMailbox {
  private readonly logger = new Logger('Mailbox');
  private server?: SMTPServer;

  constructor(private readonly ds: DataSource) {}

  /** Starts listening; answers the port (0 picks a free one). */
  async start(port: number): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      size: DEV_MAILBOX_MAX_BYTES,
      banner: `${SCHOOL_NAME} development mailbox`,
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then(async (mail) => {
            if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded)
              throw Object.assign(new Error('Message too large'), { responseCode: 552 });
            await insertDevMailboxMessage(this.ds, {
              from: addresses(mail.from),
              to: addresses(mail.to),
              subject: mail.subject ?? '',
              html: mail.html || null,
              text: mail.text ?? null,
              size: (mail.html || '').length + (mail.text ?? '').length,
              // Text attachments (a calendar invitation) are kept to be read back; others only named.
              attachments: mail.attachments.map((a) => ({
                filename: a.filename ?? '',
                content_type: a.contentType,
                size: a.size,
                content: a.contentType.startsWith('text/') ? a.content.toString('utf8') : null,
              })),
            });
            callback();
          })
          .catch((e: Error) => callback(e));
      },
    });
    server.on('error', (e) => this.logger.error(`Development mailbox: ${e.message}`));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
