import { describe, expect, it } from 'vitest';
import { loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies defaults for a developer machine', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.seedDemo).toBe(true);
    expect(c.dataDir.endsWith('.data')).toBe(true);
  });
  it('parses numbers and booleans from strings', () => {
    const c = loadConfig({ PORT: '4100', COOKIE_SECURE: 'false', SEED_DEMO: '0' });
    expect(c.PORT).toBe(4100);
    expect(c.COOKIE_SECURE).toBe(false);
    expect(c.seedDemo).toBe(false);
  });
  it('rejects a bad port with the setting named', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).seedDemo).toBe(false);
  });
});
