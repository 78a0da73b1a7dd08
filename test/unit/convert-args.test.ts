// Pure argument building and parsing for convert's tools and writers.
import { describe, expect, it } from 'vitest';
import { pdfaArgs, pdfaDefinition, tiffArgs } from '../../src/tools/ghostscript-convert.js';
import { sofficeArgs } from '../../src/tools/libreoffice.js';
import { parsePageSizes, writerOptions } from '../../src/tools/mutool.js';
import { jpegArgs } from '../../src/tools/pdftoppm.js';

describe('convert tool arguments', () => {
  it('Ghostscript PDF/A: SAFER, level, policy, permitted reads of exactly the definition and the profile', () => {
    const args = pdfaArgs('1b', '/w/PDFA_def.ps', '/icc/srgb.icc', '/w/in.pdf', '/w/out.pdf');
    expect(args.slice(0, 3)).toEqual(['-dSAFER', '-dBATCH', '-dNOPAUSE']);
    expect(args).toContain('-dPDFA=1');
    expect(args).toContain('-dCompatibilityLevel=1.4');
    expect(args).toContain('-dPDFACompatibilityPolicy=1');
    expect(args.filter((a) => a.startsWith('--permit-file-read='))).toEqual([
      '--permit-file-read=/w/PDFA_def.ps',
      '--permit-file-read=/icc/srgb.icc',
    ]);
    expect(args.slice(-2)).toEqual(['/w/PDFA_def.ps', '/w/in.pdf']);
    expect(pdfaArgs('3b', 'd', 'i', 'in', 'out')).toContain('-dCompatibilityLevel=1.7');
  });

  it('the PDF/A definition escapes the profile path as a PostScript string', () => {
    const ps = pdfaDefinition('/odd (path)\\srgb.icc');
    expect(ps).toContain('/ICCProfile (/odd \\(path\\)\\\\srgb.icc) def');
    expect(ps).toContain('/OutputIntents');
  });

  it('TIFF and JPEG renderers get dpi and pages', () => {
    expect(tiffArgs('in.pdf', 'out.tiff', 150, '1-3,5')).toEqual(
      expect.arrayContaining([
        '-dSAFER',
        '-sDEVICE=tiff24nc',
        '-sCompression=lzw',
        '-r150',
        '-sPageList=1-3,5',
        '-sOutputFile=out.tiff',
      ]),
    );
    expect(jpegArgs('in.pdf', { first: 2, last: 4 }, 300, '/w/page')).toEqual([
      '-jpeg',
      '-jpegopt',
      'quality=85',
      '-r',
      '300',
      '-f',
      '2',
      '-l',
      '4',
      'in.pdf',
      '/w/page',
    ]);
  });

  it('soffice: own profile, headless, pipe only (no socket)', () => {
    const args = sofficeArgs('/data/lo/instance-0/profile', 'pdfsvc-1-0-abc');
    expect(args[0]).toBe('-env:UserInstallation=file:///data/lo/instance-0/profile');
    expect(args).toContain('--headless');
    expect(args.at(-1)).toBe('--accept=pipe,name=pdfsvc-1-0-abc;urp;StarOffice.ComponentContext');
  });

  it('mutool: page sizes prefer the CropBox; writers embed images', () => {
    const xml =
      '<page pagenum="1">\n<MediaBox l="0" b="0" r="612" t="792" />\n</page>\n<page pagenum="2">\n<MediaBox l="0" b="0" r="1000" t="1000" />\n<CropBox l="10" b="20" r="110" t="220" />\n</page>';
    expect(parsePageSizes(xml)).toEqual([
      { page: 1, width: 612, height: 792 },
      { page: 2, width: 100, height: 200 },
    ]);
    expect(writerOptions('xhtml')).toEqual(['-O', 'preserve-images,dehyphenate']);
    expect(writerOptions('html')).toEqual(['-O', 'preserve-images']);
  });
});
