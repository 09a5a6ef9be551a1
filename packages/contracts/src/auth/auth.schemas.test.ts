import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PASSWORD_RULE_MESSAGE } from '../common/common.schemas';
import { messagesOf } from '../test-utils';
import {
  AuthResponseSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  EmailSchema,
  LoginSchema,
  makeNameSchema,
  PasswordRuleSchema,
  ProfileUpdateSchema,
  RefreshSchema,
  RegisterSchema,
  RoleSchema,
  SignUpFormSchema,
} from './auth.schemas';

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0].message;
}

describe('EmailSchema', () => {
  it('trims and lowercases', () => {
    expect(EmailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });
  it('requires a value', () => {
    expect(firstMessage(EmailSchema, '')).toBe('Email is required');
    expect(firstMessage(EmailSchema, '   ')).toBe('Email is required');
    expect(firstMessage(EmailSchema, undefined)).toBe('Email is required');
  });
  it('checks the format', () => {
    expect(firstMessage(EmailSchema, 'not-an-email')).toBe('Invalid email format');
    expect(firstMessage(EmailSchema, 'a@b')).toBe('Invalid email format');
  });
});

describe('PasswordRuleSchema', () => {
  it('accepts a password with every class', () => {
    expect(PasswordRuleSchema.safeParse('Abc12!').success).toBe(true);
  });
  it.each(['Ab1!', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1'])('refuses %s', (pw) => {
    expect(firstMessage(PasswordRuleSchema, pw)).toBe(
      'Password must be at least 6 characters, include a lowercase and uppercase letter, a number and a symbol',
    );
  });
  it('requires a value', () => {
    expect(firstMessage(PasswordRuleSchema, '')).toBe('Password is required');
    expect(firstMessage(PasswordRuleSchema, undefined)).toBe('Password is required');
  });
  it.each([' Abc12!', 'Abc12! ', '\tAbc12!', 'Abc12!\n', '  Abc12!  '])('refuses %j: sign-in trims, so it could never be used', (pw) => {
    expect(messagesOf(PasswordRuleSchema, pw)).toEqual({ '': ['Password must not start or end with a space.'] });
  });
  it('accepts spaces inside a password', () => {
    expect(PasswordRuleSchema.safeParse('Abc 12!').success).toBe(true);
  });
  it('exposes the rule message', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(
      'Password must be at least 6 characters, include a lowercase and uppercase letter, a number and a symbol',
    );
  });
});

describe('names', () => {
  const First = makeNameSchema('First name is required');
  it('requires and bounds a name', () => {
    expect(firstMessage(First, '')).toBe('First name is required');
    expect(firstMessage(First, '  ')).toBe('First name is required');
    expect(firstMessage(First, undefined)).toBe('First name is required');
    expect(firstMessage(First, 'A')).toBe('Please enter a valid name');
    expect(First.parse('  Al ')).toBe('Al');
  });
  it('uses the last-name message in ProfileUpdateSchema', () => {
    expect(messagesOf(ProfileUpdateSchema, { first_name: '', last_name: '' })).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
    });
  });
});

describe('LoginSchema', () => {
  it('trims email and password', () => {
    expect(LoginSchema.parse({ email: ' A@B.co ', password: ' Secret1! ' })).toEqual({
      email: 'a@b.co',
      password: 'Secret1!',
    });
  });
  it('reports required fields', () => {
    expect(messagesOf(LoginSchema, { email: '', password: '' })).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
    expect(messagesOf(LoginSchema, {})).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });
});

describe('RegisterSchema', () => {
  const valid = { email: 'ada@x.io', password: 'Abc12!', first_name: 'Ada', last_name: 'Lovelace' };
  it('accepts a valid payload with or without a role', () => {
    expect(RegisterSchema.safeParse(valid).success).toBe(true);
    expect(RegisterSchema.safeParse({ ...valid, role: 'ADMIN' }).success).toBe(true);
  });
  it('rejects unknown fields', () => {
    expect(RegisterSchema.safeParse({ ...valid, id_slug: 'x' }).success).toBe(false);
    expect(RegisterSchema.safeParse({ ...valid, status: 'ACTIVE' }).success).toBe(false);
  });
  it('rejects an unknown role', () => {
    expect(RegisterSchema.safeParse({ ...valid, role: 'ROOT' }).success).toBe(false);
    expect(RoleSchema.options).toEqual(['STUDENT', 'INSTRUCTOR', 'ADMIN']);
  });
});

