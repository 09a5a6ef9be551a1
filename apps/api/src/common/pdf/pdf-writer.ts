import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { FONT_FAMILIES, type FontFamily, loadFace, type PdfWeight, splitByFont } from './fonts';
import { pdfFontkit } from './fontkit';

export type { PdfWeight } from './fonts';

/** RGB components 0..1. */
export type PdfColor = [number, number, number];

export interface PdfTextStyle {
  size: number;
  weight?: PdfWeight;
  color?: PdfColor;
}

const TEXT_COLOR: PdfColor = [0.1, 0.1, 0.12];
const RULE_COLOR: PdfColor = [0.1, 0.25, 0.45];

/**
 * A PDF of positioned text and ruled frames, in any mix of the scripts the fonts cover. Each run
 * of text is set in the font that has its characters; fonts are embedded as subsets of the glyphs
 * used, so a file stays small. The document's metadata is its title and the producer only.
 */
export class PdfWriter {
  private readonly embedded = new Map<string, Promise<PDFFont>>();

  private constructor(
    private readonly doc: PDFDocument,
    readonly width: number,
    readonly height: number,
    private readonly families: readonly FontFamily[],
  ) {}

  static async create(opts: { title: string; width: number; height: number; families?: readonly FontFamily[] }): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(pdfFontkit);
    doc.setTitle(opts.title);
    doc.setProducer('School platform');
    return new PdfWriter(doc, opts.width, opts.height, opts.families ?? FONT_FAMILIES);
  }

  addPage(): PDFPage {
    return this.doc.addPage([this.width, this.height]);
  }

  private font(family: number, weight: PdfWeight): Promise<PDFFont> {
    const face = this.families[family].faces[weight];
    let font = this.embedded.get(face.file);
    if (!font) {
      font = loadFace(face).then(({ bytes }) => this.doc.embedFont(bytes, { subset: true }));
      this.embedded.set(face.file, font);
    }
    return font;
  }

  private async runs(text: string, size: number, weight: PdfWeight) {
    const runs = [];
    for (const run of await splitByFont(text, weight, this.families)) {
      const font = await this.font(run.family, weight);
      runs.push({ text: run.text, font, width: font.widthOfTextAtSize(run.text, size) });
    }
    return runs;
  }

  /** Width of a line of text in points. */
  async widthOf(text: string, size: number, weight: PdfWeight = 'regular'): Promise<number> {
    let width = 0;
    for (const run of await this.runs(text, size, weight)) width += run.width;
    return width;
  }

  /** Draws a line of text with its baseline at y (from the bottom of the page). */
  async drawText(page: PDFPage, text: string, x: number, y: number, style: PdfTextStyle): Promise<void> {
    const [r, g, b] = style.color ?? TEXT_COLOR;
    const weight = style.weight ?? 'regular';
    const runs = await splitByFont(text, weight, this.families);
    for (const [i, run] of runs.entries()) {
      const font = await this.font(run.family, weight);
      page.drawText(run.text, { x, y, size: style.size, font, color: rgb(r, g, b) });
      // Laying a run out to measure it costs as much as drawing it: only a run followed by another is measured.
      if (i < runs.length - 1) x += font.widthOfTextAtSize(run.text, style.size);
    }
  }

  /** Draws a line of text centred across the page. */
  async drawCentred(page: PDFPage, text: string, y: number, style: PdfTextStyle): Promise<void> {
    const width = await this.widthOf(text, style.size, style.weight);
    await this.drawText(page, text, (this.width - width) / 2, y, style);
  }

  /** Strokes a rectangle (a frame or a rule). */
  strokeRect(page: PDFPage, x: number, y: number, width: number, height: number): void {
    const [r, g, b] = RULE_COLOR;
    page.drawRectangle({ x, y, width, height, borderWidth: 0.75, borderColor: rgb(r, g, b) });
  }

  /** Draws a straight rule from (x1, y1) to (x2, y2). */
  drawLine(page: PDFPage, x1: number, y1: number, x2: number, y2: number, thickness = 0.5, color: PdfColor = RULE_COLOR): void {
    const [r, g, b] = color;
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: rgb(r, g, b) });
  }

  /** Fills a rectangle (a shaded row or cell). */
  fillRect(page: PDFPage, x: number, y: number, width: number, height: number, color: PdfColor): void {
    const [r, g, b] = color;
    page.drawRectangle({ x, y, width, height, color: rgb(r, g, b) });
  }

  /** Splits a paragraph into lines no wider than `maxWidth` points, at spaces. */
  async wrap(text: string, size: number, maxWidth: number, weight: PdfWeight = 'regular'): Promise<string[]> {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && (await this.widthOf(candidate, size, weight)) > maxWidth) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Draws a PNG image with its lower left corner at (x, y), scaled to width x height points. */
  async drawPng(page: PDFPage, png: Uint8Array, x: number, y: number, width: number, height: number): Promise<void> {
    const image = await this.doc.embedPng(png);
    page.drawImage(image, { x, y, width, height });
  }

  /** The finished file. */
  async toBuffer(): Promise<Buffer> {
    const bytes = await this.doc.save();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
