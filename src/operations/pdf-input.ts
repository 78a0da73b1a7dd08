// The one object every operation opens its uploaded PDF with. It
// owns what an operation needs to know about the file and the copies tools
// may need, each made at most once and only when asked for:
//
//   pages      the page count from the page tree as walked (never the /Count
//              the file declares), checked against MAX_PAGES; 0 pages is 422
//   encrypted  whether the file is encrypted; the password was checked
//              (422 password_required / incorrect_password otherwise)
//   plain()    the file without encryption (the upload itself when it has none)
//   repaired() a qpdf rewrite from the parsed object graph, decrypted: qpdf
//              reconstructs a damaged cross-reference table (exit 3 = warnings = fine)
//   gsSafe()   the only thing Ghostscript may read: a qpdf rewrite, so the
//              %PDF- header is at byte 0 and no PostScript placed before it
//              (a PS+PDF polyglot) ever reaches gs's interpreter
//
// and the retry rule: withRetry()/withPlainRetry() run a tool step on the
// file, and when the step fails because of the file (a tool error, not a
// timeout, a cap or a refusal), once more on the repaired copy; if that fails
// too the answer is 422 invalid_pdf. It is the one entry point: every
// operation opens its PDF with `const pdf = await PdfInput.open(run, file, {...})`
// (or PdfInput.openAll), nothing else.
import path from 'node:path';
import { InvalidPdfError, ProcessingFailedError, TooManyPagesError } from '../core/errors.js';
import { quickPageCount } from '../files/pdf-page-count.js';
import { refuseRunawayStructure } from '../files/pdf-structure.js';
import { decrypt, isEncrypted, pageCount, rewrite } from '../tools/qpdf.js';
import type { RunContext, InputFile } from '../core/contract.js';

export interface OpenOptions {
  maxPages: number;
  /** The client's password for the file (field "password"). */
  password?: string;
  /**
   * Refuse structures that make content- and tree-walking tools run to the
   * deadline (files/pdf-structure.ts). Default true; false only where qpdf
   * copies objects without walking them (merge, split: the measured fast path).
   */
  checkStructure?: boolean;
}

/** A file and the password it needs (undefined once decrypted): what qpdf-based steps take. */
export interface PdfSource {
  file: string;
  password?: string;
  /** True on the retry with the repaired copy. */
  repaired: boolean;
}

let copies = 0;

/** An opened upload: verified page count, encryption state, and lazily made plain / repaired / gs-safe copies. */
export class PdfInput implements InputFile {
  readonly path: string;
  readonly name: string;
  readonly size: number;
  readonly kind: InputFile['kind'];
  /** Written by our tools from a checked input (a pipeline step's output). */
  readonly verified: boolean;
  private plainCopy?: Promise<string>;
  private repairedCopy?: Promise<string>;

  private constructor(
    private readonly run: RunContext,
    file: InputFile,
    /** Pages in the page tree (at least 1, at most MAX_PAGES). */
    readonly pages: number,
    /** Whether the file is encrypted (owner-only files included). */
    readonly encrypted: boolean,
    /** How the count was made: an in-process bounded walk of a plain file, or qpdf. */
    readonly countedBy: 'tree' | 'qpdf',
    readonly password: string | undefined,
  ) {
    this.path = file.path;
    this.name = file.name;
    this.size = file.size;
    this.kind = file.kind;
    this.verified = file.verified === true;
  }

  /**
   * Opens `file`: the page tree is walked in-process when the file is plainly
   * readable and unencrypted (bounded; no process, ~1 ms), else by qpdf, which
   * also diagnoses damage and passwords. Either way the count is of real pages.
   */
  static async open(
    run: RunContext,
    file: InputFile,
    { maxPages, password, checkStructure = true }: OpenOptions,
  ): Promise<PdfInput> {
    // A pipeline step's output was written by a tool from a checked input: no second structure check.
    const checked =
      !checkStructure || file.verified === true || (await refuseRunawayStructure(file.path, file.bytes, maxPages));
    const walked = await quickPageCount(file.path, maxPages, file.bytes);
    let input: PdfInput;
    if (walked !== undefined) {
      checkPageCount(walked, maxPages);
      input = new PdfInput(run, file, walked, false, 'tree', password);
    } else {
      const [pages, encrypted] = await Promise.all([
        pageCount(run, file.path, password),
        isEncrypted(run, file.path).catch(() => false),
      ]);
      checkPageCount(pages, maxPages);
      input = new PdfInput(run, file, pages, encrypted, 'qpdf', password);
    }
    if (!checked) await input.checkCopyStructure(maxPages);
    return input;
  }

