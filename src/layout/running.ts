// Running headers and footers: a line in the top or bottom eighth of the page
// whose text (digits taken as one symbol, so page numbers match) recurs on at
// least a third of the pages. They leave the body; the most frequent one of
// each zone becomes the document's header/footer, a number as the page field.
import type { Line, RawPage } from './facts.js';
import { lineText } from './facts.js';
import { fontFamily } from './fonts.js';
import type { RunningText } from './model.js';

type Zone = 'top' | 'bottom';

function zoneOf(line: Line, page: { height: number }): Zone | undefined {
  if (line.bbox[3] < page.height * 0.125) return 'top';
  if (line.bbox[1] > page.height * 0.875) return 'bottom';
  return undefined;
}

const keyOf = (line: Line, zone: Zone) =>
  `${zone}:${lineText(line.spans).trim().replace(/\d+/g, '#').replace(/\s+/g, ' ')}`;

/** What the sample pages say runs along the top and bottom. */
export interface RunningParts {
  isRunning(line: Line, page: RawPage): boolean;
  header?: RunningText;
  footer?: RunningText;
}

/** Finds running lines in `sample` (the first pages; the rest are judged by the same keys). */
export function findRunning(sample: Array<{ page: RawPage; lines: Line[] }>): RunningParts {
  const counts = new Map<string, { pages: Set<number>; line: Line; page: RawPage }>();
  for (const { page, lines } of sample) {
    for (const line of lines) {
      const zone = zoneOf(line, page);
      if (!zone) continue;
      const key = keyOf(line, zone);
      if (key.length < 6 && !key.includes('#')) continue; // a lone letter is no header
      const entry = counts.get(key) ?? { pages: new Set<number>(), line, page };
      entry.pages.add(page.page);
      counts.set(key, entry);
    }
  }
  const needed = Math.max(2, Math.ceil(sample.length / 3));
  const running = new Map([...counts].filter(([, v]) => v.pages.size >= needed));
  const best = (zone: Zone): RunningText | undefined => {
    const top = [...running]
      .filter(([k]) => k.startsWith(`${zone}:`))
      .sort((a, b) => b[1].pages.size - a[1].pages.size)[0];
    if (!top) return undefined;
    const { line, page } = top[1];
    const text = lineText(line.spans).trim();
    const key = top[0].slice(zone.length + 1);
    const parts: RunningText['parts'] =
      /^[^#]*#[^#]*$/.test(key) && /\d/.test(text)
        ? (
            [
              { text: key.split('#')[0] },
              { pageNumber: true as const },
              { text: key.split('#')[1] },
            ] as RunningText['parts']
          ).filter((p) => !('text' in p) || p.text.length > 0)
        : [{ text }];
    const centre = (line.bbox[0] + line.bbox[2]) / 2;
    const align = Math.abs(centre - page.width / 2) < 30 ? 'center' : centre > page.width / 2 ? 'right' : 'left';
    const span = line.spans[0];
    return {
      parts,
      align,
      style: {
        font: fontFamily(span.font, span.mono),
        size: span.size,
        bold: span.bold,
        italic: span.italic,
        mono: span.mono,
      },
    };
  };
  return {
    isRunning: (line, page) => {
      const zone = zoneOf(line, page);
      return zone !== undefined && running.has(keyOf(line, zone));
    },
    header: best('top'),
    footer: best('bottom'),
  };
}
