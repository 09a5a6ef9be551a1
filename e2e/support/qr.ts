import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';

/** What the QR codes among a PDF's RGB images read, as a phone scanning the print would (jsQR). */
export async function scanPdfQrCodes(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const found: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || obj.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (obj.dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const width = (obj.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (obj.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    // pdf-lib stores a PNG's samples Flate-compressed, 8-bit RGB.
    const rgb = inflateSync(obj.contents);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2], 255], 4 * i);
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
