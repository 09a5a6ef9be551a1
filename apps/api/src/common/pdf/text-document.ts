import { type PdfColor, type PdfWeight, PdfWriter } from './pdf-writer';

export interface TextDocument {
  title: string;
  subtitle?: string;
  /** Paragraphs; a paragraph starting with '# ' is a heading. */
  paragraphs: string[];
}

/** An A4 handout: title, optional subtitle, then wrapped paragraphs over as many pages as needed. */
export async function buildTextDocument(doc: TextDocument): Promise<Buffer> {
  const margin = 56;
  const width = 595.28;
  const height = 841.89;
  const maxWidth = width - 2 * margin;
  const pdf = await PdfWriter.create({ width, height, title: doc.title });
  let page = pdf.addPage();
  let y = height - margin;
  const put = async (text: string, size: number, weight: PdfWeight, gapAfter: number, color?: PdfColor) => {
    for (const line of await pdf.wrap(text, size, maxWidth, weight)) {
      if (y - size < margin) {
        page = pdf.addPage();
        y = height - margin;
      }
      y -= size * 1.3;
      await pdf.drawText(page, line, margin, y, { size, weight, color });
    }
    y -= gapAfter;
  };
  await put(doc.title, 22, 'bold', 6, [0.04, 0.12, 0.23]);
  if (doc.subtitle) await put(doc.subtitle, 12, 'regular', 14, [0.3, 0.33, 0.38]);
  for (const p of doc.paragraphs) {
    if (p.startsWith('# ')) await put(p.slice(2), 15, 'bold', 4, [0.04, 0.12, 0.23]);
    else await put(p, 11, 'regular', 8);
  }
  return pdf.toBuffer();
}
