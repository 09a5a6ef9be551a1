import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemasOf, messagesOf } from '../test-utils';
import {
  AddCertificateToCohortResponseSchema,
  AdminCertificateListQuerySchema,
  CertificateRulesSchema,
  CreateCertificateResponseSchema,
  CreateCertificateSchema,
  DEFAULT_CERTIFICATE_PROVIDER,
  DEFAULT_CERTIFICATE_RULES,
  IssueCertificateSchema,
  REASON_REQUIRED,
  RevokeCertificateSchema,
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

describe('certificate issuing', () => {
  it('takes rules between 0 and 100, defaulting to every lesson, every mandatory item and 50%', () => {
    expect(CertificateRulesSchema.parse(DEFAULT_CERTIFICATE_RULES)).toEqual({
      min_lessons_percent: 100,
      require_mandatory_graded: true,
      min_weighted_total: 50,
    });
    expect(CertificateRulesSchema.safeParse({ ...DEFAULT_CERTIFICATE_RULES, min_lessons_percent: 100.5 }).success).toBe(false);
    expect(CertificateRulesSchema.safeParse({ ...DEFAULT_CERTIFICATE_RULES, min_weighted_total: -1 }).success).toBe(false);
    expect(CertificateRulesSchema.safeParse({ ...DEFAULT_CERTIFICATE_RULES, extra: 1 }).success).toBe(false);
  });

  it('needs a reason to issue or revoke by hand', () => {
    const blank = IssueCertificateSchema.safeParse({ user_id_slug: 'u1', reason: '  ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0].message).toBe(REASON_REQUIRED);
    expect(RevokeCertificateSchema.safeParse({}).success).toBe(false);
    expect(RevokeCertificateSchema.parse({ reason: ' Misconduct ' })).toEqual({ reason: 'Misconduct' });
  });
});
