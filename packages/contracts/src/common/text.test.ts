import { describe, expect, it } from 'vitest';
import { CreateCourseSchema } from '../courses/courses.schemas';
import { BulkStudentRowSchema } from '../enrolments/enrolments.schemas';
import { ProfileUpdateSchema } from '../auth/auth.schemas';
import { ContactFormSchema } from '../forms/forms.schemas';
import { IdSlugSchema, ListQuerySchema } from './common.schemas';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter, hasControlCharacter, isBlankText, requiredText } from './text';

const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('control characters', () => {
  it('refuses bidi overrides, isolates, C1 controls and line separators in one-line text, as C0', () => {
    for (const c of ['\u202E', '\u202A', '\u2066', '\u2069', '\u0085', '\u0080', '\u009F', '\u2028', '\u2029'])
      expect(hasControlCharacter(`Ali${c}gnp.exe`), JSON.stringify(c)).toBe(true);
    // Multi-line text keeps its line separators (NEL among them) but never a bidi override or another C1 control.
    expect(hasControlCharacter('one\u2028two', true)).toBe(false);
    expect(hasControlCharacter('one\u202Etwo', true)).toBe(true);
    expect(hasControlCharacter('one\u0085two', true)).toBe(false);
    expect(hasControlCharacter('one\u0090two', true)).toBe(true);
    // Right-to-left scripts and their marks stay welcome.
    expect(hasControlCharacter('\u0639\u0644\u064a \u200F')).toBe(false);
    expect(messagesOf(ProfileUpdateSchema.safeParse({ first_name: 'Ali\u202Egnp.exe', last_name: 'Abu' }))).toEqual({
      first_name: CONTROL_CHARACTER_MESSAGE,
    });
  });

  it('refuses NUL and other C0 characters in one-line text, keeps line breaks in multi-line text', () => {
    expect(hasControlCharacter('a\u0000b')).toBe(true);
    expect(hasControlCharacter('a\u001bb')).toBe(true);
    expect(hasControlCharacter('a\nb')).toBe(true);
    expect(hasControlCharacter('a\u007fb')).toBe(true);
    expect(hasControlCharacter('a\nb\r\n\tc', true)).toBe(false);
    expect(hasControlCharacter('a\u0000b', true)).toBe(true);
    expect(hasControlCharacter('Nur Aisyah 陈美玲 é')).toBe(false);
  });

  it('finds the first field holding one, keys included', () => {
    expect(findControlCharacter({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(findControlCharacter({ message: 'line\nline' })).toBeNull();
    expect(findControlCharacter({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findControlCharacter('\u0000')).toBe('');
  });

  it('the shared schemas name the field', () => {
    expect(
      messagesOf(ContactFormSchema.safeParse({ firstName: 'A\u0000', lastName: 'B', email: 'a@b.co', phone: '1', message: 'one\ntwo' })),
    ).toEqual({
      firstName: CONTROL_CHARACTER_MESSAGE,
    });
    expect(messagesOf(ProfileUpdateSchema.safeParse({ first_name: 'Ali\u0000', last_name: 'Abu' }))).toEqual({
      first_name: CONTROL_CHARACTER_MESSAGE,
    });
    expect(messagesOf(CreateCourseSchema.safeParse({ title: 'Chips', description: 'x\u0000' }))).toEqual({
      description: CONTROL_CHARACTER_MESSAGE,
    });
    expect(CreateCourseSchema.safeParse({ title: 'Chips', description: 'line one\nline two\ttab' }).success).toBe(true);
    expect(messagesOf(BulkStudentRowSchema.safeParse({ email: 'a@b.co', first_name: 'A', last_name: 'B\u0007' }))).toEqual({
      last_name: CONTROL_CHARACTER_MESSAGE,
    });
    expect(IdSlugSchema.safeParse('ab\u0000').success).toBe(false);
    expect(messagesOf(ListQuerySchema.safeParse({ search_query: 'a\u0000' }))).toEqual({ search_query: CONTROL_CHARACTER_MESSAGE });
    expect(messagesOf(ListQuerySchema.safeParse({ order_by: 'title\u0000' }))).toEqual({ order_by: CONTROL_CHARACTER_MESSAGE });
  });
});

describe('invisible-only names and titles', () => {
  it('counts zero-width characters and spaces as blank', () => {
    expect(isBlankText('\u200b\u200c \ufeff\u2060')).toBe(true);
    expect(isBlankText('\u200bA')).toBe(false);
  });
  it('reports them as missing', () => {
    expect(messagesOf(requiredText('Title is required').safeParse('\u200b\u200d'))).toEqual({ '': 'Title is required' });
    expect(messagesOf(CreateCourseSchema.safeParse({ title: '\u200b' }))).toEqual({ title: 'Course title is required' });
    expect(messagesOf(ProfileUpdateSchema.safeParse({ first_name: '\u200b\u200b', last_name: 'Abu' }))).toEqual({
      first_name: 'First name is required',
    });
  });
});
