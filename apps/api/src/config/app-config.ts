import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHOOL_NAME } from '@school/contracts';
import { plainToInstance, Transform } from 'class-transformer';
import {
  getMetadataStorage,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
  ValidateBy,
  validateSync,
  type ValidationError,
} from 'class-validator';

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];
/** A word that is not one of the known ones stays a string, which @IsBoolean then refuses. */
const toBool = ({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  const word = String(value).trim().toLowerCase();
  return TRUE_WORDS.includes(word) ? true : FALSE_WORDS.includes(word) ? false : value;
};
const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** postgres:// or postgresql:// with a host (or a socket folder in ?host=). */
const IsPostgresUrl = () =>
  ValidateBy({
    name: 'isPostgresUrl',
    validator: {
      validate: (value: unknown) => {
        if (typeof value !== 'string' || !URL.canParse(value)) return false;
        const url = new URL(value);
        return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && (!!url.hostname || url.searchParams.has('host'));
      },
    },
  });

/** A 256-bit key: 64 hex digits, or base64 (standard or URL-safe) of 32 bytes. */
export function isAes256Key(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return true;
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(v) && Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length === 32;
}
const IsAes256Key = () => ValidateBy({ name: 'isAes256Key', validator: { validate: isAes256Key } });

const ORIGIN_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** Walks up from this file to the folder holding pnpm-workspace.yaml (works from src and dist). */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/**
 * Every setting the API reads, validated once at boot. Nothing else reads process.env.
 * Defaults give a working single-origin product on a developer's machine.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test']) NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt) @IsInt() @Min(0) @Max(65535) PORT = 3000;
  @Transform(emptyToUndefined) @IsOptional() @IsString() HOST?: string;

  /** External PostgreSQL; when unset the embedded server under DATA_DIR is started. */
  @Transform(emptyToUndefined) @IsOptional() @IsPostgresUrl() DATABASE_URL?: string;
  @Transform(toInt) @IsInt() @Min(1) @Max(65535) EMBEDDED_PG_PORT = 54329;
  @Transform(emptyToUndefined) @IsOptional() @IsString() DATA_DIR?: string;

  /** Secret for access tokens; generated and kept under DATA_DIR when unset (not in production). */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(32) JWT_SECRET?: string;
  /**
   * Key sealing trainees' payment details (IC or passport number, bank account) with AES-256-GCM:
   * 32 bytes as 64 hex digits or base64. Generated and kept under DATA_DIR when unset.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsAes256Key() PAYMENT_DETAILS_KEY?: string;
  @Transform(toInt) @IsInt() @Min(60) ACCESS_TOKEN_TTL_SECONDS = 900;
  @Transform(toInt) @IsInt() @Min(1) REFRESH_TOKEN_TTL_DAYS = 30;
  @Transform(toInt) @IsInt() @Min(10) FILE_URL_TTL_SECONDS = 600;

  @Transform(toBool) @IsBoolean() COOKIE_SECURE = true;
  @Transform(emptyToUndefined) @IsOptional() @IsString() COOKIE_DOMAIN?: string;

  /** Origins of the three apps in a subdomain deployment; unset means one origin. */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl(ORIGIN_URL) WEB_ORIGIN?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsUrl(ORIGIN_URL) LEARN_ORIGIN?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsUrl(ORIGIN_URL) ADMIN_ORIGIN?: string;

  /** Seed demo accounts and a demo cohort on first start (off by default in production). */
  @Transform(toBool) @IsOptional() @IsBoolean() SEED_DEMO?: boolean;
  /** Serve the built apps from this API process. */
  @Transform(toBool) @IsBoolean() SERVE_APPS = true;
  /** Serve the apps through Vite dev servers with hot reload (pnpm dev) instead of their builds. */
  @Transform(toBool) @IsBoolean() DEV_APPS = false;
  /** Number of proxies in front of the API, for client IPs in rate limits. */
  @Transform(toInt) @IsInt() @Min(0) TRUST_PROXY = 0;
  /** Turns login/registration throttling off; only for load benchmarks. */
  @Transform(toBool) @IsBoolean() DISABLE_RATE_LIMITS = false;
  /** Parse every JSON answer with its route's response schema (common/answer-check.interceptor.ts); default: outside production. */
  @Transform(toBool) @IsOptional() @IsBoolean() CHECK_ANSWERS?: boolean;
  /** Database timeouts of requests in ms (0 = none): a statement, waiting for a pooled connection, connecting. */
  @Transform(toInt) @IsInt() @Min(0) DB_STATEMENT_TIMEOUT_MS = 5000;
  /**
   * A request waiting for a pooled connection is queued, not failed: a class starting a quiz at
   * once waits its turn. A database that does not answer is told apart by the DatabaseMonitor,
   * which fails requests at once (503), so this limit only bounds a queue that never moves.
   */
  @Transform(toInt) @IsInt() @Min(0) DB_ACQUIRE_TIMEOUT_MS = 30000;
  @Transform(toInt) @IsInt() @Min(0) DB_CONNECT_TIMEOUT_MS = 3000;
  /** Connections each API process (and worker) keeps to PostgreSQL; requests beyond them queue. */
  @Transform(toInt) @IsInt() @Min(1) @Max(500) DB_POOL_SIZE = 20;

  /** Where new files are stored: the local disk under DATA_DIR/uploads, or an S3-compatible bucket. */
  @IsIn(['disk', 's3']) STORAGE: 'disk' | 's3' = 'disk';
  /** Where the API itself reaches the bucket (uploads, reads, its readiness check): inside a deployment, e.g. http://minio:9000. */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl(ORIGIN_URL) S3_ENDPOINT?: string;
  /**
   * Where browsers reach the same bucket: presigned file URLs are signed for this address (e.g.
   * https://files.school.example, proxied to the store). Unset: S3_ENDPOINT, which browsers then must reach too.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl(ORIGIN_URL) S3_PUBLIC_ENDPOINT?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_BUCKET?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_REGION?: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_ACCESS_KEY_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() S3_SECRET_ACCESS_KEY?: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted servers need it. */
  @Transform(toBool) @IsBoolean() S3_FORCE_PATH_STYLE = false;

  /** Least level written to the log; development prints it readably, elsewhere one JSON object a line. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Bearer token GET /api/metrics requires; unset, metrics answer only direct loopback callers. */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(16) METRICS_TOKEN?: string;
  /** Longest a stop (SIGTERM) waits for requests in flight before closing their connections, in ms. */
  @Transform(toInt) @IsInt() @Min(0) SHUTDOWN_TIMEOUT_MS = 10_000;

  /** Jobs this process runs at once (pg-boss worker in the API process); 0 serves requests only. */
  @Transform(toInt) @IsInt() @Min(0) @Max(100) WORKERS = 2;
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset means the development mailbox. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] })
  SMTP_URL?: string;
  /** The From of every message (by default in the school's one name). */
  @IsString() @MinLength(3) MAIL_FROM = `${SCHOOL_NAME} <no-reply@chipskills.localhost>`;
  /** The school's address as people reach it, for links in mail; default http://localhost:PORT. */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl(ORIGIN_URL) PUBLIC_URL?: string;
  /** Port of the development mailbox's SMTP catcher (without SMTP_URL); 0 picks a free port at start. */
  @Transform(toInt) @IsInt() @Min(0) @Max(65535) DEV_MAILBOX_PORT = 0;
  /** Tries after a mail job's first failure, and the first wait in seconds (doubled each time). */
  @Transform(toInt) @IsInt() @Min(0) @Max(50) MAIL_RETRY_LIMIT = 6;
  @Transform(toInt) @IsInt() @Min(1) MAIL_RETRY_DELAY_SECONDS = 30;
  /** Messages this process sends at once per mail queue over as many pooled SMTP connections (within the server's limits). */
  @Transform(toInt) @IsInt() @Min(1) @Max(100) MAIL_CONCURRENCY = 10;

  readonly repoRoot = findRepoRoot();

  get dataDir(): string {
    return resolve(this.DATA_DIR ?? join(this.repoRoot, '.data'));
  }
  get uploadDir(): string {
    return join(this.dataDir, 'uploads');
  }
  get seedDemo(): boolean {
    return this.SEED_DEMO ?? this.NODE_ENV !== 'production';
  }
  /** The endpoint presigned file URLs are signed for: the public one when set. */
  get s3PublicEndpoint(): string | undefined {
    return this.S3_PUBLIC_ENDPOINT ?? this.S3_ENDPOINT;
  }
  /** The origin presigned file URLs point at (the bucket's host unless path-style), for the CSP. */
  get s3Origin(): string | undefined {
    if (!this.s3PublicEndpoint || !this.S3_BUCKET) return undefined;
    const url = new URL(this.s3PublicEndpoint);
    return this.S3_FORCE_PATH_STYLE ? url.origin : `${url.protocol}//${this.S3_BUCKET}.${url.host}`;
  }
  /** LOG_LEVEL, or `info` (`error` under tests, whose requests would flood their output). */
  get logLevel(): NonNullable<AppConfig['LOG_LEVEL']> {
    return this.LOG_LEVEL ?? (this.NODE_ENV === 'test' ? 'error' : 'info');
  }
  /** Answers are checked against the contract in tests and development; production opts in with CHECK_ANSWERS. */
  get checkAnswers(): boolean {
    return this.CHECK_ANSWERS ?? this.NODE_ENV !== 'production';
  }
  /** The development mailbox catches mail when no SMTP server is set, outside production. */
  get devMailbox(): boolean {
    return !this.SMTP_URL && this.NODE_ENV !== 'production';
  }
  get publicUrl(): string {
    return (this.PUBLIC_URL ?? `http://localhost:${this.PORT}`).replace(/\/+$/, '');
  }
  get corsOrigins(): string[] {
    return [this.WEB_ORIGIN, this.LEARN_ORIGIN, this.ADMIN_ORIGIN].filter((o): o is string => !!o);
  }
}

