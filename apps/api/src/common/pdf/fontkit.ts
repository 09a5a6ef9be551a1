import { Readable } from 'node:stream';
import { create, type Font } from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

/** What pdf-lib's registerFontkit takes. */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** Parses a TrueType/OpenType font file (a single font, not a collection). */
export function openFont(bytes: Uint8Array): Font {
  const font = create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if ('fonts' in font) throw new Error('A font collection was given where one font was expected');
  return font;
}

/**
 * fontkit for pdf-lib's embedder. pdf-lib reads a font subset as a stream (fontkit 1's
 * `encodeStream`); fontkit 2 encodes it at once (`encode`), so each subset gets a one-chunk
 * stream of those bytes. fontkit 2 is used rather than the older fontkit pdf-lib suggests: that
 * one writes TrueType subsets whose glyph offsets drift (glyphs go missing in the PDF) and cannot
 * lay out Tamil.
 */
export const pdfFontkit: Fontkit = {
  create(bytes: Uint8Array) {
    let font = parsed.get(bytes);
    if (!font) {
      font = openFont(bytes);
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => {
        const subset = createSubset();
        return Object.assign(subset, { encodeStream: () => Readable.from([Buffer.from(subset.encode())]) });
      };
      parsed.set(bytes, font);
    }
    return font as unknown as ReturnType<Fontkit['create']>;
  },
};

/**
 * Fonts parsed once per file's bytes and shared by every document embedding them: each subset is
 * a new object, so documents do not share glyphs, and a batch of PDFs (a cohort's evidence packs)
 * neither parses a font again nor lays its glyphs out cold for each one.
 */
const parsed = new WeakMap<Uint8Array, Font>();
