import { describe, expect, it } from 'vitest';
import { PasswordService } from './password.service';

describe('PasswordService', () => {
  const svc = new PasswordService();
  it('hashes with argon2id and verifies', async () => {
    const h = await svc.hash('Str0ng!Pass');
    expect(h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await svc.verify(h, 'Str0ng!Pass')).toBe(true);
    expect(await svc.verify(h, 'wrong')).toBe(false);
  });
  it('treats a missing hash as a failed check', async () => {
    expect(await svc.verify(null, 'anything')).toBe(false);
  });
  it('refuses common passwords whatever their case', () => {
    expect(svc.isCommon('Password')).toBe(true);
    expect(svc.isCommon('P@ssw0rd')).toBe(true);
    expect(svc.isCommon('Wafer#Fab2025x')).toBe(false);
  });
});
