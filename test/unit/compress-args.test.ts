import { describe, expect, it } from 'vitest';
import {
  emptyPagesUpdate,
  restoreTrimBoxesUpdate,
  trimBoxWouldClip,
  type PageTree,
} from '../../src/operations/compress-graft.js';
import { LOSSY_LEVELS } from '../../src/operations/compress.js';
import { pdfwriteArgs } from '../../src/tools/ghostscript-compress.js';
import { deduplicateArgs } from '../../src/tools/mutool-clean.js';
import { optimizeArgs } from '../../src/tools/qpdf-optimize.js';

describe('pdfwriteArgs', () => {
  const medium = pdfwriteArgs('/w/in.pdf', '/w/gs.pdf', { ...LOSSY_LEVELS.medium[0], grayscale: false });
  const high = pdfwriteArgs('/w/in.pdf', '/w/gs.pdf', { ...LOSSY_LEVELS.high[1], grayscale: true });

  it('always runs gs with -dSAFER -dBATCH -dNOPAUSE and reads the input last', () => {
    for (const args of [medium, high]) {
      expect(args.slice(0, 3)).toEqual(['-dSAFER', '-dBATCH', '-dNOPAUSE']);
      expect(args.at(-1)).toBe('/w/in.pdf');
      expect(args.at(-2)).toBe('-f');
      expect(args).toContain('-sOutputFile=/w/gs.pdf');
      expect(args.some((a) => /Password/i.test(a))).toBe(false);
    }
  });

  it('sets the level resolution, JPEG quantisation and filters', () => {
    expect(medium).toContain('-dColorImageResolution=150');
    expect(medium).toContain('-dGrayImageResolution=150');
    expect(medium).toContain('-dAutoFilterColorImages=true');
    expect(medium.find((a) => a.includes('setdistillerparams'))).toContain('/QFactor 0.76');
    expect(high).toContain('-dColorImageResolution=96');
    expect(high).toContain('-dColorImageFilter=/DCTEncode');
    expect(high).toContain('-dAutoFilterColorImages=false');
    expect(high.find((a) => a.includes('setdistillerparams'))).toContain('/QFactor 1');
  });

  it('keeps colour unless asked for gray, never auto-rotates, never draws or copies annotations', () => {
    expect(medium).toContain('-sColorConversionStrategy=LeaveColorUnchanged');
    expect(high).toContain('-sColorConversionStrategy=Gray');
    expect(high).toContain('-dProcessColorModel=/DeviceGray');
    for (const args of [medium, high]) {
      expect(args).toContain('-dAutoRotatePages=/None');
      expect(args).toContain('-dShowAnnots=false');
      expect(args).toContain('-dPreserveAnnots=false');
    }
  });
});

describe('optimizeArgs', () => {
  it('builds the lossless pass without --normalize-content', () => {
    const args = optimizeArgs('/w/a.pdf', '/w/b.pdf', { compressionLevel: 9 });
    expect(args).toEqual([
      '/w/a.pdf',
      '--object-streams=generate',
      '--recompress-flate',
      '--compression-level=9',
      '/w/b.pdf',
    ]);
  });

  it('applies the update before the overlay and keeps the password out of plain arguments', () => {
    const args = optimizeArgs('/w/plain.pdf', '/w/out.pdf', {
      compressionLevel: 6,
      updateJson: '/w/u.json',
      overlay: '/w/gs.pdf',
      encryptionFrom: { file: '/w/upload', password: 's3cret' },
    });
    expect(args.slice(0, 5)).toEqual(['/w/plain.pdf', '--update-from-json=/w/u.json', '--overlay', '/w/gs.pdf', '--']);
    expect(args).toContain('--copy-encryption=/w/upload');
    expect(args).toContainEqual({ secret: '--encryption-file-password=s3cret' });
    expect(args.filter((a) => typeof a === 'string' && a.includes('s3cret'))).toEqual([]);
    expect(args.at(-1)).toBe('/w/out.pdf');
  });

  it('copies streams as they are when no level is given', () => {
    expect(optimizeArgs('/w/a.pdf', '/w/b.pdf', { updateJson: '/w/u.json' })).toEqual([
      '/w/a.pdf',
      '--update-from-json=/w/u.json',
      '--object-streams=generate',
      '/w/b.pdf',
    ]);
  });
});

describe('deduplicateArgs', () => {
  it('merges duplicate objects and streams without touching content', () => {
    expect(deduplicateArgs('/w/a.pdf', '/w/b.pdf')).toEqual(['clean', '-gggg', '/w/a.pdf', '/w/b.pdf']);
  });
});

describe('page graft updates', () => {
  const tree: PageTree = {
    header: { maxobjectid: 40 },
    pages: [
      {
        ref: '3 0 R',
        dict: { '/Type': '/Page', '/Contents': '9 0 R', '/Resources': { '/XObject': {} }, '/Annots': ['7 0 R'] },
      },
      {
        ref: '4 0 R',
        dict: {
          '/Type': '/Page',
          '/MediaBox': [0, 0, 612, 792],
          '/TrimBox': [10, 10, 600, 780],
          '/Contents': ['10 0 R'],
        },
      },
    ],
  };

  it('empties every page into one shared "q Q" stream and keeps everything else', () => {
    const update = emptyPagesUpdate(tree, false) as { qpdf: [unknown, Record<string, any>] };
    const objects = update.qpdf[1];
    expect(Buffer.from(objects['obj:41 0 R'].stream.data, 'base64').toString()).toBe('q Q');
    expect(objects['obj:3 0 R'].value).toEqual({
      '/Type': '/Page',
      '/Contents': '41 0 R',
      '/Resources': {},
      '/Annots': ['7 0 R'],
    });
    expect(objects['obj:4 0 R'].value['/TrimBox']).toEqual([10, 10, 600, 780]);
    expect((emptyPagesUpdate(tree, true) as any).qpdf[1]['obj:4 0 R'].value['/TrimBox']).toBeUndefined();
  });

  it('detects TrimBoxes that would clip and restores them by page position', () => {
    expect(trimBoxWouldClip(tree.pages)).toBe(true);
    expect(trimBoxWouldClip([{ ref: '5 0 R', dict: { '/MediaBox': [0, 0, 1, 1], '/TrimBox': [0, 0, 1, 1] } }])).toBe(
      false,
    );
    const grafted: PageTree = {
      header: { maxobjectid: 9 },
      pages: [
        { ref: '1 0 R', dict: { '/Type': '/Page' } },
        { ref: '2 0 R', dict: { '/Type': '/Page' } },
      ],
    };
    const restore = (restoreTrimBoxesUpdate(grafted, tree.pages) as any).qpdf[1];
    expect(Object.keys(restore)).toEqual(['obj:2 0 R']);
    expect(restore['obj:2 0 R'].value['/TrimBox']).toEqual([10, 10, 600, 780]);
  });
});
