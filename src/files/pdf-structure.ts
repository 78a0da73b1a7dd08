// Structure checks run before a tool that walks a PDF's content or trees
// (Ghostscript, poppler, MuPDF) sees it: work those tools would do until the
// operation's deadline is refused up front when its cause is in the file's
// structure. Measured on real files: a Type3 font whose glyphs draw a Type3
// font that draws itself kept Ghostscript busy until the 120 s deadline; a
// form whose field tree lists the same kid twice at every level (2^N paths
// in a 2.5 KB file) kept pdftotext and poppler walking for 120 s; a Flate
// bomb kept pdftotext decoding for as long.
//
// Verdicts:
//   cycle      a Form XObject, Type3 font, tiling pattern or soft-mask group
//              that draws itself through its resources (a name its content
//              actually uses, so a resource dictionary that merely lists its
//              owner, as some producers write, is not a cycle)
//   repeat     a node reached twice in the page tree, the outline (/First,
//              /Next) or the form-field tree (/Kids): a loop or a DAG, whose
//              paths grow exponentially with its depth
//   inflation  Flate content streams (pages, forms, patterns, Type3 glyphs:
//              what the tools parse as operators) whose inflated size, sampled
//              from the first bytes of each stream and extrapolated over its
//              length, passes STRUCTURE_LIMITS.inflatedBytes
// Shared nodes of the resource graph (a font or image used by every page) are
// ordinary and visited once: the walk is linear in the objects it reads.
//
// Bounds: it reads objects through the bounded reader of pdf-page-count.ts
// (so only files that reader handles: plain, unencrypted, readable xref; for
// the others the check cannot tell and the tools' own caps and the deadline
// still apply), at most STRUCTURE_LIMITS.objects reads, objects of at most
// 256 KiB of text, and yields to the event loop every 2 ms of its own work;
// inflation runs on libuv's thread pool with an output cap. A cap reached
// gives "cannot tell", never a refusal.
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { InvalidPdfError, ResourceLimitError } from '../core/errors.js';
import type { ByteSource } from '../core/contract.js';
import { withPlainObjects, type PlainObjects } from './pdf-page-count.js';
import { isDict, nameOf, parsePdfValue, PdfRef, type PdfDict, type PdfValue } from './pdf-syntax.js';

const inflate = promisify(zlib.inflate);

/** Limits of the structure check (exported for tests and docs/operations). */
export const STRUCTURE_LIMITS = {
  /** Object reads over the whole check (tracemonkey.pdf, 14 pages: ~300). */
  objects: 200_000,
  /** Inflated bytes of all decoded streams together, estimated: above this the file is refused. pdftotext takes ~9 s per GiB of blank content. */
  inflatedBytes: 1024 * 1024 * 1024,
  /** Compressed bytes inflated from the start of one stream to estimate its ratio (× 1032 at most: under the sample cap, so one inflate per stream). */
  sampleBytes: 8 * 1024,
  /** Output cap of one sample (a bomb's sample stops here). */
  sampleOutput: 16 * 1024 * 1024,
  /** Streams sampled at most (the largest first); past this the check cannot tell. */
  samples: 2_000,
  /** A file not held in memory is read whole for the check up to this size (larger ones: a read per object). */
  wholeFileRead: 16 * 1024 * 1024,
  /** Bytes of a chain's earlier Flate stages inflated in full (counted, not kept) before its last stage is sampled. */
  intermediateBytes: 256 * 1024 * 1024,
  /** Raw bytes of a chained stream read for that. */
  chainRawBytes: 16 * 1024 * 1024,
  /** Decoded bytes of one drawable's content scanned for the resource names it uses. */
  contentBytes: 4 * 1024 * 1024,
} as const;

/** Flate's largest ratio (a run of one byte: 258 bytes per 2-bit code, plus block overhead). */
const MAX_FLATE_RATIO = 1032;
/** Output chunk of the sampling inflates: fewer, larger chunks cost the main thread fewer callbacks than zlib's 16 KiB. */
const INFLATE_CHUNK = 256 * 1024;
/** Main-thread time between two yields to the event loop (a read from held bytes does not yield by itself). */
const SLICE_MS = 2;
/** Longest object text parsed (a page with 25,000 annotations is 240 KB: ~13 ms to parse); longer ones end the check undecided. */
const MAX_PARSED_CHARS = 256 * 1024;

/** Why a file is refused. */
export interface StructureFinding {
  kind: 'cycle' | 'repeat' | 'inflation';
  /** Client-safe sentence. */
  detail: string;
}

