import { DEFAULT_CERTIFICATE_PROVIDER } from '@school/contracts';
import { buildPdf, type PdfTextRun, textWidth } from './simple-pdf';

export interface CertificateDetails {
  title: string;
  provider: string[];
  studentName: string;
  cohortTitle: string;
  completionDate: Date | null;
  /** Printed so anyone holding the PDF can quote it to the school. */
  reference: string;
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A landscape A4 certificate of completion. */
export function buildCertificatePdf(d: CertificateDetails): Buffer {
  const width = 841.89;
  const height = 595.28;
  const runs: PdfTextRun[] = [];
  const centred = (text: string, y: number, size: number, font: 'regular' | 'bold' = 'regular', color?: [number, number, number]) =>
    runs.push({ text, x: (width - textWidth(text, size, font)) / 2, y, size, font, color });
  const navy: [number, number, number] = [0.04, 0.12, 0.23];
  const grey: [number, number, number] = [0.32, 0.35, 0.4];

  centred(d.provider.length ? d.provider.join(' & ') : DEFAULT_CERTIFICATE_PROVIDER, height - 110, 14, 'regular', grey);
  centred('Certificate of Completion', height - 160, 32, 'bold', navy);
  centred('This certifies that', height - 215, 14, 'regular', grey);
  centred(d.studentName, height - 262, 30, 'bold', navy);
  centred('has successfully completed', height - 305, 14, 'regular', grey);
  const titleSize = textWidth(d.title, 20, 'bold') > width - 160 ? 15 : 20;
  centred(d.title, height - 345, titleSize, 'bold', navy);
  centred(`as part of ${d.cohortTitle}`, height - 378, 13, 'regular', grey);
  if (d.completionDate) centred(`Issued on ${LONG_DATE.format(d.completionDate)}`, height - 430, 13, 'regular', navy);
  centred(`Certificate reference ${d.reference}`, 70, 9, 'regular', grey);
  return buildPdf(
    [{ runs, rects: [[28, 28, width - 56, height - 56], [36, 36, width - 72, height - 72]] }],
    { width, height, title: `${d.title}: ${d.studentName}` },
  );
}
