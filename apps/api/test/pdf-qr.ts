import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';

/** The RGB images a PDF embeds, as RGBA pixels (pdf-lib stores a PNG as Flate-compressed samples). */
export async function embeddedImages(pdf: Uint8Array): Promise<{ data: Uint8ClampedArray; width: number; height: number }[]> {
  const doc = await PDFDocument.load(pdf);
  const images: { data: Uint8ClampedArray; width: number; height: number }[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || obj.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (obj.dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const width = (obj.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (obj.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const rgb = inflateSync(obj.contents);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      data.set([rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2], 255], 4 * i);
    }
    images.push({ data, width, height });
  }
  return images;
}

/** What the QR codes among a PDF's images read, as a phone scanning the print would (jsQR). */
export async function scanQrCodes(pdf: Uint8Array): Promise<string[]> {
  return (await embeddedImages(pdf)).flatMap(({ data, width, height }) => {
    const code = jsQR(data, width, height);
    return code ? [code.data] : [];
  });
}