/** A start refused for its settings: one line per bad setting, each naming it and what it expects. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Settings whose values are never echoed back (they hold secrets). */
const SECRET_SETTINGS = new Set(['JWT_SECRET', 'PAYMENT_DETAILS_KEY', 'DATABASE_URL', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN', 'SMTP_URL']);

/** What a setting accepts, in words, from its validation decorators. */
function expectedForm(property: string, failed: ValidationError): string {
  const rules = new Map(
    getMetadataStorage()
      .getTargetValidationMetadatas(AppConfig, '', true, false)
      .filter((m) => m.propertyName === property)
      .map((m) => [m.name, m.constraints] as const),
  );
  const min = rules.get('min')?.[0] as number | undefined;
  const max = rules.get('max')?.[0] as number | undefined;
  if (rules.has('isInt')) {
    if (min !== undefined && max !== undefined) return `a whole number from ${min} to ${max}`;
    if (min !== undefined) return `a whole number of at least ${min}`;
    return 'a whole number';
  }
  if (rules.has('isBoolean')) return `true or false (${TRUE_WORDS.join('/')} or ${FALSE_WORDS.join('/')})`;
  if (rules.has('isIn')) return `one of ${(rules.get('isIn')![0] as string[]).join(', ')}`;
  if (rules.has('isAes256Key')) return 'a 256-bit key: 64 hex digits or 32 bytes in base64 (e.g. from `openssl rand -hex 32`)';
  if (rules.has('isPostgresUrl')) return 'a PostgreSQL URL such as postgres://user:password@host:5432/database';
  if (property === 'SMTP_URL') return 'an SMTP URL such as smtp://user:password@smtp.example.com:587';
  if (rules.has('isUrl'))
    return property === 'S3_ENDPOINT' || property === 'S3_PUBLIC_ENDPOINT'
      ? 'a URL such as https://s3.eu-west-1.amazonaws.com'
      : 'an origin URL such as https://learn.school.example';
  if (rules.has('minLength')) return `at least ${rules.get('minLength')![0] as number} characters`;
  return Object.values(failed.constraints ?? {}).join(', ');
}

function settingLine(property: string, value: unknown, expected: string): string {
  const shown = SECRET_SETTINGS.has(property) || value === undefined ? '' : `=${JSON.stringify(String(value))}`;
  return `Invalid setting ${property}${shown}: expected ${expected}`;
}

/**
 * Settings that are fine on a developer's machine and unsafe on a server: production refuses
 * them, each named with what to set instead.
 */
function productionRefusals(config: AppConfig): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const refusals: string[] = [];
  if (!config.JWT_SECRET) {
    refusals.push(
      'Invalid setting JWT_SECRET: production needs its own secret of at least 32 characters (a generated one is not used in production)',
    );
  }
  if (config.SEED_DEMO) {
    refusals.push(
      'Invalid setting SEED_DEMO: the demo seed (accounts with published passwords) is refused in production; unset it or set SEED_DEMO=false',
    );
  }
  if (config.DISABLE_RATE_LIMITS) {
    refusals.push(
      'Invalid setting DISABLE_RATE_LIMITS: rate limits cannot be turned off in production; unset it or set DISABLE_RATE_LIMITS=false',
    );
  }
  if (!config.PUBLIC_URL) {
    refusals.push(
      'Invalid setting PUBLIC_URL: production mails links to the school, so it needs its public address (e.g. PUBLIC_URL=https://www.school.example)',
    );
  }
  if (!config.SMTP_URL) {
    refusals.push(
      'Invalid setting SMTP_URL: production sends mail through an SMTP server (the development mailbox is not used in production), e.g. SMTP_URL=smtp://user:password@smtp.example.com:587',
    );
  }
  if (!config.COOKIE_SECURE) {
    refusals.push('Invalid setting COOKIE_SECURE: production sends the sign-in cookie over HTTPS only; unset it or set COOKIE_SECURE=true');
  }
  return refusals;
}

/** Settings that only make sense together: S3 storage needs its bucket, and keys come in pairs. */
function storageRefusals(config: AppConfig): string[] {
  const refusals: string[] = [];
  if (config.STORAGE === 's3') {
    if (!config.S3_ENDPOINT)
      refusals.push('Invalid setting S3_ENDPOINT: STORAGE=s3 needs the S3 endpoint URL, such as https://s3.eu-west-1.amazonaws.com');
    if (!config.S3_BUCKET) refusals.push('Invalid setting S3_BUCKET: STORAGE=s3 needs the name of the bucket files are stored in');
    if (!config.S3_REGION) refusals.push("Invalid setting S3_REGION: STORAGE=s3 needs the bucket's region, such as eu-west-1");
  }
  if (!!config.S3_ACCESS_KEY_ID !== !!config.S3_SECRET_ACCESS_KEY) {
    const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    refusals.push(
      `Invalid setting ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or both left unset for the SDK's own credentials)`,
    );
  }
  return refusals;
}

/**
 * A process serving the school (the API, the worker) on DATABASE_URL shares that database with
 * other replicas: a secret generated into its own DATA_DIR would sign tokens and file links the
 * others refuse, so it must be given. Commands (create-user, backup) sign nothing and need none.
 */
export function assertSharedSecret(config: AppConfig): void {
  if (config.DATABASE_URL && !config.JWT_SECRET) {
    throw new ConfigError([
      'Invalid setting JWT_SECRET: with DATABASE_URL set, give every replica the same JWT_SECRET (at least 32 characters); a secret generated into one DATA_DIR is refused by the others',
    ]);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const picked = Object.fromEntries(Object.entries(env).filter(([k]) => known.includes(k)));
  const config = plainToInstance(AppConfig, picked);
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length) throw new ConfigError(errors.map((e) => settingLine(e.property, picked[e.property], expectedForm(e.property, e))));
  const refusals = [...storageRefusals(config), ...productionRefusals(config)];
  if (refusals.length) throw new ConfigError(refusals);
  return config;
}
