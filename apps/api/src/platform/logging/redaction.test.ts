import { describe, expect, it } from 'vitest';
import { redactEmails, redactUrl } from './redaction';
import { requestIdFrom } from './request-id';

describe('redactUrl', () => {
  it('keeps a plain URL as it is', () => {
    const url = '/api/cohorts/admin/abc/students?page=2&order_by=-created_date';
    expect(redactUrl(url)).toBe(url);
  });
  it('replaces credentials and emails in the query and the path', () => {
    expect(redactUrl('/api/files/x?token=abc.def&page=1')).toBe('/api/files/x?token=[Redacted]&page=1');
    expect(redactUrl('/api/list?search_query=ada%40example.com&page_size=10')).toBe('/api/list?search_query=[Redacted]&page_size=10');
    expect(redactUrl('/api/users/ada@example.com/profile')).toBe('/api/users/[Redacted]/profile');
  });
  it('removes emails from free text', () => {
    expect(redactEmails('refused for grace.hopper@navy.mil today')).toBe('refused for [Redacted] today');
  });
});

describe('requestIdFrom', () => {
  it('keeps a short safe token and replaces anything else', () => {
    expect(requestIdFrom('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    for (const bad of [undefined, '', 'a b', 'x'.repeat(65), 'a\nb', ['a', 'b']])
      expect(requestIdFrom(bad as never)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
