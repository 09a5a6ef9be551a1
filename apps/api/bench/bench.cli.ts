import 'reflect-metadata';
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { JwtService } from '@nestjs/jwt';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { openDatabase, requestPoolOptions } from '../src/startup/open-database';
import { ensureDatabase, startEmbeddedPostgres } from '../src/startup/embedded-postgres';
import { type BenchRequest, type Scenario, type ScenarioContext, scenarios, type Simulation } from './scenarios';
import { seedLargeSchool } from './seed-school';
import { schoolFor } from './seed-plan';
import { runMailBench, serveSmtpSink } from './mail.bench';
import { runAllowanceBench } from './allowance.bench';
import { runTimelineBench } from './timeline.bench';
import { runEvidencePackBench } from './evidence-pack.bench';
import { figuresLine, readFigures, type StatementFigures, timeStatement, writeFigures } from './statement-figures';

/**
 * `pnpm bench:api`: seeds a large school into a fresh database, starts the Nest app and a bare
 * node:http + pg "ceiling" server (each in its own process), and measures every scenario on both
 * with autocannon. Absolute figures drift on a shared machine; the ratio is the figure that counts.
 *
 *   node dist/bench.js [--students N] [--duration 10] [--only "cohort view"] [--connections 50,10] [--seed-only] [--update-figures]
 *
 * Each scenario's statement is also timed alone (plain pg, one connection) beside the last known figures
 * in bench/statement-figures.json; `--update-figures` records this run's figures there.
 *
 * `--only mail` measures mail delivery instead (mail.bench.ts): jobs against the raw SMTP client.
 * `--only timeline` times moving a cohort of 300 trainees x 150 dated items (timeline.bench.ts).
 * `--only allowance` times deciding a month for cohorts of 1,000 trainees beside the bare SQL (allowance.bench.ts).
 * `--only evidence` times a cohort's evidence pack job for 200 placed trainees with 16 signed weeks each (evidence-pack.bench.ts).
 */

const SCENARIO_HEADER = 'x-bench-scenario';
/** The ceiling's pool: the API's default DB_POOL_SIZE. */
const POOL_SIZE = 20;
const ACCESS_TTL_SECONDS = 7200;
const WARM_UP_SECONDS = 6;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// ---- child processes -----------------------------------------------------------------------

/** The product's API exactly as main.ts builds it (its pool, timeouts and monitor), without the apps and the seed. */
async function serveNest() {
  const config = loadConfig();
  const ds = await openDatabase(config.DATABASE_URL!, config.DB_POOL_SIZE, requestPoolOptions(config));
  const app = await createApp(config, ds);
  await app.listen(config.PORT, '127.0.0.1');
  const stop = () => void app.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.send?.('ready');
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', reject);
  });
}

/** The ceiling: node:http + pg running each scenario's SQL, nothing else. */
async function serveCeiling() {
  const config = loadConfig();
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: POOL_SIZE });
  // The database stops before this child at the end of a run; idle clients then see it go.
  pool.on('error', () => undefined);
  const byName = new Map(scenarios.map((s) => [s.name, s]));
  const server = createServer(async (req, res) => {
    try {
      const scenario = byName.get(String(req.headers[SCENARIO_HEADER] ?? ''));
      if (!scenario) {
        res.writeHead(req.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
        res.end('{}');
        return;
      }
      const body = await readBody(req);
      // One connection per request, as the API's pool hands one to each statement or transaction.
      const client = await pool.connect();
      const answer = await scenario
        .ceiling(client, { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://localhost'), headers: req.headers, body })
        .finally(() => client.release());
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end('json' in answer ? answer.json : JSON.stringify(answer.body));
    } catch (e) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: String(e) }));
    }
  });
  server.listen(config.PORT, '127.0.0.1', () => process.send?.('ready'));
}

// ---- the orchestrator ----------------------------------------------------------------------