  /**
   * The structure check on a copy qpdf wrote (fresh cross-reference table,
   * decrypted, stream data as it was), for an upload the in-process reader
   * cannot read: encrypted (plain(), which the tools need anyway) or damaged
   * (repaired(), the retry rule's copy). A file qpdf cannot rewrite is left
   * to the tools, as before.
   */
  private async checkCopyStructure(maxPages: number): Promise<void> {
    let copy: string;
    try {
      copy = this.encrypted ? await this.plain() : await this.repaired();
    } catch (error) {
      if (isRepairable(error)) return;
      throw error;
    }
    await refuseRunawayStructure(copy, undefined, maxPages);
  }

  /** Opens several uploads side by side. */
  static openAll(run: RunContext, files: InputFile[], options: OpenOptions): Promise<PdfInput[]> {
    return Promise.all(files.map((file) => PdfInput.open(run, file, options)));
  }

  /** The file without encryption: the upload itself when it has none, else a qpdf-decrypted copy (password in an argfile). */
  plain(): Promise<string> {
    if (!this.encrypted) return Promise.resolve(this.path);
    this.plainCopy ??= (async () => {
      const output = this.workFile('decrypted');
      await decrypt(this.run, this.path, output, this.password);
      return output;
    })();
    return this.plainCopy;
  }

  /** A qpdf rewrite of the parsed (and, if need be, reconstructed) object graph, decrypted. */
  repaired(): Promise<string> {
    this.repairedCopy ??= (async () => {
      const output = this.workFile('repaired');
      await rewrite(this.run, this.path, output, this.password);
      return output;
    })();
    return this.repairedCopy;
  }

  /**
   * The copy Ghostscript (and OCRmyPDF, which runs gs) may read: always
   * written by qpdf, header at byte 0, decrypted. Same file as repaired().
   */
  gsSafe(): Promise<string> {
    // A pipeline step's output was written by qpdf, Ghostscript or MuPDF: header at byte 0, nothing before it.
    if (this.verified && !this.encrypted) return Promise.resolve(this.path);
    return this.repaired();
  }

  /**
   * Runs a qpdf-style step (it takes the password itself) on the upload; if
   * it fails because of the file, once more on the repaired copy.
   */
  withRetry<T>(step: (source: PdfSource) => Promise<T>): Promise<T> {
    return retryOnRepaired(
      () => step({ file: this.path, password: this.password, repaired: false }),
      async () => step({ file: await this.repaired(), repaired: true }),
    );
  }

  /** Runs a step that needs an unencrypted file on plain(); if it fails because of the file, once more on the repaired copy. */
  withPlainRetry<T>(step: (file: string, repaired: boolean) => Promise<T>): Promise<T> {
    return retryOnRepaired(
      async () => step(await this.plain(), false),
      async () => step(await this.repaired(), true),
    );
  }

  private workFile(what: string): string {
    return path.join(this.run.workdir, `input-${++copies}-${what}.pdf`);
  }
}

/** Runs a step over several inputs (merge): on a failure caused by the files, once more on all repaired copies. */
export function withRetryAll<T>(inputs: PdfInput[], step: (sources: PdfSource[]) => Promise<T>): Promise<T> {
  return retryOnRepaired(
    () => step(inputs.map((input) => ({ file: input.path, password: input.password, repaired: false }))),
    async () =>
      step(await Promise.all(inputs.map(async (input) => ({ file: await input.repaired(), repaired: true })))),
  );
}

/**
 * Failures a repaired copy may cure: a tool that could not read the file
 * (ProcessingFailedError, or InvalidPdfError from a reader such as
 * pdftotext). Timeouts, resource limits, refusals (413s, passwords) and
 * client aborts are final.
 */
export function isRepairable(error: unknown): boolean {
  return error instanceof ProcessingFailedError || error instanceof InvalidPdfError;
}

async function retryOnRepaired<T>(first: () => Promise<T>, second: () => Promise<T>): Promise<T> {
  try {
    return await first();
  } catch (error) {
    if (!isRepairable(error)) throw error;
    try {
      return await second();
    } catch (again) {
      if (!isRepairable(again)) throw again;
      throw damaged(again);
    }
  }
}

/** 422 for a file the tools fail on even after qpdf repaired it; the tool's message (client-safe) is kept, its cause logged. */
export function damaged(error: unknown): InvalidPdfError {
  if (error instanceof InvalidPdfError) return error;
  const what = error instanceof ProcessingFailedError ? ` (${error.detail.replace(/\.$/, '')})` : '';
  const result = new InvalidPdfError(`The PDF is damaged: processing failed even on a repaired copy${what}.`);
  result.cause = error;
  return result;
}

/** A document with no page is refused like a broken one (the tools fail on it in their own ways). */
function checkPageCount(pages: number, maxPages: number): void {
  if (pages < 1) throw new InvalidPdfError('The PDF has no pages.');
  if (pages > maxPages) throw new TooManyPagesError(maxPages, pages);
}
