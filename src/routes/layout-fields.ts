// Option fields the page-layout routes share: lengths in pt as comma lists
// ("x,y,w,h", "w,h") and the paper names of API.md §5e.
import { z } from 'zod';
import { PAPER_SIZES } from '../tools/pikepdf-layout.js';
import { numberField } from './fields.js';

/** Longest page side PDF allows (14,400 pt: 200 in). */
const MAX_LENGTH = 14_400;

/** `count` non-negative numbers separated by commas, in pt; `positive` ones must be above zero (exported for unit tests). */
export function lengthsField(count: number, positive: readonly number[], example: string, description: string) {
  return z
    .string()
    .regex(
      new RegExp(`^\\s*\\d+(?:\\.\\d+)?(?:\\s*,\\s*\\d+(?:\\.\\d+)?){${count - 1}}\\s*$`),
      `must be ${count} numbers in pt like ${example}`,
    )
    .transform((value) => value.split(',').map(Number))
    .refine((values) => values.every((v) => v <= MAX_LENGTH), `every length must be at most ${MAX_LENGTH} pt`)
    .refine((values) => positive.every((i) => values[i] > 0), 'widths and heights must be above 0')
    .describe(description);
}

/** A paper name. */
export const paperField = (description: string) =>
  z.enum(Object.keys(PAPER_SIZES) as [keyof typeof PAPER_SIZES, ...(keyof typeof PAPER_SIZES)[]]).describe(description);

/** The default blank-page threshold of API.md §5e. */
export const DEFAULT_BLANK_THRESHOLD = '0.002';

/** The blank-page threshold (remove-blank; split mode=blank takes it without the default, so that sending it with another mode is caught). */
export const thresholdNumber = numberField(
  0,
  1,
  `A page is blank when at most this fraction of its 72 dpi grey render is ink, and it has no text (default ${DEFAULT_BLANK_THRESHOLD})`,
);
export const thresholdField = thresholdNumber.prefault(DEFAULT_BLANK_THRESHOLD);
