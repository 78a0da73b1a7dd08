// Ghostscript (gs 10.00.0, Debian bookworm) pdfwrite for compress: downsamples
// and re-encodes images, subsets and compresses fonts, keeps text as text.
// Always -dSAFER. The input is a PDF qpdf has already opened and decrypted, so
// no password ever reaches gs, and a failure here is ours (500), not the
// client's. Exit codes: 0 ok, 1 error, 255 fatal.
//
// Choices measured on the corpus (see docs/operations/compress.md):
// - ColorConversionStrategy=LeaveColorUnchanged: /ebook's sRGB conversion
//   doubles gs time on tracemonkey.pdf (0.72 → 0.40 s CPU) and shifts colours;
//   leaving colour alone is faster and truer (and 4% smaller there).
// - Annotations are neither drawn nor copied (ShowAnnots/PreserveAnnots false):
//   gs 10.00 flattens form widgets into page content and drops /AcroForm, so
//   only the page content is taken from gs and grafted back onto the original
//   page objects (src/operations/compress-graft.ts), which keep their links,
//   widgets, outlines and everything else.
// - AutoRotatePages=/None: /ebook's default /PageByPage turns pages by their
//   text direction, which would change the document.
import { runTool } from './failures.js';
import { assertPdfAtByteZero, GS, GS_FAILURES } from './gs-input.js';
import type { RunContext } from '../core/contract.js';

/** The Ghostscript binary. */

/** What a lossy level asks of pdfwrite. */
export interface PdfwriteSettings {
  /** Target resolution of colour and gray images (dpi). */
  imageDpi: number;
  /** Target resolution of 1-bit images (dpi). */
  monoDpi: number;
  /** JPEG quantisation scale (Ghostscript QFactor: 0.5 ≈ IJG quality 75, 0.76 ≈ 62, 1.0 ≈ 50). */
  qFactor: number;
  /** Convert every colour to gray. */
  grayscale: boolean;
  /**
   * JPEG for every colour and gray image instead of gs's per-image choice
   * (AutoFilter keeps "sharp" images in Flate, and a downsampled sharp image
   * can grow: multipage.pdf page 6 is 440 KB as Flate at 96 dpi, 155 KB as JPEG).
   */
  jpegEverything: boolean;
}

/** Images are downsampled only above this multiple of the target (Distiller's default, /ebook's too). */
const DOWNSAMPLE_THRESHOLD = 1.5;

/** The JPEG parameters as distiller params (no -d switch exists for dictionaries); constant PostScript, no client input. */
function jpegParams(qFactor: number): string {
  const dict = `<< /QFactor ${qFactor} /Blend 1 /HSamples [2 1 1 2] /VSamples [2 1 1 2] >>`;
  return `<< /ColorACSImageDict ${dict} /GrayACSImageDict ${dict} >> setdistillerparams`;
}

/** The gs argument list for `settings` (exported for unit tests). */
export function pdfwriteArgs(input: string, output: string, settings: PdfwriteSettings): string[] {
  const images = (kind: 'Color' | 'Gray', dpi: number, type: string) => [
    `-dDownsample${kind}Images=true`,
    `-d${kind}ImageDownsampleType=/${type}`,
    `-d${kind}ImageResolution=${dpi}`,
    `-d${kind}ImageDownsampleThreshold=${DOWNSAMPLE_THRESHOLD}`,
    ...(settings.jpegEverything
      ? [`-dAutoFilter${kind}Images=false`, `-d${kind}ImageFilter=/DCTEncode`]
      : [`-dAutoFilter${kind}Images=true`]),
  ];
  const colour = settings.grayscale
    ? ['-sColorConversionStrategy=Gray', '-dProcessColorModel=/DeviceGray']
    : ['-sColorConversionStrategy=LeaveColorUnchanged'];
  return [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-dQUIET',
    '-sDEVICE=pdfwrite',
    '-dCompatibilityLevel=1.7',
    '-dAutoRotatePages=/None',
    ...colour,
    ...images('Color', settings.imageDpi, 'Average'),
    ...images('Gray', settings.imageDpi, 'Average'),
    '-dDownsampleMonoImages=true',
    '-dMonoImageDownsampleType=/Subsample',
    `-dMonoImageResolution=${settings.monoDpi}`,
    `-dMonoImageDownsampleThreshold=${DOWNSAMPLE_THRESHOLD}`,
    '-dEmbedAllFonts=true',
    '-dSubsetFonts=true',
    '-dCompressFonts=true',
    '-dDetectDuplicateImages=true',
    '-dShowAnnots=false',
    '-dPreserveAnnots=false',
    '-dShowAcroForm=false',
    `-sOutputFile=${output}`,
    '-c',
    jpegParams(settings.qFactor),
    '-f',
    input,
  ];
}

/** Rewrites `input` into `output` with pdfwrite. */
export async function rewriteWithPdfwrite(
  ctx: RunContext,
  input: string,
  output: string,
  settings: PdfwriteSettings,
): Promise<void> {
  await assertPdfAtByteZero(input);
  await runTool(ctx, GS_FAILURES, GS, pdfwriteArgs(input, output, settings), {
    failed: 'Ghostscript could not rewrite the PDF.',
  });
}
