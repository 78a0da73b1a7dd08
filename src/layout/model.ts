// The layout model PDF → DOCX/ODT is written from (one analysis, two writers:
// src/writers/docx.ts and src/writers/odt.ts). Units are PDF points; y grows
// downwards from the page's top edge, as mutool reports it.

/** [x0, y0, x1, y1]. */
export type Box = [number, number, number, number];

/** Character formatting of one run of text. */
export interface RunStyle {
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  /** RRGGBB, upper case; undefined for black. */
  color?: string;
  vertical?: 'superscript' | 'subscript';
}

/** Text with one style, optionally a hyperlink. */
export interface TextRun {
  text: string;
  style: RunStyle;
  link?: string;
}

/** A paragraph of text (body, list item, heading or table cell). */
export interface ParagraphBlock {
  kind: 'paragraph';
  runs: TextRun[];
  /** 0 = body text, 1–6 headings. */
  heading: number;
  align: 'left' | 'center' | 'right' | 'justify';
  /** Baseline-to-baseline distance (exact line spacing). */
  lineHeight: number;
  spaceBefore: number;
  indentLeft: number;
  /** First line relative to indentLeft (negative: hanging). */
  indentFirst: number;
  /** Left tab stops, from the column's left edge: runs of text set apart by wide gaps (code comments, aligned lists). */
  tabs: number[];
  /** A bulleted list item: the bullet glyph, which the writer's list numbering draws (it is not in `runs`). */
  bullet?: string;
  /** A numbered list item ("3." or "(3)"): its number and the text around it, which the writer's list numbering draws. */
  number?: { value: number; prefix: string; suffix: string };
}

/** A picture: a figure region rendered to PNG, kept on disk until written. */
export interface FigureBlock {
  kind: 'figure';
  /** Index into LayoutDocument.media. */
  media: number;
  width: number;
  height: number;
  spaceBefore: number;
  align: 'left' | 'center' | 'right';
  /** The labels drawn inside the figure, in reading order: the picture's alternative text. */
  alt: string;
}

export interface TableCell {
  paragraphs: ParagraphBlock[];
  colSpan: number;
  rowSpan: number;
}

/** A table; `rows[r]` lists the cells that start in row r, left to right, with their grid column. */
export interface TableBlock {
  kind: 'table';
  columnWidths: number[];
  rowHeights: number[];
  rows: Array<Array<TableCell & { column: number }>>;
  spaceBefore: number;
  indentLeft: number;
  /** Set out by aligned text in the source: no cell borders. */
  borderless?: boolean;
}

export type Block = ParagraphBlock | FigureBlock | TableBlock;

/** A horizontal band of a page: one column (full width) or several side by side. */
export interface Band {
  /** Column widths and the gaps after each but the last (points). */
  columns: Array<{ width: number; gap: number }>;
  /** Blocks of each column, top to bottom. */
  content: Block[][];
}

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** One source page: its size and the bands that fill it, top to bottom. */
export interface PageLayout {
  page: number;
  width: number;
  height: number;
  bands: Band[];
}

/** Running header/footer text; `pageNumber` stands for the page number field. */
export interface RunningText {
  parts: Array<{ text: string } | { pageNumber: true }>;
  align: 'left' | 'center' | 'right';
  style: RunStyle;
}

/** A picture file for the package. */
export interface Media {
  path: string;
  ext: 'png' | 'jpeg';
}

/** The whole document. */
export interface LayoutDocument {
  margins: Margins;
  pages: PageLayout[];
  media: Media[];
  header?: RunningText;
  footer?: RunningText;
}
