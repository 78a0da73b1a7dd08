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
  // --nodbus: no attempt to reach a system bus the sandbox does not have. Every second row and column
  // scanned (density 2): 1.1 s of CPU instead of 1.6 s for 100 pages at 100 dpi, and the same codes read.
  return ['--nodbus', '--xml', '-q', '-Sdisable', '-Sqrcode.enable', '-Sx-density=2', '-Sy-density=2', ...images];
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
  // ImageMagick (which zbarimg reads images with) would start an OpenMP team per image; one thread measured
  // 0.25 s user for 7 pages against 0.32 s, and the pool counts it as one slot.
  const result = await runTool(ctx, ZBARIMG_FAILURES, ZBARIMG, zbarArgs(images), {
    env: { MAGICK_THREAD_LIMIT: '1', OMP_NUM_THREADS: '1' },
  });
  return parseCodes(result.stdout);
}
