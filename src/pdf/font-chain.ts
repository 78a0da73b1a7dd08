// Which installed font sets which character: the Noto families from Debian
// (fonts-noto-core, fonts-noto-cjk, fonts-noto-mono) and DejaVu as a last
// resort, tried in order per character. The order is: the family's main face
// (Latin, Greek, Cyrillic), the family's face named after the character's
// Unicode script (NotoSansArabic for Arabic, …), the CJK collection for Han,
// kana, hangul and bopomofo (the face chosen by the text: kana → Japanese,
// hangul → Korean, else Simplified Chinese), then symbol faces. Naming the
// script's face directly means a text loads only the faces it needs (each
// costs its file size in memory) instead of probing all 270 files.
import fs from 'node:fs';
import path from 'node:path';

/** Where the Debian packages put the fonts. */
export const FONT_DIRS = {
  noto: '/usr/share/fonts/truetype/noto',
  notoCjk: '/usr/share/fonts/opentype/noto',
  dejavu: '/usr/share/fonts/truetype/dejavu',
};

export const FONT_FAMILIES = ['sans', 'serif', 'mono'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** A face to try: a file and its index in a collection. */
export interface FaceRef {
  file: string;
  index: number;
  /** BCP 47 language the face is made for (the CJK faces: it selects their localised forms). */
  language?: string;
}

/** Faces of NotoSansCJK/NotoSerifCJK-Regular.ttc (fc-list): JP, KR, SC, TC; the Mono faces follow in the sans file. */
const CJK_INDEX = { ja: 0, ko: 1, zh: 2 } as const;
const CJK_MONO_INDEX = { ja: 5, ko: 6, zh: 7 } as const;
const CJK_CHAR =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

const noto = (name: string): FaceRef => ({ file: path.join(FONT_DIRS.noto, name), index: 0 });

/** Main faces per family, then the symbol faces every family falls back to. */
const MAIN: Record<FontFamily, FaceRef[]> = {
  sans: [noto('NotoSans-Regular.ttf')],
  serif: [noto('NotoSerif-Regular.ttf'), noto('NotoSans-Regular.ttf')],
  mono: [noto('NotoSansMono-Regular.ttf'), noto('NotoMono-Regular.ttf'), noto('NotoSans-Regular.ttf')],
};
const LAST = [
  noto('NotoSansSymbols-Regular.ttf'),
  noto('NotoSansSymbols2-Regular.ttf'),
  noto('NotoSansMath-Regular.ttf'),
  { file: path.join(FONT_DIRS.dejavu, 'DejaVuSans.ttf'), index: 0 },
];

/** Script faces by family: Unicode script property → file, from the installed file names. */
let scriptFaces: Array<{ family: 'Sans' | 'Serif'; script: RegExp; file: string }> | undefined;

function loadScriptFaces(): NonNullable<typeof scriptFaces> {
  if (scriptFaces) return scriptFaces;
  const files = (() => {
    try {
      return fs.readdirSync(FONT_DIRS.noto);
    } catch {
      return [];
    }
  })();
  scriptFaces = [];
  for (const file of files.sort()) {
    const m = /^Noto(Sans|Serif)([A-Za-z]+)-Regular\.ttf$/.exec(file);
    if (!m || ['Mono', 'Display', 'Symbols', 'Symbols2', 'Math'].includes(m[2])) continue;
    // File names are the script's name in CamelCase; the property wants Snake_Case.
    const name = m[2].replace(/([a-z])([A-Z])/g, '$1_$2');
    let script: RegExp;
    try {
      script = new RegExp(`\\p{Script=${name}}`, 'u');
    } catch {
      continue; // not a script name (e.g. NotoSansIndicSiyaqNumbers)
    }
    scriptFaces.push({ family: m[1] as 'Sans' | 'Serif', script, file: path.join(FONT_DIRS.noto, file) });
  }
  return scriptFaces;
}

/** Which CJK forms a text wants: kana means Japanese, hangul Korean, else Chinese. */
export type CjkLanguage = keyof typeof CJK_INDEX;

/** The CJK language of `text` (see CjkLanguage). */
export function cjkLanguage(text: string): CjkLanguage {
  return /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) ? 'ja' : /\p{Script=Hangul}/u.test(text) ? 'ko' : 'zh';
}

/** The CJK face of `family` for `lang`. */
function cjkFace(family: FontFamily, lang: CjkLanguage): FaceRef {
  if (family === 'mono')
    return {
      file: path.join(FONT_DIRS.notoCjk, 'NotoSansCJK-Regular.ttc'),
      index: CJK_MONO_INDEX[lang],
      language: lang,
    };
  const file = family === 'serif' ? 'NotoSerifCJK-Regular.ttc' : 'NotoSansCJK-Regular.ttc';
  return { file: path.join(FONT_DIRS.notoCjk, file), index: CJK_INDEX[lang], language: lang };
}

/** facesFor's answers: it tests ~150 script patterns, and page numbers ask for the same characters on every page. */
const answers = new Map<string, FaceRef[]>();

/** Faces to try for character `ch` of a text whose CJK language is `lang`, best first. */
export function facesFor(ch: string, family: FontFamily, lang: CjkLanguage): FaceRef[] {
  const key = `${family} ${lang} ${ch}`;
  let faces = answers.get(key);
  if (!faces) {
    faces = chainFor(ch, family, lang);
    // Bounded: one entry per distinct character asked for (texts are bounded by the routes).
    if (answers.size > 50_000) answers.clear();
    answers.set(key, faces);
  }
  return faces;
}

function chainFor(ch: string, family: FontFamily, lang: CjkLanguage): FaceRef[] {
  const faces = [...MAIN[family]];
  const own = loadScriptFaces().filter((f) => f.script.test(ch));
  // The family's own style first (Noto Serif Hebrew for serif), then the other.
  const preferred = family === 'serif' ? 'Serif' : 'Sans';
  for (const f of own.sort((a, b) => Number(b.family === preferred) - Number(a.family === preferred)))
    faces.push({ file: f.file, index: 0 });
  if (CJK_CHAR.test(ch)) faces.push(cjkFace(family, lang));
  faces.push(...LAST);
  return faces;
}
