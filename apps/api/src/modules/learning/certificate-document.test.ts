import { DEFAULT_CERTIFICATE_PROVIDER, SCHOOL_NAME } from '@school/contracts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { scanQrCodes } from '../../../test/pdf-qr';
import { readPdf } from '../../../test/pdf-text';
import { buildCertificatePdf } from './certificate-document';

const details = {
  title: 'Cleanroom Safety',
  studentName: 'Aisyah Rahman',
  cohortTitle: 'Cohort 1',
  completionDate: new Date('2026-05-01T00:00:00Z'),
  credentialId: '3f9c0a7e5b2d4c18a6e1f0b9d7c4e2a1',
  verifyUrl: 'https://school.example/verify/3f9c0a7e5b2d4c18a6e1f0b9d7c4e2a1',
  provider: [] as string[],
};

const lines = async (pdf: Buffer) => (await readPdf(pdf)).lines;

describe('buildCertificatePdf', () => {
  it('prints the one default provider when the certificate names none', async () => {
    const text = await lines(await buildCertificatePdf({ ...details, provider: [] }));
    expect(text).toContain(DEFAULT_CERTIFICATE_PROVIDER);
    expect(DEFAULT_CERTIFICATE_PROVIDER).toBe(SCHOOL_NAME);
  });

  it('prints the certificate own providers', async () => {
    const text = await lines(await buildCertificatePdf({ ...details, provider: ['Fab Partner'] }));
    expect(text).toContain('Fab Partner');
  });

  it('prints every text of the certificate, in order, with its title and producer', async () => {
    const pdf = await buildCertificatePdf({ ...details, provider: ['Fab Partner', 'Chip Lab'] });
    expect(await lines(pdf)).toEqual([
      'Fab Partner & Chip Lab',
      'Certificate of Completion',
      'This certifies that',
      'Aisyah Rahman',
      'has successfully completed',
      'Cleanroom Safety',
      'as part of Cohort 1',
      'Issued on 1 May 2026',
      'Credential ID 3f9c0a7e5b2d4c18a6e1f0b9d7c4e2a1',
      'Verify at https://school.example/verify/3f9c0a7e5b2d4c18a6e1f0b9d7c4e2a1',
    ]);
    const { title, producer, pages } = await readPdf(pdf);
    expect({ title, producer, pages }).toEqual({ title: 'Cleanroom Safety: Aisyah Rahman', producer: 'School platform', pages: 1 });
  });

  it('prints a Chinese name as written', async () => {
    const text = await lines(await buildCertificatePdf({ ...details, studentName: '陈美玲' }));
    expect(text[3]).toBe('陈美玲');
    expect(text).toContain(`Credential ID ${details.credentialId}`);
    expect(text.join('\n')).not.toContain('?');
  });

  it('prints a Tamil name with every letter of it', async () => {
    const name = 'சுரேஷ் குமார்';
    const text = await lines(await buildCertificatePdf({ ...details, studentName: name }));
    // The text is shaped: the vowel sign ே is drawn before its consonant ர, and a reader extracts
    // the glyphs in drawing order. So the name reads back with that one sign moved, and otherwise
    // as written: the same letters, none lost or replaced.
    expect(text[3]).toBe('சுேரஷ் குமார்');
    expect(text).toContain(`Credential ID ${details.credentialId}`);
    expect([...text[3]].sort()).toEqual([...name].sort());
    expect(text.join('\n')).not.toContain('?');
  });

  it('prints a name that mixes scripts, each in its own font', async () => {
    const text = await lines(await buildCertificatePdf({ ...details, studentName: 'Mei Ling 陈美玲' }));
    expect(text[3]).toBe('Mei Ling 陈美玲');
  });

  it('is A4 landscape', async () => {
    const doc = await PDFDocument.load(await buildCertificatePdf(details));
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
  });

  it('embeds a QR code that decodes to the verification page', async () => {
    const other = { ...details, credentialId: 'b1', verifyUrl: 'https://school.example/verify/b1' };
    for (const d of [details, other]) expect(await scanQrCodes(await buildCertificatePdf(d))).toEqual([d.verifyUrl]);
  });
});
