// Types for bidi-js (1.1.0), which ships none: only the calls pdf/fonts.ts makes.
declare module 'bidi-js' {
  /** Embedding levels per UTF-16 code unit and the paragraphs found. */
  interface EmbeddingLevels {
    levels: Uint8Array;
    paragraphs: Array<{ start: number; end: number; level: number }>;
  }
  interface Bidi {
    getEmbeddingLevels(text: string, explicitDirection?: 'ltr' | 'rtl'): EmbeddingLevels;
    /** The Bidi_Class of a character ('L', 'R', 'AL', 'EN', …). */
    getBidiCharTypeName(char: string): string;
  }
  /** The package's only export: a factory for the bidi object. */
  export default function bidiFactory(): Bidi;
}
