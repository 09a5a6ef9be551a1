import { buildPath, CONTROL_CHARACTER_MESSAGE, pathParamNames, type RouteDef, routes } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';

/**
 * Hostile input over every route of the contracts' table (a new route is covered as soon as it is
 * declared): a NUL in a path id, in any query field or in any body field is a 400 naming the field,
 * never a 500 (PostgreSQL refuses NUL in text); every list refuses `order_by` values that are
 * names of Object.prototype's members.
 */
const table = Object.entries(routes as Record<string, RouteDef>);
const UNKNOWN_ID = '0123456789abcdef0123456789abcdef';
const NUL = 'a\u0000b';

/** The fields of an object schema (through optional, default, pipe and refinement wrappers). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 10 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    if (s instanceof z.ZodPipe) s = s.in;
    else if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) s = s.unwrap();
    else return [];
  }
  return [];
}

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
});
afterAll(async () => t?.close());

function request(route: RouteDef, params: Record<string, string>, query = '') {
  const url = `/api/${buildPath(route.path, params)}${query}`;
  const req = t.http[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url);
  return route.auth === 'public' ? req : req.set(bearer(admin));
}
/** The message of `field` in an error body, in the API's shape or the public forms' `[{ field, message }]`. */
function errorOf(body: { errors?: unknown }, field: string): string | undefined {
  if (Array.isArray(body.errors)) return body.errors.find((e: { field?: string }) => e.field === field)?.message;
  return (body.errors as Record<string, string> | undefined)?.[field];
}

/** The error body, also when the route's success type is text (the CSV export). */
const bodyOf = (res: { body: unknown; text: string }) =>
  (res.body && Object.keys(res.body).length ? res.body : JSON.parse(res.text)) as { errors?: Record<string, string> };
const knownParams = (route: RouteDef) => Object.fromEntries(pathParamNames(route.path).map((p) => [p, UNKNOWN_ID]));

describe.each(table)('%s', (_name, route) => {
  const params = pathParamNames(route.path);
  if (params.length) {
    it.each(params)('refuses a NUL in the path id %s', async (param) => {
      const res = await request(route, { ...knownParams(route), [param]: NUL });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.values(res.body.errors ?? {})).toContain(CONTROL_CHARACTER_MESSAGE);
    });
  }

  const queryFields = [...new Set([...fieldsOf(route.query), 'search_query'])];
  it.each(queryFields)('refuses a NUL in the query field %s', async (field) => {
    const res = await request(route, knownParams(route), `?${field}=${encodeURIComponent(NUL)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorOf(res.body, field)).toBe(CONTROL_CHARACTER_MESSAGE);
  });

  if (fieldsOf(route.query).includes('order_by')) {
    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', '-__proto__', '-valueOf'])('refuses order_by=%s', async (value) => {
      const res = await request(route, knownParams(route), `?order_by=${value}`);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(bodyOf(res).errors?.order_by, res.text).toEqual(expect.any(String));
    });
  }

  if (route.method !== 'GET' && route.requestType !== 'multipart') {
    const bodyFields = fieldsOf(route.body);
    it.each(bodyFields.length ? bodyFields : ['body_field'])('refuses a NUL in the JSON body field %s', async (field) => {
      const res = await request(route, knownParams(route)).send({ [field]: NUL });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(errorOf(res.body, field)).toBe(CONTROL_CHARACTER_MESSAGE);
    });
  }
});

describe('outside the route table', () => {
  it('refuses a NUL nested in a bulk row, naming the row', async () => {
    const cohort = await createCohortId();
    const res = await t.http
      .post(`/api/cohorts/admin/${cohort}/add-student-bulk/`)
      .set(bearer(admin))
      .send({
        students: [
          { email: 'a@example.com', first_name: 'Ali', last_name: 'Abu' },
          { email: 'b@example.com', first_name: NUL, last_name: 'B' },
        ],
      });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'students.1.first_name': CONTROL_CHARACTER_MESSAGE });
  });

  it('refuses a NUL in an urlencoded form body', async () => {
    const res = await t.http
      .post('/api/forms/contact/')
      .type('form')
      .send(`firstName=${encodeURIComponent(NUL)}&lastName=B`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'firstName', message: CONTROL_CHARACTER_MESSAGE }]);
  });

  it('refuses a NUL in a signed file id, which no schema reads', async () => {
    const res = await t.http.get(`/api/files/${encodeURIComponent(NUL)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ path: CONTROL_CHARACTER_MESSAGE });
  });

  it('refuses other control characters in a name and invisible-only names, keeps line breaks in a message', async () => {
    const base = { firstName: 'Siti', lastName: 'Aminah', email: 'siti@example.com', phone: '0123456789', message: 'Hello\nthere' };
    const bell = await t.http.post('/api/forms/contact/').send({ ...base, lastName: 'Ami\u0007nah' });
    expect(bell.status).toBe(400);
    const zeroWidth = await t.http.post('/api/forms/contact/').send({ ...base, firstName: '\u200b\u200d' });
    expect(zeroWidth.status).toBe(400);
    expect(zeroWidth.body.errors).toEqual([expect.objectContaining({ message: 'First name is required' })]);
    const ok = await t.http.post('/api/forms/contact/').send(base);
    expect(ok.status).toBe(200);
  });

  it('refuses bidi overrides and line separators in names, as it refuses C0 controls', async () => {
    for (const c of ['\u202E', '\u0085', '\u2028', '\u2029']) {
      const res = await t.http
        .post('/api/auth/register/')
        .send({ email: `bidi${c.charCodeAt(0)}@example.com`, password: 'Fresh#Wafer7781', first_name: `Ali${c}gnp.exe`, last_name: 'Abu' });
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect(res.body.errors).toEqual({ first_name: CONTROL_CHARACTER_MESSAGE });
    }
  });
});

async function createCohortId(): Promise<string> {
  const course = await makeCourse(t, admin, { title: 'Chips' });
  return (await makeCohort(t, admin, { title: 'C', course_ids: [course.id_slug], start: 0, end: 1 })).id_slug;
}
