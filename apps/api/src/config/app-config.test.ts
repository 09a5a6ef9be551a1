import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

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
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://www.school.example',
        SMTP_URL: 'smtp://mailer:secret@smtp.school.example:587',
      }).seedDemo,
    ).toBe(false);
  });
});

/** The lines a start with these settings is refused with. */
function refusal(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).lines;
  }
  throw new Error('the settings were accepted');
}

describe('bad settings', () => {
  it('refuses an unknown boolean word instead of reading it as false', () => {
    expect(refusal({ SEED_DEMO: 'nah' })).toEqual([
      'Invalid setting SEED_DEMO="nah": expected true or false (1/true/yes/on or 0/false/no/off)',
    ]);
    expect(refusal({ COOKIE_SECURE: 'maybe' })[0]).toMatch(/^Invalid setting COOKIE_SECURE="maybe": expected true or false/);
    expect(loadConfig({ SEED_DEMO: ' No ', DEV_APPS: 'ON' })).toMatchObject({ seedDemo: false, DEV_APPS: true });
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL, naming it without echoing it', () => {
    for (const url of ['notaurl', 'mysql://u:p@db:3306/school', 'postgres://']) {
      expect(refusal({ DATABASE_URL: url })).toEqual([
        'Invalid setting DATABASE_URL: expected a PostgreSQL URL such as postgres://user:password@host:5432/database',
      ]);
    }
    expect(loadConfig({ DATABASE_URL: 'postgresql://school:s3cret@db.internal:5432/school' }).DATABASE_URL).toContain('db.internal');
    expect(loadConfig({ DATABASE_URL: 'postgres:///school?host=/var/run/postgresql' }).DATABASE_URL).toBeTruthy();
  });

  it('gives one line per bad setting with the expected form, not a stack', () => {
    expect(refusal({ PORT: 'abc' })).toEqual(['Invalid setting PORT="abc": expected a whole number from 0 to 65535']);
    expect(refusal({ PORT: '70000' })).toEqual(['Invalid setting PORT="70000": expected a whole number from 0 to 65535']);
    expect(refusal({ NODE_ENV: 'prod', ACCESS_TOKEN_TTL_SECONDS: '5' })).toEqual([
      'Invalid setting NODE_ENV="prod": expected one of development, production, test',
      'Invalid setting ACCESS_TOKEN_TTL_SECONDS="5": expected a whole number of at least 60',
    ]);
    expect(refusal({ WEB_ORIGIN: 'school' })).toEqual([
      'Invalid setting WEB_ORIGIN="school": expected an origin URL such as https://learn.school.example',
    ]);
    expect(refusal({ JWT_SECRET: 'short' })).toEqual(['Invalid setting JWT_SECRET: expected at least 32 characters']);
    // The key is a secret: its line never echoes the value.
    expect(refusal({ PAYMENT_DETAILS_KEY: 'not-a-key' })).toEqual([
      'Invalid setting PAYMENT_DETAILS_KEY: expected a 256-bit key: 64 hex digits or 32 bytes in base64 (e.g. from `openssl rand -hex 32`)',
    ]);
    expect(loadConfig({ PAYMENT_DETAILS_KEY: 'ab'.repeat(32) }).PAYMENT_DETAILS_KEY).toBe('ab'.repeat(32));
    expect(loadConfig({ PAYMENT_DETAILS_KEY: Buffer.alloc(32, 7).toString('base64') }).PAYMENT_DETAILS_KEY).toBeTruthy();
  });
});

