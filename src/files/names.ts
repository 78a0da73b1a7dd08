// Names of the outputs: `<input-stem>-<n>.<ext>`, n zero-padded to the width of the count (API.md §1).

export function numberedNames(stem: string, count: number, ext: string): string[] {
  const width = String(count).length;
  return Array.from({ length: count }, (_, i) => `${stem}-${String(i + 1).padStart(width, '0')}.${ext}`);
}
