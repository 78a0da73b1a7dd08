// Word recall of OCR output against ground truth: the fraction of the
// ground-truth words (lower-cased, punctuation stripped, counted with
// multiplicity) that also occur in the output, each output word matching once.

/** Words of `text`: lower-case runs of letters and digits (any script). */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Multiset recall of `truth`'s words in `output` (0..1). */
export function wordRecall(truth: string, output: string): number {
  const available = new Map<string, number>();
  for (const word of wordsOf(output)) available.set(word, (available.get(word) ?? 0) + 1);
  const expected = wordsOf(truth);
  let found = 0;
  for (const word of expected) {
    const left = available.get(word) ?? 0;
    if (left > 0) {
      found++;
      available.set(word, left - 1);
    }
  }
  return expected.length === 0 ? 1 : found / expected.length;
}
