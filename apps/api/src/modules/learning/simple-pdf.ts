/**
 * A small PDF writer for text documents (reading handouts, certificates) with the standard
 * Helvetica fonts, so no PDF library is needed. Text is WinAnsi-encoded; characters outside
 * it print as '?'.
 */

/** Helvetica advance widths (1/1000 em) for ASCII 32..126, from the standard font metrics. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

export type PdfFont = 'regular' | 'bold';

/** Width of a string in points at a font size (bold is about 5% wider). */
export function textWidth(text: string, size: number, font: PdfFont = 'regular'): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    units += code >= 32 && code <= 126 ? HELVETICA_WIDTHS[code - 32] : 556;
  }
  return (units * size * (font === 'bold' ? 1.05 : 1)) / 1000;
}

/** Splits a paragraph into lines no wider than `maxWidth` points. */
export function wrapText(text: string, size: number, maxWidth: number, font: PdfFont = 'regular'): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, font) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF string literal: WinAnsi bytes, with (, ) and \ escaped and the rest as octal escapes. */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 32 && code <= 126) out += ch;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

export interface PdfTextRun {
  text: string;
  x: number;
  /** Baseline, from the bottom of the page. */
  y: number;
  size: number;
  font?: PdfFont;
  /** RGB components 0..1. */
  color?: [number, number, number];
}

export interface PdfPage {
  runs: PdfTextRun[];
  /** Stroked rectangles [x, y, width, height] (frames, rules). */
  rects?: [number, number, number, number][];
}

/** Builds a PDF file of pages of positioned text. */
export function buildPdf(pages: PdfPage[], opts: { width?: number; height?: number; title?: string } = {}): Buffer {
  const width = opts.width ?? 595.28;
  const height = opts.height ?? 841.89;
  const objects: string[] = [];
  // An object's number is its index + 1.
  const add = (body: string) => objects.push(body);

  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages tree, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${pdfString(opts.title ?? 'Document')} /Producer (School platform) >>`);
  const kids: number[] = [];
  for (const page of pages) {
    const ops: string[] = [];
    for (const [x, y, w, h] of page.rects ?? []) ops.push(`0.75 w 0.1 0.25 0.45 RG ${x.toFixed(2)} ${y.toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)} re S`);
    for (const run of page.runs) {
      const [r, g, b] = run.color ?? [0.1, 0.1, 0.12];
      ops.push(
        `BT /${run.font === 'bold' ? 'F2' : 'F1'} ${run.size} Tf ${r} ${g} ${b} rg ${run.x.toFixed(2)} ${run.y.toFixed(2)} Td ${pdfString(run.text)} Tj ET`,
      );
    }
    const stream = ops.join('\n');
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    const contentId = objects.length;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width.toFixed(2)} ${height.toFixed(2)}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export interface TextDocument {
  title: string;
  subtitle?: string;
  /** Paragraphs; a paragraph starting with '# ' is a heading. */
  paragraphs: string[];
}

/** An A4 handout: title, optional subtitle, then wrapped paragraphs over as many pages as needed. */
export function buildTextDocument(doc: TextDocument): Buffer {
  const margin = 56;
  const width = 595.28;
  const height = 841.89;
  const maxWidth = width - 2 * margin;
  const pages: PdfPage[] = [{ runs: [] }];
  let y = height - margin;
  const put = (text: string, size: number, font: PdfFont, gapAfter: number, color?: [number, number, number]) => {
    for (const line of wrapText(text, size, maxWidth, font)) {
      if (y - size < margin) {
        pages.push({ runs: [] });
        y = height - margin;
      }
      y -= size * 1.3;
      pages[pages.length - 1].runs.push({ text: line, x: margin, y, size, font, color });
    }
    y -= gapAfter;
  };
  put(doc.title, 22, 'bold', 6, [0.04, 0.12, 0.23]);
  if (doc.subtitle) put(doc.subtitle, 12, 'regular', 14, [0.3, 0.33, 0.38]);
  for (const p of doc.paragraphs) {
    if (p.startsWith('# ')) put(p.slice(2), 15, 'bold', 4, [0.04, 0.12, 0.23]);
    else put(p, 11, 'regular', 8);
  }
  return buildPdf(pages, { width, height, title: doc.title });
}
