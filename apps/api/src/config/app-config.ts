import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, validateSync,
} from 'class-validator';

const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());
const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

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
  @Transform(emptyToUndefined) @IsOptional() @IsString() DATABASE_URL?: string;
  @Transform(toInt) @IsInt() @Min(1) @Max(65535) EMBEDDED_PG_PORT = 54329;
  @Transform(emptyToUndefined) @IsOptional() @IsString() DATA_DIR?: string;

  /** Secret for access tokens; generated and kept under DATA_DIR when unset (not in production). */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(32) JWT_SECRET?: string;
  @Transform(toInt) @IsInt() @Min(60) ACCESS_TOKEN_TTL_SECONDS = 900;
  @Transform(toInt) @IsInt() @Min(1) REFRESH_TOKEN_TTL_DAYS = 30;
  @Transform(toInt) @IsInt() @Min(10) FILE_URL_TTL_SECONDS = 600;

  @Transform(toBool) @IsBoolean() COOKIE_SECURE = true;
  @Transform(emptyToUndefined) @IsOptional() @IsString() COOKIE_DOMAIN?: string;

  /** Origins of the three apps in a subdomain deployment; unset means one origin. */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false }) WEB_ORIGIN?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false }) LEARN_ORIGIN?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false }) ADMIN_ORIGIN?: string;

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
  /** Database timeouts of requests in ms (0 = none): a statement, waiting for a pooled connection, connecting. */
  @Transform(toInt) @IsInt() @Min(0) DB_STATEMENT_TIMEOUT_MS = 5000;
  @Transform(toInt) @IsInt() @Min(0) DB_ACQUIRE_TIMEOUT_MS = 3000;
  @Transform(toInt) @IsInt() @Min(0) DB_CONNECT_TIMEOUT_MS = 3000;

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
  get corsOrigins(): string[] {
    return [this.WEB_ORIGIN, this.LEARN_ORIGIN, this.ADMIN_ORIGIN].filter((o): o is string => !!o);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const picked = Object.fromEntries(Object.entries(env).filter(([k]) => known.includes(k)));
  const config = plainToInstance(AppConfig, picked);
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (config.NODE_ENV === 'production' && !config.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required in production (at least 32 characters)');
  }
  return config;
}
