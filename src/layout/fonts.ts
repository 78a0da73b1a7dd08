// PDF font names → a family a word processor has (or substitutes with a
// metric-compatible one: LibreOffice maps Times New Roman, Arial and Courier
// New to the Liberation fonts), so lines wrap where they wrapped in the PDF.
const FAMILIES: Array<[RegExp, string]> = [
  [
    /times|nimbusrom|nimbus ?roman|tinos|liberationserif|^cm(r|mi|bx|ti|sl|csc|u)\d|^sf(rm|ti|bx)|^lmroman|georgia|minion|palatino|bookman|garamond/i,
    'Times New Roman',
  ],
  [
    /helvetica|arial|nimbussan|nimbus ?sans|arimo|liberationsans|^cmss|^sfss|verdana|calibri|carlito|frutiger|myriad|opensans/i,
    'Arial',
  ],
  [/courier|nimbusmon|cousine|liberationmono|^cmtt|^sftt|mono|consol|inconsolata|menlo/i, 'Courier New'],
  [/symbol|^cmsy|^cmex|^msbm|^msam|standardsymbol/i, 'Symbol'],
];

/** The family to name in the document for the PDF font `name` (subset prefix and style suffix removed). */
export function fontFamily(name: string, mono: boolean): string {
  const base = name.replace(/^[A-Z]{6}\+/, '');
  for (const [pattern, family] of FAMILIES)
    if (pattern.test(base)) return family === 'Symbol' ? 'Times New Roman' : family;
  if (mono) return 'Courier New';
  // Unknown family: its own name, "ArialNarrow-Bold" → "Arial Narrow".
  const family = base
    .split(/[-,]/)[0]
    .replace(/(MT|PS|PSMT|Std|Pro)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return family || 'Times New Roman';
}
