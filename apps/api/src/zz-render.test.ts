import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { buildCertificatePdf } from './modules/learning/certificate-document';
import { buildTextDocument } from './common/pdf/text-document';
it('renders', async () => {
  const cert = await buildCertificatePdf({ title: 'Cleanroom Safety', provider: [], studentName: 'Aisyah Rahman', cohortTitle: 'Cohort 1', completionDate: new Date('2026-05-01T00:00:00Z'), reference: 'ucert_1' });
  writeFileSync(process.env.OUT + '/cert.pdf', cert);
  const cjk = await buildCertificatePdf({ title: 'Cleanroom Safety', provider: [], studentName: '陈美玲', cohortTitle: 'Cohort 1', completionDate: new Date('2026-05-01T00:00:00Z'), reference: 'ucert_2' });
  writeFileSync(process.env.OUT + '/cert-cjk.pdf', cjk);
  const ta = await buildCertificatePdf({ title: 'Cleanroom Safety', provider: [], studentName: 'சுரேஷ் குமார்', cohortTitle: 'Cohort 1', completionDate: new Date('2026-05-01T00:00:00Z'), reference: 'ucert_3' });
  writeFileSync(process.env.OUT + '/cert-ta.pdf', ta);
  const doc = await buildTextDocument({ title: 'Combinational and sequential logic in SystemVerilog', subtitle: 'Digital Design', paragraphs: ['# Overview', 'Use always_comb for combinational logic and always_ff for flip-flops. '.repeat(12), '# Next', 'Short paragraph (with brackets) and a backslash \\ and café.'] });
  writeFileSync(process.env.OUT + '/handout.pdf', doc);
});
