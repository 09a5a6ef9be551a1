import { PASSWORD_PATTERN } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { PasswordService } from './password.service';

/** Well-known breached passwords that satisfy the composition rule all the same. */
const BREACHED_BUT_COMPOSED = [
  'Password1!',
  'P@ssw0rd1',
  'Welcome@123',
  'Qwerty@123',
  'Abc@1234',
  'Password123!',
  'Admin@123',
  'Iloveyou1!',
  'Qwerty123!',
  'Welcome1!',
  'Passw0rd!',
  'Password@1',
  'Letmein1!',
  'Monkey123!',
  'Football1!',
  'Admin@1234',
];

/** Passwords the demo seed, the README and the tests sign up or change to. */
const IN_USE = [
  'Chip#Design42',
  'Learn#Wafer2026',
  'Admin#Wafer2026',
  'Teach#Wafer2026',
  'Bench#Wafer2026',
  'Fresh#Wafer77',
  'Gallium#Nitride7',
  'Silicon#Wafer9',
  'Wafer#Fab2025x',
];

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
  it.each(BREACHED_BUT_COMPOSED)('refuses %s, a breached password that satisfies the composition rule', (password) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(true);
    expect(svc.isWeak(password)).toBe(true);
  });
  it('refuses common passwords whatever their case', () => {
    expect(svc.isWeak('Password')).toBe(true);
    expect(svc.isWeak('pASSWORD1!')).toBe(true);
  });
  it("refuses a password built from the account's own email or name", () => {
    expect(svc.isWeak('Zulkarnain#2024')).toBe(false);
    expect(svc.isWeak('Zulkarnain#2024', ['zulkarnain@example.com', 'Zul', 'Karim'])).toBe(true);
  });
  it.each(IN_USE)('accepts %s', (password) => {
    expect(svc.isWeak(password)).toBe(false);
  });
});
