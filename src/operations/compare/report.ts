// Which pages the PDF report shows and what its summary page says: every
// aligned pair with a change on either side (text or pixels), and pages only
// one document has that hold a change, in document order.
import type { ReportPage, ReportSpec } from '../../tools/compare-report.js';
import type { Change, PagePairs } from './changes.js';
import type { VisualChange } from './visual.js';

/** What the report is made of. */
export interface ReportInput {
  old: string;
  new: string;
  names: [string, string];
  summary: {
    words_inserted: number;
    words_deleted: number;
    pages_old: number;
    pages_new: number;
    pages_changed_visually: number;
  };
  changes: Change[];
  visual: VisualChange[];
  pairs: PagePairs;
}

/** The report script's input for `input`. */
export function reportSpec(input: ReportInput): ReportSpec {
  const entries = new Map<string, ReportPage>();
  const pairedOld = new Map(input.pairs);
  const pairedNew = new Map(input.pairs.map(([p, q]) => [q, p]));
  const entry = (old: number | null, nu: number | null): ReportPage => {
    const key = `${old}:${nu}`;
    let found = entries.get(key);
    if (!found) entries.set(key, (found = { old, new: nu, deleted: [], inserted: [], visual_old: [], visual_new: [] }));
    return found;
  };
  for (const change of input.changes) {
    if (change.old) entry(change.old.page, pairedOld.get(change.old.page) ?? null).deleted.push(...change.old.boxes);
    if (change.new) entry(pairedNew.get(change.new.page) ?? null, change.new.page).inserted.push(...change.new.boxes);
  }
  for (const v of input.visual) {
    const page = entry(v.page_old, v.page_new);
    page.visual_old.push(...v.boxes);
    page.visual_new.push(...v.boxes);
  }
  // Document order: by the new page where there is one, pages only the old document has after the new page before them.
  const order = (page: ReportPage) => (page.new !== null ? page.new * 2 : newBefore(page.old!, input.pairs) * 2 + 1);
  const pages = [...entries.values()].sort((a, b) => order(a) - order(b) || (a.old ?? 0) - (b.old ?? 0));
  const { summary } = input;
  const list = (numbers: Array<number | null>) => compact(numbers.filter((n): n is number => n !== null)) || 'none';
  return {
    old: input.old,
    new: input.new,
    summary: [
      `Old: ${input.names[0] || 'first file'} (${summary.pages_old} pages)`,
      `New: ${input.names[1] || 'second file'} (${summary.pages_new} pages)`,
      '',
      `Words inserted: ${summary.words_inserted}`,
      `Words deleted: ${summary.words_deleted}`,
      `Text changes: ${input.changes.length}`,
      `Pages changed visually: ${summary.pages_changed_visually}`,
      '',
      `Old pages with changes: ${list(pages.map((p) => p.old))}`,
      `New pages with changes: ${list(pages.map((p) => p.new))}`,
      '',
      'Each following page shows an old page (left) beside the new page it corresponds to (right):',
      'deletions highlighted red, insertions green, visual changes outlined blue.',
    ],
    pages,
  };
}

/** The last new page paired with an old page before `old` (0 if none). */
function newBefore(old: number, pairs: PagePairs): number {
  let q = 0;
  for (const [p, n] of pairs) if (p < old) q = n;
  return q;
}

/** Ascending page numbers as "1-3,5". */
function compact(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}
