// The document both watermark benchmarks stamp: letter pages of Helvetica text.
import zlib from 'node:zlib';
import { PdfWriter } from '../../src/pdf/writer.js';

/** A text PDF of `pages` letter pages, 40 lines of Helvetica each. */
export function textPdf(pages: number): Buffer {
  const pdf = new PdfWriter();
  const catalog = pdf.reserve();
  const tree = pdf.reserve();
  const font = pdf.add('<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>');
  const kids: number[] = [];
  for (let p = 1; p <= pages; p++) {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `(Page ${p} line ${i + 1}: the quick brown fox jumps over the lazy dog 0123456789) Tj T*`,
    );
    const content = Buffer.from(`BT /F1 11 Tf 14 TL 56 740 Td\n${lines.join('\n')}\nET\n`, 'latin1');
    const stream = pdf.add('<</Filter/FlateDecode>>', zlib.deflateSync(content));
    kids.push(
      pdf.add(
        `<</Type/Page/Parent ${tree} 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 ${font} 0 R>>>>/Contents ${stream} 0 R>>`,
      ),
    );
  }
  pdf.set(tree, `<</Type/Pages/Kids[${kids.map((k) => `${k} 0 R`).join(' ')}]/Count ${pages}>>`);
  pdf.set(catalog, `<</Type/Catalog/Pages ${tree} 0 R>>`);
  return pdf.toBuffer(catalog);
}
