// Which native tools are installed, and their versions (healthz, doctor, and
// the start-up check that refuses to serve without a required tool).
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM } from './chromium.js';
import { CHILD_PATH, runStandalone } from './run.js';

/** The binary's location on the children's PATH. */
export function findOnPath(binary: string): string | undefined {
  for (const dir of CHILD_PATH.split(':')) {
    const candidate = path.join(dir, binary);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Whether every required tool is still installed (the start-up probe found them; a package may be removed later). */
export async function requiredToolsPresent(tools: ToolStatus[]): Promise<boolean> {
  const checks = tools
    .filter((t) => t.required)
    .map((t) =>
      t.usable && t.path
        ? fs.promises.access(t.path, fs.constants.X_OK).then(
            () => true,
            () => false,
          )
        : Promise.resolve(false),
    );
  return (await Promise.all(checks)).every(Boolean);
}

export interface ToolSpec {
  name: string;
  binary: string;
  args: string[];
  /** Pulls the version out of the output. */
  pattern: RegExp;
  /** Operations that cannot run without it. */
  usedBy: string[];
  required: boolean;
}

export const TOOLS: ToolSpec[] = [
  {
    name: 'qpdf',
    binary: 'qpdf',
    args: ['--version'],
    pattern: /qpdf version (\S+)/,
    usedBy: [
      'merge',
      'split',
      'protect',
      'unlock',
      'compress',
      'watermark',
      'images',
      'extract-text',
      'convert',
      'ocr',
      'rotate',
      'organize',
      'page-numbers',
      'metadata',
      'repair',
      'flatten',
      'forms',
      'bookmarks',
      'crop',
      'resize',
      'n-up',
      'booklet',
      'overlay',
      'remove-blank',
    ],
    required: true,
  },
  {
    name: 'ghostscript',
    binary: 'gs',
    args: ['--version'],
    pattern: /^(\d+\.\d+\.\d+)/m,
    usedBy: ['compress', 'convert', 'repair', 'crop'],
    required: true,
  },
  {
    name: 'poppler',
    binary: 'pdftotext',
    args: ['-v'],
    pattern: /pdftotext version (\S+)/,
    usedBy: [
      'extract-text',
      'convert',
      'images',
      'watermark',
      'ocr',
      'organize',
      'page-numbers',
      'metadata',
      'remove-blank',
      'split',
    ],
    required: true,
  },
  {
    name: 'mupdf',
    binary: 'mutool',
    args: ['-v'],
    pattern: /mutool version (\S+)/,
    usedBy: ['convert', 'compress', 'repair'],
    required: true,
  },
  {
    name: 'img2pdf',
    binary: 'img2pdf',
    args: ['--version'],
    pattern: /img2pdf (\S+)/,
    usedBy: ['images'],
    required: true,
  },
  {
    name: 'ocrmypdf',
    binary: 'ocrmypdf',
    args: ['--version'],
    pattern: /^(\S+)/m,
    usedBy: ['ocr', 'extract-text'],
    required: true,
  },
  {
    name: 'tesseract',
    binary: 'tesseract',
    args: ['--version'],
    pattern: /tesseract (\S+)/,
    usedBy: ['ocr', 'extract-text'],
    required: true,
  },
  // Debian's python3 with python3-pikepdf: redaction, page layout, structure and the compare report.
  {
    name: 'pikepdf',
    binary: '/usr/bin/python3',
    args: ['-I', '-c', 'import pikepdf; print("pikepdf", pikepdf.__version__)'],
    pattern: /pikepdf (\S+)/,
    usedBy: ['redact', 'crop', 'resize', 'n-up', 'booklet', 'overlay', 'split'],
    required: true,
  },
  // Debian's libharfbuzz-bin: hb-subset cuts the embedded font subsets of watermark, page-numbers and filled form values.
  {
    name: 'harfbuzz',
    binary: 'hb-subset',
    args: ['--version'],
    pattern: /hb-subset \(HarfBuzz\) (\S+)/,
    usedBy: ['watermark', 'page-numbers', 'forms'],
    required: true,
  },
  // QR separator pages (split mode=qr).
  {
    name: 'zbar',
    binary: 'zbarimg',
    args: ['--version'],
    pattern: /^(\d+\.\d+(?:\.\d+)?)/m,
    usedBy: ['split'],
    required: true,
  },
  { name: 'openssl', binary: 'openssl', args: ['version'], pattern: /OpenSSL (\S+)/, usedBy: ['sign'], required: true },
  {
    name: 'libreoffice',
    binary: 'soffice',
    args: ['--version'],
    pattern: /LibreOffice (\S+)/,
    usedBy: ['convert'],
    required: true,
  },
  {
    name: 'chromium',
    binary: CHROMIUM,
    args: ['--version'],
    pattern: /Chromium (\S+)/,
    usedBy: ['convert'],
    required: true,
  },
];

export interface ToolStatus {
  name: string;
  binary: string;
  /** Where the binary was found on PATH (checked again by /healthz). */
  path?: string;
  version: string | null;
  usable: boolean;
  required: boolean;
  error?: string;
}

/** Probes one tool with `--version` (or its equivalent). */
export async function probeTool(tool: ToolSpec): Promise<ToolStatus> {
  const base = { name: tool.name, binary: tool.binary, required: tool.required };
  try {
    const result = await runStandalone(tool.binary, tool.args);
    if (result.notFound)
      return { ...base, version: null, usable: false, error: 'not installed (run scripts/install-tools.sh)' };
    const version = tool.pattern.exec(result.stdout)?.[1] ?? null;
    const found = path.isAbsolute(tool.binary) ? tool.binary : findOnPath(tool.binary);
    return version
      ? { ...base, version, usable: true, path: found }
      : { ...base, version: null, usable: false, error: 'unexpected --version output' };
  } catch (error) {
    return { ...base, version: null, usable: false, error: String(error) };
  }
}

export function probeTools(): Promise<ToolStatus[]> {
  return Promise.all(TOOLS.map(probeTool));
}
