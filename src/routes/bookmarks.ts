import { z } from 'zod';
import { pdfBookmarks } from '../operations/bookmarks.js';
import { MAX_OUTLINE_DEPTH, MAX_OUTLINE_ITEMS, countBookmarks, type Bookmark } from '../pdf/outline.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';

const bookmark: z.ZodType<Bookmark> = z.lazy(() =>
  z.strictObject({
    title: z.string().max(2000, 'titles must be at most 2000 characters'),
    page: z.number().int('pages must be whole numbers').min(1, 'pages start at 1').nullable(),
    children: z.array(bookmark).default([]),
  }),
) as unknown as z.ZodType<Bookmark>;

function depthOf(items: Bookmark[]): number {
  return items.reduce((most, b) => Math.max(most, 1 + depthOf(b.children)), 0);
}

/**
 * Whether the JSON `text` nests arrays and objects deeper than `max`, counted on the text before
 * anything recursive reads it: a value nested 1,700 levels (well under the 64 KiB field limit)
 * overflowed the validator's stack (a 500 where a 400 belongs).
 */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** JSON levels of an outline MAX_OUTLINE_DEPTH deep: the wrapper object and list, then an object and its children list per level. */
const MAX_JSON_DEPTH = 2 + 2 * MAX_OUTLINE_DEPTH;

const bookmarksField = z
  .string()
  .transform((text, ctx) => {
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      ctx.addIssue({ code: 'custom', message: `must nest at most ${MAX_OUTLINE_DEPTH} levels` });
      return z.NEVER;
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      // The read answer ({"bookmarks":[…]}) is accepted as it is, so a round trip needs no editing.
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'bookmarks' in parsed
        ? (parsed as { bookmarks: unknown }).bookmarks
        : parsed;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be JSON like {"bookmarks":[{"title":"Intro","page":1,"children":[]}]}',
      });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(bookmark)
      .refine((items) => countBookmarks(items) <= MAX_OUTLINE_ITEMS, `must hold at most ${MAX_OUTLINE_ITEMS} entries`)
      .refine((items) => depthOf(items) <= MAX_OUTLINE_DEPTH, `must nest at most ${MAX_OUTLINE_DEPTH} levels`),
  )
  .describe(
    'The outline to write: JSON `{"bookmarks":[{"title","page","children":[…]}]}` (or just the array), pages 1-based (null: no target). ' +
      'Without it the answer is the current outline as JSON.',
  );

/** POST /v1/pdf/bookmarks. */
export const bookmarksRoute = defineOperation({
  name: 'bookmarks',
  summary: 'Read or write the outline (bookmarks)',
  description:
    'Without `bookmarks`: JSON `{"bookmarks":[{"title","page","children":[…]}]}`, titles in Unicode, pages 1-based, resolved through named ' +
    'destinations (the /Dests dictionary and name tree) and GoTo actions; null when an entry leads nowhere in this document. With `bookmarks`: ' +
    'the PDF whose outline is exactly that (every entry open, each to the top of its page); an empty list removes the outline. A page past the ' +
    'last → 400. Reading what was written gives the same JSON. Encrypted inputs are opened with `password`; a written result is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF whose outline to read or write.' }],
  options: z.strictObject({
    bookmarks: bookmarksField.optional(),
    password: passwordField,
  }),
  produces: ['application/json', 'application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: pdfBookmarks,
});
