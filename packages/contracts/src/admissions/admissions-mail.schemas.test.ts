import { describe, expect, it } from 'vitest';
import {
  DeclarationSchema,
  fillPlaceholders,
  placeholdersIn,
  ReplyToSchema,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from './admissions-mail.schemas';

describe('mail template placeholders', () => {
  it('finds each named placeholder once, spaces inside the braces allowed', () => {
    expect(placeholdersIn('Hello {{name}}, {{ programme }} and {{name}} again; {single} is text')).toEqual(['name', 'programme']);
  });
  it('names the placeholders a kind cannot fill in', () => {
    expect(unknownPlaceholders('rejected', 'Dear {{name}}, ref {{reference}} {{accept_by}}')).toEqual(['reference', 'accept_by']);
    expect(unknownPlaceholders('offer', 'By {{accept_by}}, {{cohort}}')).toEqual([]);
    // The confirmation of a submission names no one.
    expect(unknownPlaceholders('received', 'Hello {{name}}')).toEqual(['name']);
    expect(unknownPlaceholderMessage(['reference'], 'rejected')).toBe(
      'Unknown placeholder {{reference}}: this message can use {{name}}, {{programme}}, {{status_url}}',
    );
  });
  it('fills in each placeholder with its value', () => {
    expect(fillPlaceholders('Dear {{ name }}, {{programme}}', { name: 'Siti', programme: 'Youth 2027' })).toBe('Dear Siti, Youth 2027');
  });
});

describe('reply-to and declarations', () => {
  it('takes an email, or empty for none; refuses anything else', () => {
    expect(ReplyToSchema.parse({ reply_to: 'team@school.example' }).reply_to).toBe('team@school.example');
    expect(ReplyToSchema.parse({ reply_to: '' }).reply_to).toBeNull();
    expect(ReplyToSchema.safeParse({ reply_to: 'not an email' }).success).toBe(false);
  });
  it('a conflict needs what it is', () => {
    expect(DeclarationSchema.safeParse({ conflict: true, note: ' ' }).success).toBe(false);
    expect(DeclarationSchema.parse({ conflict: false })).toEqual({ conflict: false, note: '' });
  });
});
