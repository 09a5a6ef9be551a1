import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiErrorSchema, IdSlugSchema, ListQuerySchema, makeListQuerySchema, paginated } from './common.schemas';

describe('ListQuerySchema', () => {
  it('applies defaults', () => {
    expect(ListQuerySchema.parse({})).toEqual({ page: 1, page_size: 10 });
  });
  it('coerces numbers from query strings and trims the search', () => {
    expect(ListQuerySchema.parse({ page: '3', page_size: '25', search_query: '  chip ', order_by: '-title' })).toEqual({
      page: 3,
      page_size: 25,
      search_query: 'chip',
      order_by: '-title',
    });
  });
  it('treats a blank search as none', () => {
    expect(ListQuerySchema.parse({ search_query: '   ' }).search_query).toBeUndefined();
  });
  it('bounds page and page size', () => {
    expect(ListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(ListQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(ListQuerySchema.safeParse({ page_size: '100' }).success).toBe(true);
    expect(ListQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
    expect(ListQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
  });
  it('takes per-list defaults', () => {
    expect(makeListQuerySchema({ page_size: 7, order_by: 'title' }).parse({})).toEqual({
      page: 1,
      page_size: 7,
      order_by: 'title',
    });
  });
});

describe('paginated', () => {
  it('wraps items with count and num_pages', () => {
    const schema = paginated(z.object({ id: z.string() }));
    expect(schema.parse({ data: [{ id: 'a' }], count: 1, num_pages: 1 })).toEqual({
      data: [{ id: 'a' }],
      count: 1,
      num_pages: 1,
    });
    expect(schema.safeParse({ data: [], count: 0 }).success).toBe(false);
  });
});

describe('ApiErrorSchema and IdSlugSchema', () => {
  it('parses error bodies with and without field messages', () => {
    expect(ApiErrorSchema.parse({ message: 'Bad' })).toEqual({ message: 'Bad' });
    expect(ApiErrorSchema.parse({ message: 'Bad', errors: { email: 'Invalid email format' } }).errors).toEqual({
      email: 'Invalid email format',
    });
    expect(ApiErrorSchema.safeParse({ errors: {} }).success).toBe(false);
  });
  it('requires a non-empty id', () => {
    expect(IdSlugSchema.safeParse('').success).toBe(false);
    expect(IdSlugSchema.parse(' abc ')).toBe('abc');
  });
});