describe('SignUpFormSchema', () => {
  const valid = {
    email: 'ada@x.io',
    password: 'Abc12!',
    confirm_password: 'Abc12!',
    first_name: 'Ada',
    last_name: 'Lovelace',
  };
  it('accepts matching passwords', () => {
    expect(SignUpFormSchema.safeParse(valid).success).toBe(true);
  });
  it('requires the confirmation', () => {
    expect(messagesOf(SignUpFormSchema, { ...valid, confirm_password: '' })).toEqual({
      confirm_password: ['Confirm your password'],
    });
  });
  it('requires it to match, even when another field is invalid', () => {
    expect(messagesOf(SignUpFormSchema, { ...valid, confirm_password: 'Abc12?' })).toEqual({
      confirm_password: ['Passwords do not match'],
    });
    expect(messagesOf(SignUpFormSchema, { ...valid, first_name: '', confirm_password: 'nope' })).toEqual({
      first_name: ['First name is required'],
      confirm_password: ['Passwords do not match'],
    });
  });
  it('reports every required field', () => {
    expect(messagesOf(SignUpFormSchema, {})).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      confirm_password: ['Confirm your password'],
    });
  });
});

describe('ChangePasswordSchema', () => {
  const valid = { old_password: 'old', new_password: 'Abc12!', confirm_new_password: 'Abc12!' };
  it('accepts a valid change', () => {
    expect(ChangePasswordSchema.safeParse(valid).success).toBe(true);
  });
  it('reports each message', () => {
    expect(messagesOf(ChangePasswordSchema, { old_password: '', new_password: '', confirm_new_password: '' })).toEqual({
      old_password: ['Current password is required'],
      new_password: ['Password is required'],
      confirm_new_password: ['Confirm password is required.'],
    });
    expect(messagesOf(ChangePasswordSchema, { ...valid, new_password: 'weak', confirm_new_password: 'weak' })).toEqual({
      new_password: [PASSWORD_RULE_MESSAGE],
    });
    expect(messagesOf(ChangePasswordSchema, { ...valid, confirm_new_password: 'Abc12?' })).toEqual({
      confirm_new_password: ['Passwords do not match'],
    });
    expect(messagesOf(ChangePasswordSchema, { ...valid, new_password: 'Abc12! ', confirm_new_password: 'Abc12! ' })).toEqual({
      new_password: ['Password must not start or end with a space.'],
    });
  });
});

describe('ChangeEmailSchema', () => {
  it('reports required and format messages', () => {
    expect(messagesOf(ChangeEmailSchema, { current_email: '', current_password: '', new_email: '' })).toEqual({
      current_email: ['Current email is required'],
      current_password: ['Password is required'],
      new_email: ['New email is required'],
    });
    expect(messagesOf(ChangeEmailSchema, { current_email: 'x', current_password: 'p', new_email: 'y@' })).toEqual({
      current_email: ['Invalid email format'],
      new_email: ['Invalid email format'],
    });
  });
  it('normalises both emails', () => {
    expect(ChangeEmailSchema.parse({ current_email: ' A@B.co', current_password: 'p', new_email: 'C@D.co ' })).toEqual({
      current_email: 'a@b.co',
      current_password: 'p',
      new_email: 'c@d.co',
    });
  });
});

describe('token schemas', () => {
  it('allows the refresh token to be omitted (cookie) or sent in the body', () => {
    expect(RefreshSchema.safeParse({}).success).toBe(true);
    expect(RefreshSchema.safeParse({ refresh: 'abc' }).success).toBe(true);
    expect(RefreshSchema.safeParse({ refresh: 'abc', extra: 1 }).success).toBe(false);
  });
  it('parses an auth answer without a refresh token', () => {
    const user = { id_slug: 'u', first_name: 'A', last_name: 'B', email: 'a@b.co', role: 'STUDENT' };
    expect(AuthResponseSchema.parse({ access: 't', user })).toEqual({ access: 't', user });
  });
});
