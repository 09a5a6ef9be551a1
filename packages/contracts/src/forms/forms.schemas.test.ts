import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test-utils';
import {
  ContactFormSchema,
  CourseInterestFormSchema,
  tooManySubmissionsMessage,
  FORM_FAILURE_MESSAGE,
  formCollectionErrorMessage,
  FormCollectionErrorSchema,
} from './forms.schemas';

describe('ContactFormSchema', () => {
  it('requires all five fields', () => {
    expect(messagesOf(ContactFormSchema, {})).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
      phone: ['Phone is required'],
      message: ['Message is required'],
    });
  });
  it('accepts a filled form and normalises the email', () => {
    expect(ContactFormSchema.parse({ firstName: 'A', lastName: 'B', email: ' X@Y.co ', phone: '+60 12', message: 'Hi' }).email).toBe(
      'x@y.co',
    );
  });
  it('rejects an invalid email and unknown fields', () => {
    expect(messagesOf(ContactFormSchema, { firstName: 'A', lastName: 'B', email: 'x', phone: '1', message: 'm' })).toEqual({
      email: ['Invalid email format'],
    });
    expect(ContactFormSchema.safeParse({ firstName: 'A', lastName: 'B', email: 'x@y.co', phone: '1', message: 'm', x: 1 }).success).toBe(
      false,
    );
  });
});

describe('CourseInterestFormSchema', () => {
  it('requires names, email and course', () => {
    expect(messagesOf(CourseInterestFormSchema, { firstName: ' ', lastName: '', email: '', course: '' })).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
      course: ['Course is required'],
    });
  });
});

describe('form-collection errors', () => {
  it('joins messages with a comma and a space', () => {
    const body = { errors: [{ message: 'a' }, { message: 'b' }] };
    expect(FormCollectionErrorSchema.parse(body)).toEqual(body);
    expect(formCollectionErrorMessage(body)).toBe('a, b');
  });
  it('falls back to the generic message', () => {
    expect(formCollectionErrorMessage({})).toBe('Uh oh! There was a problem submitting your form.');
    expect(formCollectionErrorMessage({ errors: [] })).toBe(FORM_FAILURE_MESSAGE);
  });
});

describe('tooManySubmissionsMessage', () => {
  it('says how many whole minutes to wait, rounded up, at least one', () => {
    expect(tooManySubmissionsMessage(600)).toBe('Too many submissions from your network. Please try again in 10 minutes.');
    expect(tooManySubmissionsMessage(541)).toBe('Too many submissions from your network. Please try again in 10 minutes.');
    expect(tooManySubmissionsMessage(61)).toBe('Too many submissions from your network. Please try again in 2 minutes.');
    expect(tooManySubmissionsMessage(60)).toBe('Too many submissions from your network. Please try again in 1 minute.');
    expect(tooManySubmissionsMessage(1)).toBe('Too many submissions from your network. Please try again in 1 minute.');
  });
});