/** Thrown inside the walk when a verdict is reached. */
class Found extends Error {
  constructor(readonly finding: StructureFinding) {
    super(finding.detail);
  }
}

/**
 * Checks `file` (or its held `bytes`): a finding when it is refused, null
 * when it passed, undefined when the check cannot tell (not a plain file, a
 * cap reached).
 */
export async function checkPdfStructure(
  file: string,
  bytes: ByteSource | undefined,
  maxPages: number,
): Promise<StructureFinding | null | undefined> {
  let finding: StructureFinding | undefined;
  // A file read per object was 174 ms for tracemonkey.pdf against 5 ms from memory: a file that is not held is read whole when small.
  if (!bytes) {
    const size = await fs.stat(file).then(
      (stat) => stat.size,
      () => Infinity,
    );
    if (size <= STRUCTURE_LIMITS.wholeFileRead) bytes = await fs.readFile(file).catch(() => undefined);
  }
  const passed = await withPlainObjects(file, bytes, STRUCTURE_LIMITS.objects, async (reader, root) => {
    try {
      await new StructureWalk(reader, maxPages).run(root);
      return true;
    } catch (error) {
      if (error instanceof Found) {
        finding = error.finding;
        return true;
      }
      throw error; // a cap or odd syntax: cannot tell
    }
  });
  if (finding) return finding;
  return passed ? null : undefined;
}

/**
 * Refuses `file` when the check finds a cause of runaway work: 422
 * invalid_pdf for a cycle or a repeated tree node, 422 resource_limit for
 * inflation past the limit. Returns whether the file was checked (false:
 * the in-process reader cannot read it; check a qpdf-written copy instead).
 */
export async function refuseRunawayStructure(
  file: string,
  bytes: ByteSource | undefined,
  maxPages: number,
): Promise<boolean> {
  const finding = await checkPdfStructure(file, bytes, maxPages);
  if (finding === undefined) return false;
  if (finding === null) return true;
  if (finding.kind === 'inflation') throw new ResourceLimitError(finding.detail, 'inflated stream size');
  throw new InvalidPdfError(`The PDF's structure would make the tools run without end: ${finding.detail}`);
}

/** An edge of the resource graph: the name a drawable's content must use for the edge to be drawn. */
interface Edge {
  name: string;
  target: number;
}

/** A stream the tools parse as content (page contents, forms, patterns, Type3 glyphs), for the inflation estimate. */
interface DecodedStream {
  num: number;
}

class StructureWalk {
  private readonly objects = new Map<number, PdfValue | undefined>();
  private readonly texts = new Map<number, string | undefined>();
  private sliceStart = performance.now();
  private readonly streams = new Map<number, DecodedStream>();
  /** Names each drawable's content uses (undefined: could not read it, so every name counts). */
  private readonly usedNames = new Map<number, Set<string> | undefined>();

  constructor(
    private readonly reader: PlainObjects,
    private readonly maxPages: number,
  ) {}

  async run(root: number): Promise<void> {
    const catalog = await this.dict(new PdfRef(root));
    if (!catalog) throw new Error('no catalog');
    const pages = await this.pageTree(catalog.get('Pages'));
    await this.resourceGraph(pages);
    await this.outline(catalog.get('Outlines'));
    await this.fieldTree(catalog.get('AcroForm'));
    await this.inflation();
  }

  // ---- objects -------------------------------------------------------------

  /** Yields to the event loop once this slice of main-thread work has run SLICE_MS. */
  private async pace(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }

  private async text(num: number): Promise<string | undefined> {
    if (this.texts.has(num)) return this.texts.get(num);
    await this.pace();
    const text = await this.reader.read(num);
    if (text !== undefined && text.length > MAX_PARSED_CHARS) throw new Error('object too long to parse');
    this.texts.set(num, text);
    return text;
  }

  private async object(num: number): Promise<PdfValue | undefined> {
    if (this.objects.has(num)) return this.objects.get(num);
    const text = await this.text(num);
    let value: PdfValue | undefined;
    try {
      value = text === undefined ? undefined : parsePdfValue(text);
    } catch {
      value = undefined; // one odd object: the tools judge it
    }
    this.objects.set(num, value);
    return value;
  }

  private async resolve(value: PdfValue | undefined): Promise<PdfValue | undefined> {
    return value instanceof PdfRef ? this.object(value.num) : value;
  }

