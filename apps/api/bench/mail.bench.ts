import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { SMTPServer } from 'smtp-server';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { MailService, type SendMailJob } from '../src/platform/mail/mail.service';
import { SMTP_TIMEOUTS } from '../src/platform/mail/mail-retry';
import { renderMail } from '../src/platform/mail/templates';

/**
 * The mail benchmark (`pnpm bench:api -- --only mail`): a local SMTP server in its own process
 * that accepts and drops every message; the product's send-mail jobs deliver a batch queued as a
 * bulk add queues it (one transaction), with the configured WORKERS and MAIL_CONCURRENCY; the
 * ceiling is a bare pooled nodemailer client sending the same rendered message as fast as the
 * same number of connections allow. Messages per second of each are printed side by side.
 */

/** Child process: the SMTP server, accepting everything. */
export async function serveSmtpSink(): Promise<void> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 200,
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.server.address() as { port: number }).port });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

const message = (n: number): SendMailJob<'enrolled-in-cohort'> => ({
  template: 'enrolled-in-cohort',
  to: `bench-${n}@intake.example.test`,
  subjectId: `bench:${n}`,
  props: {
    firstName: 'Bench',
    cohortTitle: 'Lithography intake',
    startDate: '1 March 2027',
    endDate: '30 June 2027',
    classUrl: 'http://localhost/class/x',
  },
});

async function until(probe: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('mail bench: timed out waiting for the deliveries');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The ceiling: the raw SMTP client, the same pooled connections, nothing else. */
async function rawClient(url: string, connections: number, count: number): Promise<number> {
  const transport = createTransport(
    { url, ...SMTP_TIMEOUTS, pool: true, maxConnections: connections, maxMessages: 1000 } as SMTPTransport.Options,
    {
      from: 'bench@chipskills.localhost',
    },
  );
  const mail = await renderMail('enrolled-in-cohort', message(0).props);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const n = next++;
        await transport.sendMail({ to: message(n).to, subject: mail.subject, html: mail.html, text: mail.text });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return count / seconds;
}

/** Runs the mail benchmark against a fresh database at `url`; answers the lines to print. */
export async function runMailBench(url: string, ds: DataSource, self: string, dataDir: string, count = 2000): Promise<string[]> {
  const sink = fork(self, ['smtp-sink'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      sink.once('message', (m) => resolve((m as { port: number }).port));
      sink.once('exit', (code) => reject(new Error(`smtp sink exited with ${code}`)));
    });
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: url,
      NODE_ENV: 'test',
      SERVE_APPS: 'false',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      WORKERS: process.env.WORKERS ?? '2',
    });
    const app = await createApp(config, ds);
    await app.init();
    const lines: string[] = [];
    try {
      const mail = app.get(MailService);
      const batch = Array.from({ length: count }, (_, n) => message(n));
      const started = performance.now();
      await ds.transaction((m) => mail.queueMany(m, batch));
      await until(
        async () => (await ds.query(`SELECT count(*)::int AS n FROM mail_deliveries WHERE sent_at IS NOT NULL`))[0].n >= count,
        30 * 60_000,
      );
      const product = count / ((performance.now() - started) / 1000);
      const ceiling = await rawClient(smtpUrl, config.MAIL_CONCURRENCY, count);
      lines.push(
        `mail: ${count} messages, WORKERS=${config.WORKERS}, MAIL_CONCURRENCY=${config.MAIL_CONCURRENCY}`,
        `mail send-mail jobs   ${product.toFixed(1).padStart(8)} messages/s`,
        `mail raw SMTP client  ${ceiling.toFixed(1).padStart(8)} messages/s (ceiling)`,
        `mail ratio jobs/ceiling ${(product / ceiling).toFixed(2)}; ${product >= 20 ? 'meets' : 'MISSES'} target 20 messages/s`,
      );
    } finally {
      await app.close();
    }
    return lines;
  } finally {
    sink.kill('SIGTERM');
  }
}