interface RunResult {
  rps: number;
  /** CPU time the server process spent per answered request (ms), NaN where /proc is not there. */
  cpuMs: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

/** CPU seconds a process has used so far (user + system), from /proc; NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    // Fields after the command name; utime and stime are the 12th and 13th, in clock ticks (1/100 s on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * One autocannon run against a server. The server's own CPU time per request is printed beside the
 * throughput: autocannon and PostgreSQL share this machine's cores, so it shows where time goes.
 */
async function measure(
  port: number,
  pid: number | undefined,
  scenario: Scenario,
  requests: BenchRequest[],
  connections: number,
  duration: number,
): Promise<RunResult> {
  let next = 0;
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const r = requests[next++ % requests.length];
          return {
            ...req,
            method: r.method,
            path: r.path,
            headers: { ...r.headers, [SCENARIO_HEADER]: scenario.name, ...(r.body ? { 'content-type': 'application/json' } : {}) },
            body: r.body,
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    cpuMs: ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Both servers must give the same answer to the same request, or the comparison means nothing. */
async function sameAnswer(
  nestPort: number,
  ceilingPort: number,
  scenario: Scenario,
  r: BenchRequest,
  reset: () => Promise<void>,
): Promise<string | null> {
  const send = async (port: number) => {
    const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
      method: r.method,
      headers: { ...r.headers, [SCENARIO_HEADER]: scenario.name, ...(r.body ? { 'content-type': 'application/json' } : {}) },
      body: r.body,
    });
    return { status: res.status, text: await res.text() };
  };
  // A write (e.g. a bulk add) must meet the same starting state on both servers.
  const a = await send(nestPort);
  await reset();
  const b = await send(ceilingPort);
  if (a.status !== b.status) return `status ${a.status} (nest) vs ${b.status} (ceiling): ${a.text.slice(0, 200)}`;
  // Timestamps are serialised by the same PostgreSQL json functions on both; compare whole bodies.
  if (a.text !== b.text && JSON.stringify(JSON.parse(a.text)) !== JSON.stringify(JSON.parse(b.text))) return 'bodies differ';
  return null;
}

function waitReady(child: ChildProcess, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(`${name}: ${String(m)}`))));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function runBench() {
  const { values } = parseArgs({
    // `pnpm bench:api -- --only x` hands the separator on: it is not an argument.
    args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
    options: {
      // Unset: as many students as the chosen scenarios need (10,000 with progress for the dashboard and cohort view).
      students: { type: 'string' },
      duration: { type: 'string', default: '10' },
      only: { type: 'string' },
      connections: { type: 'string', default: '50,10' },
      // Seed, print the database URL and keep it until stopped (for EXPLAIN and experiments).
      'seed-only': { type: 'boolean', default: false },
      // Record this run's statement figures as the last known ones (bench/statement-figures.json).
      'update-figures': { type: 'boolean', default: false },
    },
  });
  const config = loadConfig();
  const students = values.students === undefined ? undefined : Number(values.students);
  if (students !== undefined && !(Number.isInteger(students) && students >= 0))
    throw new Error(`--students takes a whole number, not "${values.students}"`);
  const duration = Number(values.duration);
  const connectionCounts = values.connections!.split(',').map(Number);
  const mailOnly = values.only === 'mail';
  const timelineOnly = values.only === 'timeline';
  const allowanceOnly = values.only === 'allowance';
  const evidenceOnly = values.only === 'evidence';
  const chosen = scenarios.filter((s) => !values.only || s.name.includes(values.only));
  if (!chosen.length && !mailOnly && !timelineOnly && !allowanceOnly && !evidenceOnly)
    throw new Error(`No scenario matches "${values.only}"`);

  // A fresh database: on DATABASE_URL's server, or a throw-away embedded PostgreSQL.
  const dataDir = mkdtempSync(join(tmpdir(), 'school-bench-'));
  // Its own folder: as root, PostgreSQL runs as another user and must own it.
  const pgDir = mkdtempSync(join(tmpdir(), 'school-bench-pg-'));
  let stopDb = async () => undefined as void;
  let adminUrl = config.DATABASE_URL;
  if (!adminUrl) {
    const server = await startEmbeddedPostgres({ dir: pgDir, port: await freePort(), persistent: false, disposable: true });
    adminUrl = server.url;
    stopDb = server.stop;
  }
  const url = await ensureDatabase(adminUrl, `school_bench_${randomBytes(4).toString('hex')}`);
  const ds = await openDatabase(url, 5);
  if (mailOnly || timelineOnly || allowanceOnly || evidenceOnly) {
    try {
      const lines = mailOnly
        ? await runMailBench(url, ds, fileURLToPath(import.meta.url), dataDir)
        : allowanceOnly
          ? await runAllowanceBench(url, ds, dataDir, students ?? 1000)
          : evidenceOnly
            ? await runEvidencePackBench(url, ds, dataDir, students ?? 200)
            : await runTimelineBench(url, ds, dataDir, students ?? 300);
      for (const line of lines) console.log(line);
    } finally {
      await ds.destroy().catch(() => undefined);
      await stopDb().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(pgDir, { recursive: true, force: true });
    }
    return;
  }
  const plan = schoolFor(chosen, students);
  console.log(
    `Seeding ${fmt(plan.students)} students, ${fmt(plan.cohorts)} cohorts, ${fmt(plan.courses)} courses (what ${values.only ? `"${values.only}"` : 'every scenario'} needs)...`,
  );
  const school = await seedLargeSchool(ds, plan);
  console.log(
    `Seeded in ${school.seconds.toFixed(1)} s: ${Object.entries(school.counts)
      .map(([t, n]) => `${t} ${fmt(n)}`)
      .join(', ')}`,
  );

  if (values['seed-only']) {
    console.log(`Seeded database (kept until Ctrl-C): ${url}`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await ds.destroy();
    await stopDb();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
    return;
  }

  const secret = randomBytes(32).toString('hex');
  const jwt = new JwtService({ secret, signOptions: { expiresIn: ACCESS_TTL_SECONDS, algorithm: 'HS256' } });
  const ctx: ScenarioContext = {
    db: ds,
    school,
    // The seeded accounts were never suspended or signed out: their token version is still 0.
    tokenFor: (u) => jwt.sign({ sub: u.id_slug, uid: String(u.id), role: u.role, ver: 0 }),
  };

  const [nestPort, ceilingPort] = [await freePort(), await freePort()];
  const childEnv = (port: number) => ({
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    JWT_SECRET: secret,
    // Not 'production': production refuses DISABLE_RATE_LIMITS, which a load from one address needs.
    // Requests are handled alike in both; 'test' only logs less.
    NODE_ENV: 'test',
    SERVE_APPS: 'false',
    SEED_DEMO: 'false',
    DISABLE_RATE_LIMITS: 'true',
    // As production runs: answers are not parsed against the contract (tests and development do that).
    CHECK_ANSWERS: 'false',
    // The server only answers requests: the jobs a scenario queues (the bulk add's enrolment mail)
    // would otherwise run beside it and count in its CPU time.
    WORKERS: '0',
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
    DATA_DIR: dataDir,
  });
  const self = fileURLToPath(import.meta.url);
  const nest = fork(self, ['nest'], { env: childEnv(nestPort), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ceiling = fork(self, ['ceiling'], { env: childEnv(ceilingPort), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const stopAll = async () => {
    nest.kill('SIGTERM');
    ceiling.kill('SIGTERM');
    await ds.destroy().catch(() => undefined);
    await stopDb().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  };
  // The statements alone: one connection of their own, so no request queues for it.
  const statementPool = new pg.Pool({ connectionString: url, max: 1 });
  const lastFigures = readFigures();
  const newFigures: Record<string, StatementFigures> = {};
  try {
    await Promise.all([waitReady(nest, 'nest'), waitReady(ceiling, 'ceiling')]);
    const lines: string[] = [];
    const header = `${'scenario'.padEnd(28)} ${'conns'.padStart(5)} ${'server'.padEnd(8)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'non-2xx'.padStart(8)} ${'cpu ms/req'.padStart(10)}`;
    console.log(`\n${header}`);
    for (const scenario of chosen) {
      const requests = await scenario.requests(ctx);
      if (!requests.length) throw new Error(`${scenario.name}: no requests`);
      await scenario.reset?.(ctx);
      const mismatch = await sameAnswer(nestPort, ceilingPort, scenario, requests[0], async () => scenario.reset?.(ctx));
      if (mismatch) console.log(`! ${scenario.name}: Nest and the ceiling answer differently: ${mismatch}`);
      await scenario.reset?.(ctx);
      const alone = await timeStatement(scenario, ctx, statementPool, () => loadavg()[0]);
      if (alone) {
        newFigures[scenario.name] = alone;
        const line = figuresLine(scenario.name, alone, lastFigures[scenario.name]);
        console.log(line);
        lines.push(line);
      }
      // Warm both up first: the JIT, and every pooled connection's prepared statements (PostgreSQL
      // plans a statement afresh for its first executions on each connection).
      const counts = scenario.connections ?? connectionCounts;
      for (const [port, pid] of [
        [nestPort, nest.pid],
        [ceilingPort, ceiling.pid],
      ] as const) {
        await scenario.reset?.(ctx);
        await measure(port, pid, scenario, requests, Math.max(...counts), WARM_UP_SECONDS);
      }
      for (const connections of counts) {
        const results: Record<'nest' | 'ceiling', RunResult> = {} as never;
        for (const [name, port, pid] of [
          ['nest', nestPort, nest.pid],
          ['ceiling', ceilingPort, ceiling.pid],
        ] as const) {
          await scenario.reset?.(ctx);
          results[name] = await measure(port, pid, scenario, requests, connections, scenario.duration ?? duration);
          const r = results[name];
          console.log(
            `${scenario.name.padEnd(28)} ${String(connections).padStart(5)} ${name.padEnd(8)} ${fmt(r.rps).padStart(9)} ${fmt(r.p50, 1).padStart(7)} ${fmt(r.p99, 1).padStart(7)} ${fmt(r.non2xx + r.errors).padStart(8)} ${(Number.isNaN(r.cpuMs) ? '-' : fmt(r.cpuMs, 2)).padStart(10)}`,
          );
        }
        const ratio = results.nest.rps / results.ceiling.rps;
        const t = scenario.targets;
        const verdicts = [
          t?.minRatio !== undefined ? `${ratio >= t.minRatio ? 'meets' : 'MISSES'} ratio target ${t.minRatio}` : '',
          t?.maxP99Ms10 !== undefined && connections === 10
            ? `${results.nest.p99 <= t.maxP99Ms10 ? 'meets' : 'MISSES'} p99 target ${t.maxP99Ms10} ms`
            : '',
        ].filter(Boolean);
        const line = `${scenario.name.padEnd(28)} ${String(connections).padStart(5)} ratio nest/ceiling ${ratio.toFixed(2)} (throughput)${verdicts.length ? `; ${verdicts.join(', ')}` : ''}`;
        console.log(line);
        lines.push(line);
      }
      if (scenario.simulate) {
        const simulations: Partial<Record<'nest' | 'ceiling', Simulation>> = {};
        for (const [name, port] of [
          ['nest', nestPort],
          ['ceiling', ceilingPort],
        ] as const) {
          await scenario.reset?.(ctx);
          const send = async (r: BenchRequest) => {
            const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
              method: r.method,
              headers: { ...r.headers, [SCENARIO_HEADER]: scenario.name, ...(r.body ? { 'content-type': 'application/json' } : {}) },
              body: r.body,
            });
            return { status: res.status, text: await res.text() };
          };
          simulations[name] = await scenario.simulate(ctx, { name, send });
          for (const line of simulations[name].lines) {
            console.log(line);
            lines.push(line);
          }
        }
        for (const line of scenario.compareSimulations?.(simulations.nest!, simulations.ceiling!) ?? []) {
          console.log(line);
          lines.push(line);
        }
      }
    }
    console.log(`\nSummary\n${lines.join('\n')}`);
    if (values['update-figures'] && Object.keys(newFigures).length) {
      writeFigures({ ...lastFigures, ...newFigures });
      console.log(`Statement figures of ${Object.keys(newFigures).join(', ')} recorded in bench/statement-figures.json`);
    }
  } finally {
    await statementPool.end().catch(() => undefined);
    await stopAll();
  }
}

const mode = process.argv[2];
const main = mode === 'nest' ? serveNest : mode === 'ceiling' ? serveCeiling : mode === 'smtp-sink' ? serveSmtpSink : runBench;
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
