// qpdf (tested with 11.3.0) --overlay/--underlay: lays pages of a stamp PDF
// over or under pages of a document. The document's content streams are kept
// as they are; qpdf fits each stamp page into the target page's trim box and
// undoes the target's /Rotate, so a stamp drawn upright lands upright.
import { runQpdf } from './qpdf.js';
import type { RunContext } from '../core/contract.js';

/** Pages of the document that get one page of the stamp. */
export interface StampGroup {
  /** 1-based pages of the document. */
  pages: number[];
  /** 1-based page of the stamp file. */
  stampPage: number;
}

/** "1,2,3,5" → "1-3,5" (qpdf page range syntax). */
export function compactRange(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * qpdf arguments (exported for unit tests). qpdf 11.3 takes one --overlay (or
 * --underlay) block: --to lists the target pages in order and --from names
 * the stamp page for each of them (a stamp page used many times becomes one
 * shared form XObject). With a single stamp page, --repeat covers them all.
 */
export function stampArgs(
  input: string,
  stamp: string,
  groups: StampGroup[],
  layer: 'over' | 'under',
  output: string,
): string[] {
  const stampOf = new Map<number, number>();
  for (const group of groups) for (const page of group.pages) stampOf.set(page, group.stampPage);
  const targets = [...stampOf.keys()].sort((a, b) => a - b);
  const from =
    groups.length === 1
      ? ['--from=', `--repeat=${groups[0].stampPage}`]
      : [`--from=${targets.map((p) => stampOf.get(p)).join(',')}`];
  return [
    input,
    '--decrypt',
    layer === 'over' ? '--overlay' : '--underlay',
    stamp,
    `--to=${compactRange(targets)}`,
    ...from,
    '--',
    output,
  ];
}

/** Writes `input` with the stamp's pages laid over/under the grouped pages to `output`. */
export async function stampPdf(
  ctx: RunContext,
  input: string,
  stamp: string,
  groups: StampGroup[],
  layer: 'over' | 'under',
  output: string,
): Promise<void> {
  await runQpdf(ctx, stampArgs(input, stamp, groups, layer, output), { inputs: [input], passwordGiven: false });
}