describe('production', () => {
  const safe = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(32),
    PUBLIC_URL: 'https://www.school.example',
    SMTP_URL: 'smtp://mailer:secret@smtp.school.example:587',
  };

  it('starts with safe settings', () => {
    const c = loadConfig(safe);
    expect(c).toMatchObject({ seedDemo: false, COOKIE_SECURE: true, DISABLE_RATE_LIMITS: false });
  });

  it('refuses each unsafe setting by name', () => {
    expect(refusal({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^Invalid setting JWT_SECRET: production needs its own secret/),
      expect.stringMatching(/^Invalid setting PUBLIC_URL: production mails links to the school/),
      expect.stringMatching(/^Invalid setting SMTP_URL: production sends mail through an SMTP server/),
    ]);
    // Refused before the start migrates anything, in one line naming it (not a stack trace when the first mail is sent).
    expect(refusal({ ...safe, SMTP_URL: '' })).toEqual([expect.stringMatching(/^Invalid setting SMTP_URL: .*SMTP_URL=smtp:\/\//)]);
    // Without it every link mailed would point at localhost.
    expect(refusal({ ...safe, PUBLIC_URL: '' })).toEqual([expect.stringMatching(/^Invalid setting PUBLIC_URL: .*PUBLIC_URL=https:/)]);
    expect(refusal({ ...safe, SEED_DEMO: 'true' })).toEqual([expect.stringMatching(/^Invalid setting SEED_DEMO: .*SEED_DEMO=false/)]);
    expect(refusal({ ...safe, DISABLE_RATE_LIMITS: '1' })).toEqual([
      expect.stringMatching(/^Invalid setting DISABLE_RATE_LIMITS: .*DISABLE_RATE_LIMITS=false/),
    ]);
    expect(refusal({ ...safe, COOKIE_SECURE: 'false' })).toEqual([
      expect.stringMatching(/^Invalid setting COOKIE_SECURE: .*COOKIE_SECURE=true/),
    ]);
    expect(refusal({ NODE_ENV: 'production', SEED_DEMO: 'yes', COOKIE_SECURE: 'off' })).toHaveLength(5);
  });

  it('lets a developer machine keep the same settings', () => {
    expect(loadConfig({ SEED_DEMO: 'true', DISABLE_RATE_LIMITS: 'true', COOKIE_SECURE: 'false' }).seedDemo).toBe(true);
  });
});

describe('file storage settings', () => {
  const s3 = { S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', S3_BUCKET: 'school-files', S3_REGION: 'eu-west-1' };

  it('stores on disk by default and in the bucket with STORAGE=s3 and its settings', () => {
    expect(loadConfig({}).STORAGE).toBe('disk');
    const c = loadConfig({ STORAGE: 's3', ...s3 });
    expect(c.STORAGE).toBe('s3');
    expect(c.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('refuses STORAGE=s3 without its endpoint, bucket or region, one line each', () => {
    expect(refusal({ STORAGE: 's3' })).toEqual([
      'Invalid setting S3_ENDPOINT: STORAGE=s3 needs the S3 endpoint URL, such as https://s3.eu-west-1.amazonaws.com',
      'Invalid setting S3_BUCKET: STORAGE=s3 needs the name of the bucket files are stored in',
      "Invalid setting S3_REGION: STORAGE=s3 needs the bucket's region, such as eu-west-1",
    ]);
    expect(refusal({ STORAGE: 's3', ...s3, S3_BUCKET: '' })).toEqual([
      'Invalid setting S3_BUCKET: STORAGE=s3 needs the name of the bucket files are stored in',
    ]);
  });

  it('refuses an unknown STORAGE, a bad endpoint and a key without its secret, never echoing the secret', () => {
    expect(refusal({ STORAGE: 'ftp' })).toEqual(['Invalid setting STORAGE="ftp": expected one of disk, s3']);
    expect(refusal({ STORAGE: 's3', ...s3, S3_ENDPOINT: 's3.example' })).toEqual([
      'Invalid setting S3_ENDPOINT="s3.example": expected a URL such as https://s3.eu-west-1.amazonaws.com',
    ]);
    expect(refusal({ ...s3, S3_ACCESS_KEY_ID: 'AKIA' })[0]).toMatch(/^Invalid setting S3_SECRET_ACCESS_KEY: /);
    const lines = refusal({ ...s3, S3_SECRET_ACCESS_KEY: 'hush-hush' });
    expect(lines[0]).toMatch(/^Invalid setting S3_ACCESS_KEY_ID: /);
    expect(lines.join('\n')).not.toContain('hush-hush');
  });

  it('gives the bucket origin presigned URLs use: the bucket host, or the endpoint when path-style', () => {
    expect(loadConfig({ STORAGE: 's3', ...s3 }).s3Origin).toBe('https://school-files.s3.eu-west-1.amazonaws.com');
    expect(loadConfig({ STORAGE: 's3', ...s3, S3_ENDPOINT: 'http://minio:9000/', S3_FORCE_PATH_STYLE: 'true' }).s3Origin).toBe(
      'http://minio:9000',
    );
    expect(loadConfig({}).s3Origin).toBeUndefined();
  });

  it('signs file URLs for the public endpoint while the API calls the internal one', () => {
    const c = loadConfig({
      STORAGE: 's3',
      ...s3,
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://files.school.example',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(c.S3_ENDPOINT).toBe('http://minio:9000');
    expect(c.s3PublicEndpoint).toBe('https://files.school.example');
    expect(c.s3Origin).toBe('https://files.school.example');
    expect(loadConfig({ STORAGE: 's3', ...s3 }).s3PublicEndpoint).toBe(s3.S3_ENDPOINT);
    expect(refusal({ STORAGE: 's3', ...s3, S3_PUBLIC_ENDPOINT: 'files' })).toEqual([
      'Invalid setting S3_PUBLIC_ENDPOINT="files": expected a URL such as https://s3.eu-west-1.amazonaws.com',
    ]);
  });
});
