import { DEFAULT_CERTIFICATE_PROVIDER } from '@school/contracts';
import QRCode from 'qrcode';
import { type PdfColor, PdfWriter } from '../../common/pdf/pdf-writer';

export interface CertificateDetails {
  title: string;
  provider: string[];
  studentName: string;
  cohortTitle: string;
  completionDate: Date | null;
  /** The credential id, printed so anyone holding the PDF can quote it or look it up. */
  credentialId: string;
  /** The public verification page of this credential, printed and encoded in the QR code. */
  verifyUrl: string;
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A landscape A4 certificate of completion. */
export async function buildCertificatePdf(d: CertificateDetails): Promise<Buffer> {
  const width = 841.89;
  const height = 595.28;
  const pdf = await PdfWriter.create({ width, height, title: `${d.title}: ${d.studentName}` });
  const page = pdf.addPage();
  const navy: PdfColor = [0.04, 0.12, 0.23];
  const grey: PdfColor = [0.32, 0.35, 0.4];

  pdf.strokeRect(page, 28, 28, width - 56, height - 56);
  pdf.strokeRect(page, 36, 36, width - 72, height - 72);
  await pdf.drawCentred(page, d.provider.length ? d.provider.join(' & ') : DEFAULT_CERTIFICATE_PROVIDER, height - 110, {
    size: 14,
    color: grey,
  });
  await pdf.drawCentred(page, 'Certificate of Completion', height - 160, { size: 32, weight: 'bold', color: navy });
  await pdf.drawCentred(page, 'This certifies that', height - 215, { size: 14, color: grey });
  await pdf.drawCentred(page, d.studentName, height - 262, { size: 30, weight: 'bold', color: navy });
  await pdf.drawCentred(page, 'has successfully completed', height - 305, { size: 14, color: grey });
  const titleSize = (await pdf.widthOf(d.title, 20, 'bold')) > width - 160 ? 15 : 20;
  await pdf.drawCentred(page, d.title, height - 345, { size: titleSize, weight: 'bold', color: navy });
  await pdf.drawCentred(page, `as part of ${d.cohortTitle}`, height - 378, { size: 13, color: grey });
  if (d.completionDate)
    await pdf.drawCentred(page, `Issued on ${LONG_DATE.format(d.completionDate)}`, height - 430, { size: 13, color: navy });
  // The QR code pointing to the verification page, bottom right, 2.5 cm wide: scans from print.
  const qrSize = 72;
  const qr = await QRCode.toBuffer(d.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 });
  await pdf.drawPng(page, qr, width - 64 - qrSize, 58, qrSize, qrSize);
  await pdf.drawCentred(page, `Credential ID ${d.credentialId}`, 84, { size: 10, color: navy });
  await pdf.drawCentred(page, `Verify at ${d.verifyUrl}`, 68, { size: 9, color: grey });
  return pdf.toBuffer();
}
