import { DEFAULT_CERTIFICATE_PROVIDER } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { buildCertificatePdf } from './certificate-document';

const details = {
  title: 'Cleanroom Safety',
  studentName: 'Aisyah Rahman',
  cohortTitle: 'Cohort 1',
  completionDate: new Date('2026-05-01T00:00:00Z'),
  reference: 'ucert_1',
};

describe('buildCertificatePdf', () => {
  it('prints the one default provider when the certificate names none', () => {
    const pdf = buildCertificatePdf({ ...details, provider: [] }).toString('latin1');
    expect(pdf).toContain(`(${DEFAULT_CERTIFICATE_PROVIDER})`);
    expect(pdf).not.toContain('School of Semiconductor Training');
  });

  it('prints the certificate own providers', () => {
    const pdf = buildCertificatePdf({ ...details, provider: ['Fab Partner'] }).toString('latin1');
    expect(pdf).toContain('(Fab Partner)');
  });
});
