import { describe, expect, it } from 'vitest';
import { readOrigins } from './origins';

describe('readOrigins', () => {
  it('leaves unset and empty origins undefined (everything at one origin)', () => {
    expect(readOrigins({ VITE_WEB_ORIGIN: '', MODE: 'production' })).toEqual({ web: undefined, learn: undefined, admin: undefined });
  });
  it('reads the three origins', () => {
    expect(
      readOrigins({
        VITE_WEB_ORIGIN: 'https://example.com',
        VITE_LEARN_ORIGIN: 'https://learn.example.com',
        VITE_ADMIN_ORIGIN: 'https://admin.example.com',
      }),
    ).toEqual({ web: 'https://example.com', learn: 'https://learn.example.com', admin: 'https://admin.example.com' });
  });
  it('refuses an origin that is not a URL', () => {
    expect(() => readOrigins({ VITE_LEARN_ORIGIN: 'learn.example.com' })).toThrow();
  });
});
