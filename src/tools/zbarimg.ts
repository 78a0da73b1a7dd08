// zbarimg (zbar-tools 0.23.92, Debian bookworm): QR codes in page renders.
// Only the QR decoder is enabled (-Sdisable -Sqrcode.enable): faster, and a
// stray 1-D barcode on a page is no separator. --xml names the image each code
// came from, so one process reads every page. Exit codes: 0 codes found,
// 4 none found (both success), anything else ours: the images are our renders.
import type { RunContext } from '../core/contract.js';
import { runTool, type ToolFailures } from './failures.js';

export const ZBARIMG = 'zbarimg';

export const ZBARIMG_FAILURES: ToolFailures = { tool: 'zbarimg', failed: 'Reading QR codes failed.', success: [0, 4] };

/** Arguments reading `images` (exported for unit tests). */
export function zbarArgs(images: string[]): string[] {
  return ['--xml', '-q', '-Sdisable', '-Sqrcode.enable', ...images];
}

/** Parses zbarimg's XML: image path → texts of the QR codes on it (exported for unit tests). */
export function parseCodes(xml: string): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  for (const source of xml.matchAll(/<source href='([^']*)'>([\s\S]*?)<\/source>/g)) {
    const texts: string[] = [];
    for (const data of source[2].matchAll(/<data(?: format='base64')?>([\s\S]*?)<\/data>/g)) {
      const raw = data[1].replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
      texts.push(data[0].includes("format='base64'") ? Buffer.from(raw, 'base64').toString('utf8') : raw);
    }
    codes.set(source[1], texts);
  }
  return codes;
}

/** The QR codes on each image. */
export async function readQrCodes(ctx: RunContext, images: string[]): Promise<Map<string, string[]>> {
  if (images.length === 0) return new Map();
  const result = await runTool(ctx, ZBARIMG_FAILURES, ZBARIMG, zbarArgs(images));
  return parseCodes(result.stdout);
}
