import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemasOf, messagesOf } from '../test-utils';
import {
  AddCertificateToCohortResponseSchema,
  AdminCertificateListQuerySchema,
  CreateCertificateResponseSchema,
  CreateCertificateSchema,
  DEFAULT_CERTIFICATE_PROVIDER,
} from './certificates.schemas';

describe('list query', () => {
  it('uses the spec page size', () => {
    expect(AdminCertificateListQuerySchema.parse({ cohort_id_slug: 'k' }).page_size).toBe(10);
  });
});

describe('certificates', () => {
  it('require a title and default the provider', () => {
    expect(messagesOf(CreateCertificateSchema, { title: '' })).toEqual({ title: ['Certificate title is required'] });
    expect(CreateCertificateSchema.parse({ title: 'Cert' })).toEqual({
      title: 'Cert',
      provider: [DEFAULT_CERTIFICATE_PROVIDER],
    });
    expect(CreateCertificateSchema.parse({ title: 'Cert', provider: ['X'] }).provider).toEqual(['X']);
  });
});

describe('derived certificate schemas', () => {
  it('the answers have the fields they had when written out', () => {
    const added = z.object({ cohort_id_slug: z.string(), certificate_id_slug: z.string() });
    expect(jsonSchemasOf(AddCertificateToCohortResponseSchema)).toEqual(jsonSchemasOf(added));
    expectTypeOf<z.infer<typeof AddCertificateToCohortResponseSchema>>().toEqualTypeOf<z.infer<typeof added>>();
    expect(jsonSchemasOf(CreateCertificateResponseSchema)).toEqual(jsonSchemasOf(z.object({ id_slug: z.string() })));
  });
});
