// pnpm bench:web — builds the product, serves it on a fresh database and measures the public
// site with Lighthouse (mobile, default throttling) in Debian's Chromium, plus the gzipped
// JavaScript the landing page loads. Exits non-zero when a figure misses its budget.
//   --no-build   measure the current build
//   --runs=N     Lighthouse runs per page (the median is reported; default 3)
//   --pages=/a,/b  measure these paths instead of /, /courses and a course page
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://localhost:${PORT}`;
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = args
  .find((a) => a.startsWith('--pages='))
  ?.slice(8)
  .split(',') ?? ['/', '/courses', '/courses/course-0'];
const BUDGET = { performance: 98, accessibility: 95, tbtMs: 50, cls: 0, landingJsKiB: 110 };

if (!args.includes('--no-build')) {
  console.log('Building...');
  const built = spawnSync('pnpm', ['-w', 'run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Gzipped bytes of the scripts a prerendered page loads before anything else (entry + modulepreloads). */
function initialJs(htmlFile) {
  const dist = join(root, 'apps/web/dist');
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
}

async function startServer() {
  const dataDir = join(tmpdir(), `school-bench-web-${PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(PORT + 48000),
      NODE_ENV: 'production',
      PUBLIC_URL: BASE,
      JWT_SECRET: 'bench-only-secret-that-is-at-least-32-chars',
      SEED_DEMO: 'false',
      COOKIE_SECURE: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not start');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function audit(chrome, path) {
  const results = [];
  // One unrecorded run first, so server and browser caches are as a returning visitor's server finds them.
  await lighthouse(`${BASE}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  for (let i = 0, failures = 0; i < runs; i++) {
    const { lhr } = await lighthouse(`${BASE}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    // A run that could not measure (a busy machine can time a page out) is retried, twice at most.
    if (
      lhr.runtimeError ||
      lhr.audits['total-blocking-time']?.numericValue === undefined ||
      lhr.audits['cumulative-layout-shift']?.numericValue === undefined
    ) {
      console.log(`  (a run of ${path} failed: ${lhr.runtimeError?.message ?? 'metrics missing'}; retrying)`);
      if (++failures > 2) throw new Error(`Lighthouse could not measure ${path}`);
      i--;
      continue;
    }
    const scripts = lhr.audits['resource-summary']?.details?.items?.find((it) => it.resourceType === 'script');
    results.push({
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
      scriptKiB: scripts ? Number((scripts.transferSize / 1024).toFixed(1)) : 0,
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
      failedA11y: Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id),
    });
  }
  const pick = (k) => median(results.map((r) => r[k]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    lcpMs: pick('lcpMs'),
    fcpMs: pick('fcpMs'),
    scriptKiB: pick('scriptKiB'),
    benchmarkIndex: pick('benchmarkIndex'),
    failedA11y: [...new Set(results.flatMap((r) => r.failedA11y))],
  };
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let ok = true;
const mark = (pass) => {
  if (!pass) ok = false;
  return pass ? 'ok  ' : 'FAIL';
};
try {
  const landingKiB = initialJs('index.html') / 1024;
  console.log(
    `\nLanding page JavaScript (gzipped, entry + preloads): ${landingKiB.toFixed(1)} KiB  [budget ${BUDGET.landingJsKiB}] ${mark(landingKiB <= BUDGET.landingJsKiB)}`,
  );
  console.log(`Lighthouse ${lighthouse.version ?? ''} mobile, default throttling, median of ${runs} run(s):\n`);
  for (const path of PAGES) {
    const r = await audit(chrome, path);
    console.log(`${path}`);
    console.log(
      `  performance    ${String(r.performance).padStart(5)}  [>= ${BUDGET.performance}] ${mark(r.performance >= BUDGET.performance)}`,
    );
    console.log(
      `  accessibility  ${String(r.accessibility).padStart(5)}  [>= ${BUDGET.accessibility}] ${mark(r.accessibility >= BUDGET.accessibility)}${r.failedA11y.length ? `  failing: ${r.failedA11y.join(', ')}` : ''}`,
    );
    console.log(`  TBT            ${String(r.tbtMs).padStart(5)} ms  [<= ${BUDGET.tbtMs}] ${mark(r.tbtMs <= BUDGET.tbtMs)}`);
    console.log(`  CLS            ${String(r.cls).padStart(5)}  [= ${BUDGET.cls}] ${mark(r.cls <= BUDGET.cls)}`);
    console.log(`  LCP ${r.lcpMs} ms, FCP ${r.fcpMs} ms, scripts transferred ${r.scriptKiB} KiB`);
    // TBT scales with how busy the machine is: Lighthouse's CPU benchmark and the load average say how busy it was.
    console.log(
      `  machine: Lighthouse benchmarkIndex ${r.benchmarkIndex}, load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores\n`,
    );
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}
console.log(ok ? 'Every figure is within its budget.' : 'Some figures miss their budget.');
process.exit(ok ? 0 : 1);