  private async dict(value: PdfValue | undefined): Promise<PdfDict | undefined> {
    const resolved = await this.resolve(value);
    return isDict(resolved) ? resolved : undefined;
  }

  private async array(value: PdfValue | undefined): Promise<PdfValue[]> {
    const resolved = await this.resolve(value);
    return Array.isArray(resolved) ? resolved : [];
  }

  // ---- trees ---------------------------------------------------------------

  /** Walks /Kids; a node reached twice is a loop or a DAG. Returns the pages (at most maxPages + 1: the page count refuses more). */
  private async pageTree(
    rootValue: PdfValue | undefined,
  ): Promise<Array<{ page: PdfDict; resources: PdfValue | undefined }>> {
    const pages: Array<{ page: PdfDict; resources: PdfValue | undefined }> = [];
    if (!(rootValue instanceof PdfRef)) return pages;
    const seen = new Set<number>();
    const stack: Array<{ ref: PdfRef; inherited: PdfValue | undefined }> = [{ ref: rootValue, inherited: undefined }];
    while (stack.length > 0 && pages.length <= this.maxPages) {
      const { ref, inherited } = stack.pop()!;
      if (seen.has(ref.num))
        throw new Found({
          kind: 'repeat',
          detail: `The page tree reaches object ${ref.num} twice (a loop or a shared node).`,
        });
      seen.add(ref.num);
      const node = await this.dict(ref);
      if (!node) continue;
      const resources = node.get('Resources') ?? inherited;
      const kids = node.get('Kids');
      if (kids === undefined) {
        pages.push({ page: node, resources });
        continue;
      }
      const list = await this.array(kids);
      for (let i = list.length - 1; i >= 0; i--) {
        const kid = list[i];
        if (kid instanceof PdfRef) stack.push({ ref: kid, inherited: resources });
      }
    }
    return pages;
  }

  /** /First and /Next from the outline root: every item once. */
  private async outline(rootValue: PdfValue | undefined): Promise<void> {
    const root = await this.dict(rootValue);
    const first = root?.get('First');
    if (!(first instanceof PdfRef)) return;
    const seen = new Set<number>();
    const stack: PdfRef[] = [first];
    while (stack.length > 0) {
      const ref = stack.pop()!;
      if (seen.has(ref.num))
        throw new Found({
          kind: 'repeat',
          detail: `The outline (bookmarks) reaches item ${ref.num} twice (a loop or a shared item).`,
        });
      seen.add(ref.num);
      const item = await this.dict(ref);
      if (!item) continue;
      for (const key of ['Next', 'First']) {
        const next = item.get(key);
        if (next instanceof PdfRef) stack.push(next);
      }
    }
  }

  /**
   * /Fields and their /Kids. A field reached twice through /Kids is refused;
   * a /Fields entry that is also some field's kid (a common producer slip,
   * linear for every reader) is walked once.
   */
  private async fieldTree(acroFormValue: PdfValue | undefined): Promise<void> {
    const acroForm = await this.dict(acroFormValue);
    if (!acroForm) return;
    const walked = new Set<number>();
    const asKid = new Set<number>();
    const stack: Array<{ ref: PdfRef; kid: boolean }> = [];
    const roots = await this.array(acroForm.get('Fields'));
    for (let i = roots.length - 1; i >= 0; i--)
      if (roots[i] instanceof PdfRef) stack.push({ ref: roots[i] as PdfRef, kid: false });
    while (stack.length > 0) {
      const { ref, kid } = stack.pop()!;
      if (kid) {
        if (asKid.has(ref.num))
          throw new Found({
            kind: 'repeat',
            detail: `The form-field tree reaches field ${ref.num} twice (a loop or a shared field).`,
          });
        asKid.add(ref.num);
      }
      if (walked.has(ref.num)) continue;
      walked.add(ref.num);
      const field = await this.dict(ref);
      const kids = field ? await this.array(field.get('Kids')) : [];
      for (let i = kids.length - 1; i >= 0; i--)
        if (kids[i] instanceof PdfRef) stack.push({ ref: kids[i] as PdfRef, kid: true });
    }
  }

  // ---- resource graph --------------------------------------------------------

