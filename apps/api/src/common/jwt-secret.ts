import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';

export const JWT_SECRET = Symbol('JWT_SECRET');

/** JWT_SECRET when set; otherwise a random secret kept under the data folder, so sessions survive restarts. */
export function resolveJwtSecret(config: AppConfig): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
