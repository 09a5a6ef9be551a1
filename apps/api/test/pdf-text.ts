import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfReading {
  /** The text as a reader extracts it (through the fonts' ToUnicode maps): its lines, page after page. */
  lines: string[];
  pages: number;
  /** The document information's Title and Producer. */
  title: string | undefined;
  producer: string | undefined;
}

/** Reads a PDF with pdf.js, as a viewer would. */
export async function readPdf(pdf: Uint8Array): Promise<PdfReading> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
    }
    const info = (await doc.getMetadata()).info as { Title?: string; Producer?: string };
    return { lines, pages: doc.numPages, title: info.Title, producer: info.Producer };
  } finally {
    await doc.destroy();
  }
}
