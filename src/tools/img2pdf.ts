// img2pdf (0.4.4, Debian bookworm): images → PDF, one page per image in
// argument order. JPEG and JPEG 2000 are embedded without re-encoding; PNG
// transparency becomes a soft mask; the EXIF orientation is applied as the
// page's /Rotate. It refuses mirrored EXIF orientations, alpha in formats
// other than PNG/GIF and pages outside PDF's 3–14400 pt a side; those are
// client errors (422).
import { InvalidDocumentError } from '../core/errors.js';
import { num } from '../pdf/writer.js';
import { runTool, type ToolFailures } from './failures.js';
import type { RunContext } from '../core/contract.js';

export const IMG2PDF = 'img2pdf';

/** What img2pdf refuses is the client's image (422); anything else is ours. */
export const IMG2PDF_FAILURES: ToolFailures = {
  tool: 'img2pdf',
  rules: [
    {
      stderr: /must not be called on images with alpha/i,
      error: () =>
        new InvalidDocumentError(
          'An image (TIFF or WebP) has an alpha channel; only PNG and GIF transparency is supported. Send it as PNG.',
        ),
    },
    {
      stderr: /flipped rotation/i,
      error: () => new InvalidDocumentError('An image has a mirrored EXIF orientation, which is not supported.'),
    },
    // A page side outside PDF's 3–14400 pt, e.g. a 1×200000 PNG at its own (or the default 96) dpi.
    {
      stderr: /page size must be between/i,
      error: () =>
        new InvalidDocumentError(
          'An image would make a page under 3 pt or over 14400 pt (200 in) on a side at its resolution, which PDF does not allow. Use page_size=a4 or letter to fit it onto a page.',
        ),
    },
    {
      stderr: /cannot identify image|truncated|broken|corrupt|decompression bomb|not a valid|invalid/i,
      error: () => new InvalidDocumentError('An image cannot be read (damaged or unsupported).'),
    },
  ],
  failed: 'Converting the images failed.',
};

export interface ImagesToPdfLayout {
  pageSize: 'fit' | 'a4' | 'letter';
  /** Points around each image. */
  margin: number;
}

/** img2pdf's arguments (exported for unit tests). */
export function img2pdfArgs(images: string[], output: string, layout: ImagesToPdfLayout): string[] {
  const args = ['--output', output];
  if (layout.pageSize !== 'fit')
    args.push('--pagesize', layout.pageSize === 'a4' ? 'A4' : 'Letter', '--fit', 'into', '--auto-orient');
  if (layout.margin > 0) args.push('--border', `${num(layout.margin)}pt`);
  // "--" so a path can never be read as an option.
  return [...args, '--', ...images];
}

/** Writes one PDF page per image to `output`. */
export async function imagesToPdf(
  ctx: RunContext,
  images: string[],
  output: string,
  layout: ImagesToPdfLayout,
): Promise<void> {
  await runTool(ctx, IMG2PDF_FAILURES, IMG2PDF, img2pdfArgs(images, output, layout));
}