  /**
   * Depth-first from every page's resources (and its annotations' appearance
   * streams) with on-stack marks: an edge back to a drawable on the stack is a
   * cycle. Each drawable is expanded once, so shared resources cost nothing more.
   */
  private async resourceGraph(pages: Array<{ page: PdfDict; resources: PdfValue | undefined }>): Promise<void> {
    const state = new Map<number, 'open' | 'done'>();
    for (const { page, resources } of pages) {
      for (const content of await this.contentRefs(page.get('Contents'))) this.streams.set(content, { num: content });
      const roots = [...(await this.edges(resources)), ...(await this.appearanceEdges(page.get('Annots')))];
      for (const root of roots) {
        if (state.has(root.target)) continue;
        // Iterative DFS: a chain of 100,000 forms must not overflow the stack.
        state.set(root.target, 'open');
        const stack: Array<{ node: number; edges: Edge[]; next: number }> = [
          { node: root.target, edges: await this.drawableEdges(root.target), next: 0 },
        ];
        while (stack.length > 0) {
          const top = stack[stack.length - 1];
          if (top.next >= top.edges.length) {
            state.set(top.node, 'done');
            stack.pop();
            continue;
          }
          const edge = top.edges[top.next++];
          const seen = state.get(edge.target);
          if (seen === 'done') continue;
          if (!(await this.uses(top.node, edge.name))) continue;
          if (seen === 'open') {
            throw new Found({
              kind: 'cycle',
              detail: `Object ${edge.target} (a form, pattern or Type3 font) draws itself through its resources (a cycle).`,
            });
          }
          state.set(edge.target, 'open');
          stack.push({ node: edge.target, edges: await this.drawableEdges(edge.target), next: 0 });
        }
      }
    }
  }

  /** Object numbers of a page's /Contents (a stream or an array of them). */
  private async contentRefs(value: PdfValue | undefined): Promise<number[]> {
    if (value instanceof PdfRef) {
      const resolved = await this.object(value.num);
      if (!Array.isArray(resolved)) return [value.num];
      value = resolved;
    }
    return Array.isArray(value) ? value.filter((v): v is PdfRef => v instanceof PdfRef).map((v) => v.num) : [];
  }

