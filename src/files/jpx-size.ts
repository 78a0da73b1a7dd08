// The size a JPEG 2000 decoder allocates: the image area of the codestream's
// SIZ marker segment (Xsiz − XOsiz by Ysiz − YOsiz, ITU-T T.800 A.5.1). A JP2
// file's ihdr box or a PDF /Width /Height may say anything; OpenJPEG decodes
// what SIZ says. Reads a raw codestream (FF4F FF51) or finds one in a JP2
// file's boxes (jp2c). Bounded: only the bytes given are looked at.
// Kept rather than image-size, which reads the ihdr box: for a JP2 whose ihdr
// says 16×16 over a 12000×12000 codestream it answers 16×16, this 12000×12000
// (scripts/bench/parsers.ts).

/** Width and height from the SIZ segment in `data`, or undefined when none is found. */
export function jpxSize(data: Buffer): { width: number; height: number } | undefined {
  const codestream = findCodestream(data);
  if (codestream === undefined || codestream + 24 > data.length) return undefined;
  // SOC (FF4F), then SIZ (FF51): Lsiz(2) Rsiz(2) Xsiz(4) Ysiz(4) XOsiz(4) YOsiz(4).
  if (data.readUInt16BE(codestream) !== 0xff4f || data.readUInt16BE(codestream + 2) !== 0xff51) return undefined;
  const x = data.readUInt32BE(codestream + 8);
  const y = data.readUInt32BE(codestream + 12);
  const xo = data.readUInt32BE(codestream + 16);
  const yo = data.readUInt32BE(codestream + 20);
  if (x <= xo || y <= yo) return undefined;
  return { width: x - xo, height: y - yo };
}

/** Offset of the codestream: 0 for a raw one, else the content of the first jp2c box. */
function findCodestream(data: Buffer): number | undefined {
  if (data.length >= 4 && data.readUInt16BE(0) === 0xff4f) return 0;
  let offset = 0;
  for (let boxes = 0; boxes < 64 && offset + 8 <= data.length; boxes++) {
    let length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (length === 1) {
      if (offset + 16 > data.length) return undefined;
      length = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    }
    if (type === 'jp2c') return offset + header;
    if (length === 0 || length < header) return undefined; // "to the end of the file" with no jp2c yet, or malformed
    offset += length;
  }
  return undefined;
}