  /** Edges from a resource dictionary to the drawables it names; images and fonts' streams are noted for the inflation estimate. */
  private async edges(resourcesValue: PdfValue | undefined): Promise<Edge[]> {
    const resources = await this.dict(resourcesValue);
    if (!resources) return [];
    const edges: Edge[] = [];
    for (const category of ['XObject', 'Font', 'Pattern', 'ExtGState']) {
      const entries = await this.dict(resources.get(category));
      if (!entries) continue;
      for (const [name, value] of entries) {
        if (category === 'ExtGState') {
          // A soft mask's group (/SMask << /G form >>) is drawn whenever the state is set.
          const state = await this.dict(value);
          const mask = await this.dict(state?.get('SMask'));
          const group = mask?.get('G');
          if (group instanceof PdfRef) edges.push({ name, target: group.num });
          continue;
        }
        if (!(value instanceof PdfRef)) continue;
        // Most fonts carry long /Widths arrays and are never drawables: only a Type3 font is parsed. Images are
        // decoded no further than their declared size, and huge ones are processed by decision (compress.md, "Huge
        // images"): they are neither drawables nor part of the inflation estimate.
        // (The text test is only a shortcut: a name written with #xx escapes or split by a comment is parsed.)
        const text = (await this.text(value.num)) ?? '';
        if (category === 'Font' && !/\/Subtype\s*\/Type3\b|[#%]/.test(text)) continue;
        const target = await this.dict(value);
        if (!target) continue;
        const subtype = nameOf(target.get('Subtype'));
        if (subtype === 'Image') continue;
        const drawable =
          (category === 'XObject' && subtype === 'Form') ||
          (category === 'Font' && subtype === 'Type3') ||
          (category === 'Pattern' && target.get('PatternType') === 1);
        if (drawable) edges.push({ name, target: value.num });
      }
    }
    return edges;
  }

  /** Appearance streams of a page's annotations (/AP /N, /D, /R: a stream or a dictionary of states). */
  private async appearanceEdges(annotsValue: PdfValue | undefined): Promise<Edge[]> {
    const edges: Edge[] = [];
    for (const annotValue of await this.array(annotsValue)) {
      const ap = await this.dict((await this.dict(annotValue))?.get('AP'));
      if (!ap) continue;
      for (const key of ['N', 'D', 'R']) {
        const entry = ap.get(key);
        if (!(entry instanceof PdfRef)) continue;
        const resolved = await this.object(entry.num);
        // A stream resolves to its dictionary (with /Length); a dictionary of states maps names to streams.
        if (isDict(resolved) && !resolved.has('Length') && !resolved.has('BBox')) {
          for (const state of resolved.values())
            if (state instanceof PdfRef) edges.push({ name: '', target: state.num });
        } else edges.push({ name: '', target: entry.num });
      }
    }
    return edges;
  }

  /** A drawable's own edges: the drawables its /Resources name. Its streams join the inflation estimate. */
  private async drawableEdges(num: number): Promise<Edge[]> {
    const node = await this.dict(new PdfRef(num));
    if (!node) return [];
    if (nameOf(node.get('Subtype')) === 'Type3') {
      const procs = await this.dict(node.get('CharProcs'));
      for (const proc of procs?.values() ?? [])
        if (proc instanceof PdfRef) this.streams.set(proc.num, { num: proc.num });
    } else this.streams.set(num, { num });
    return this.edges(node.get('Resources'));
  }

  /** Whether the drawable's content uses `name` (edges from a page's resources or an appearance: always). */
  private async uses(node: number, name: string): Promise<boolean> {
    if (name === '') return true;
    if (!this.usedNames.has(node)) this.usedNames.set(node, await this.namesIn(node));
    const names = this.usedNames.get(node);
    return names === undefined || names.has(name);
  }

  /** The names a form's or pattern's content (or a Type3 font's glyph procedures) uses, or undefined when it cannot all be read. */
  private async namesIn(num: number): Promise<Set<string> | undefined> {
    const node = await this.dict(new PdfRef(num));
    if (!node) return undefined;
    const streams: number[] = [];
    if (nameOf(node.get('Subtype')) === 'Type3') {
      for (const proc of (await this.dict(node.get('CharProcs')))?.values() ?? [])
        if (proc instanceof PdfRef) streams.push(proc.num);
    } else streams.push(num);
    const names = new Set<string>();
    let budget: number = STRUCTURE_LIMITS.contentBytes;
    for (const stream of streams) {
      const decoded = await this.decodeWhole(stream, budget);
      if (!decoded) return undefined;
      budget -= decoded.length;
      for (const match of decoded.toString('latin1').matchAll(/\/([^\s/[\]<>(){}%]*)/g)) {
        names.add(
          match[1].includes('#')
            ? match[1].replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
            : match[1],
        );
      }
    }
    return names;
  }

  /** A stream's whole decoded data when it is unfiltered or Flate only and fits `maxOutput`; else undefined. */
  private async decodeWhole(num: number, maxOutput: number): Promise<Buffer | undefined> {
    if (maxOutput <= 0) return undefined;
    await this.pace();
    const raw = await this.reader.readStream(num, maxOutput);
    if (!raw || raw.head.length < raw.length) return undefined;
    const stages = flateStages(raw.dict);
    if (stages === undefined) return undefined;
    let data = raw.head;
    try {
      for (let s = 0; s < stages; s++)
        data = await inflate(data, { maxOutputLength: maxOutput, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch {
      return undefined;
    }
    return data;
  }

  // ---- inflation -------------------------------------------------------------

  /**
   * Estimates the inflated size of every stream noted by the walk, largest
   * possible first, and stops as soon as the answer is sure: when what is
   * sampled plus the most the rest could inflate to fits the limit (most
   * files: no sample at all), or when the sampled estimate passes it.
   */
  private async inflation(): Promise<void> {
    const limit = STRUCTURE_LIMITS.inflatedBytes;
    const candidates: Array<{ num: number; length: number; stages: number; bound: number }> = [];
    for (const stream of this.streams.values()) {
      await this.pace();
      const raw = await this.reader.readStream(stream.num, 0);
      if (!raw) continue;
      const stages = flateStages(raw.dict);
      if (!stages) continue; // unfiltered, or filters this check does not estimate
      // One Flate stage inflates at most MAX_FLATE_RATIO times; a chain of them has no useful bound.
      candidates.push({
        num: stream.num,
        length: raw.length,
        stages,
        bound: stages === 1 ? raw.length * MAX_FLATE_RATIO : Infinity,
      });
    }
    candidates.sort((a, b) => b.bound - a.bound);
    let rest = candidates.reduce((sum, c) => sum + c.bound, 0);
    let sampled = 0;
    for (let i = 0; i < candidates.length; i++) {
      if (sampled + rest <= limit) return;
      if (i >= STRUCTURE_LIMITS.samples) throw new Error('sample budget used up');
      const candidate = candidates[i];
      await this.pace();
      rest -= candidate.bound;
      const estimate = await this.sampledSize(candidate.num, candidate.length, candidate.stages);
      sampled += estimate;
      if (sampled > limit) {
        throw new Found({
          kind: 'inflation',
          detail: `The PDF's compressed streams would inflate to about ${mib(sampled)} MiB or more (stream ${candidate.num}: ~${mib(estimate)} MiB from ${candidate.length} bytes); the limit is ${mib(limit)} MiB.`,
        });
      }
    }
  }

  /**
   * Inflated size of one stream, extrapolated from its first bytes. A chain
   * of Flate stages (ratios of a million) has its earlier stages inflated in
   * full, counted and dropped, so the last stage is sampled from its real
   * input: a prefix of a nested bomb does not show its ratio.
   */
  private async sampledSize(num: number, length: number, stages: number): Promise<number> {
    const raw = await this.reader.readStream(
      num,
      stages === 1 ? STRUCTURE_LIMITS.sampleBytes : STRUCTURE_LIMITS.chainRawBytes,
    );
    if (!raw || raw.head.length === 0) return 0;
    if (stages === 1) return (await sampleRatio(raw.head)) * length;
    const middle = await inflateCounted(raw.head, stages - 1);
    // Only part of a long chained stream was read: its middle scales with the rest.
    return (await sampleRatio(middle.head)) * middle.length * (length / raw.head.length);
  }
}

/** Inflated bytes per compressed byte at the start of one Flate stream: the sample shrinks while its output reaches the cap. */
async function sampleRatio(head: Buffer): Promise<number> {
  for (let size = Math.min(head.length, STRUCTURE_LIMITS.sampleBytes); ; size = Math.floor(size / 8)) {
    const output = await inflatedLength(head.subarray(0, Math.max(size, 2)), 1);
    if (output !== undefined) return output / Math.max(size, 2);
    if (size <= 64) return STRUCTURE_LIMITS.sampleOutput / Math.max(size, 2);
  }
}

/**
 * Inflates `data` through `stages` Flate stages as a stream, counting the
 * output and keeping only its first sampleBytes; stops at intermediateBytes
 * (the length is then a lower bound). Memory: a few chunks, whatever the size.
 */
async function inflateCounted(data: Buffer, stages: number): Promise<{ length: number; head: Buffer }> {
  const chain = Array.from({ length: stages }, () =>
    zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: INFLATE_CHUNK }),
  );
  for (let s = 0; s + 1 < stages; s++) chain[s].pipe(chain[s + 1]);
  const last = chain[stages - 1];
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let length = 0;
  await new Promise<void>((resolve) => {
    const finish = () => {
      for (const stream of chain) stream.destroy();
      resolve();
    };
    last.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (keptBytes < STRUCTURE_LIMITS.sampleBytes) {
        kept.push(chunk.subarray(0, STRUCTURE_LIMITS.sampleBytes - keptBytes));
        keptBytes += kept[kept.length - 1].length;
      }
      if (length >= STRUCTURE_LIMITS.intermediateBytes) finish();
    });
    last.on('end', finish);
    // Damaged data: the tools stop there too, so does the count.
    for (const stream of chain) stream.on('error', finish);
    chain[0].end(data);
  });
  return { length, head: Buffer.concat(kept) };
}

/** Output length of inflating `prefix` through `stages` Flate stages (truncated input allowed), or undefined when it passes the sample cap. */
async function inflatedLength(prefix: Buffer, stages: number): Promise<number | undefined> {
  let data = prefix;
  for (let s = 0; s < stages; s++) {
    try {
      data = await inflate(data, {
        maxOutputLength: STRUCTURE_LIMITS.sampleOutput,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
        chunkSize: INFLATE_CHUNK,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return undefined;
      return data === prefix ? 0 : data.length; // damaged data: the tools stop there too
    }
  }
  return data.length;
}

/** Number of Flate stages when /Filter is Flate only (1 for /FlateDecode, 2 for [/FlateDecode /FlateDecode] …), 0 when unfiltered, undefined for other filters. */
function flateStages(dictText: string): number | undefined {
  let dict: PdfValue;
  try {
    dict = parsePdfValue(dictText);
  } catch {
    return undefined;
  }
  if (!isDict(dict)) return undefined;
  const filter = dict.get('Filter');
  if (filter === undefined) return 0;
  const names = Array.isArray(filter) ? filter.map(nameOf) : [nameOf(filter)];
  return names.every((name) => name === 'FlateDecode' || name === 'Fl') ? names.length : undefined;
}

function mib(bytes: number): string {
  return bytes === Infinity ? '∞' : String(Math.round(bytes / (1024 * 1024)));
}
