// Generated fixtures for forms and bookmarks: small PDFs written object by
// object, so each test knows exactly what the file holds.
import { pdfFromObjects } from './page-ops-fixtures.js';

type Body = string | { dict: string; data: string };

/** Names of the fields of everyFieldForm(), with their types. */
export const FORM_FIELDS = {
  'person.first': 'text',
  'person.last': 'text',
  notes: 'text',
  code: 'text',
  agree: 'checkbox',
  color: 'radio',
  country: 'choice',
  langs: 'choice',
  city: 'text',
  locked: 'text',
  sig: 'signature',
  turned: 'text',
} as const;

/**
 * Two pages: a Letter page with every field type (a hierarchy person.first /
 * person.last, multi-line, comb, checkbox, radio group, combo and multi-select
 * list, a read-only and a signature field) and a landscape-by-rotation page
 * (/Rotate 90) with one text field. Object numbers: see the comments.
 */
/** `lockedValue`: the read-only field's /V, as PDF syntax (it has no appearance, so a fill draws it). */
export function everyFieldForm(lockedValue = '(fixed)'): Buffer {
  const check = { dict: '/Type/XObject/Subtype/Form/BBox[0 0 20 20]', data: '0 0 0 rg 4 4 12 12 re f' };
  const empty = { dict: '/Type/XObject/Subtype/Form/BBox[0 0 20 20]', data: '' };
  const bodies: Body[] = [
    '<</Type/Catalog/Pages 2 0 R/AcroForm 6 0 R>>', // 1
    '<</Type/Pages/Kids[4 0 R 30 0 R]/Count 2>>', // 2
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>', // 3
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents 5 0 R/Annots[8 0 R 9 0 R 10 0 R 11 0 R 12 0 R 16 0 R 17 0 R 18 0 R 19 0 R 22 0 R 23 0 R 24 0 R 25 0 R 26 0 R]>>', // 4
    { dict: '', data: 'BT /F1 18 Tf 72 740 Td (Every field) Tj ET' }, // 5
    '<</Fields[7 0 R 10 0 R 11 0 R 12 0 R 13 0 R 22 0 R 23 0 R 24 0 R 25 0 R 26 0 R 31 0 R]/NeedAppearances true/DA(/Helv 0 Tf 0 g)/DR<</Font<</Helv 3 0 R>>>>>>', // 6
    '<</T(person)/Kids[8 0 R 9 0 R]/FT/Tx/DA(/Helv 12 Tf 0 g)>>', // 7
    '<</Type/Annot/Subtype/Widget/Parent 7 0 R/T(first)/Rect[72 690 272 712]/F 4/P 4 0 R/Ff 2>>', // 8 person.first (required)
    '<</Type/Annot/Subtype/Widget/Parent 7 0 R/T(last)/V(Lovelace)/Rect[300 690 500 712]/F 4/P 4 0 R>>', // 9 person.last
    '<</Type/Annot/Subtype/Widget/FT/Tx/T(notes)/Ff 4096/DA(/Helv 10 Tf 0 0 1 rg)/Rect[72 560 372 660]/F 4/P 4 0 R/MK<</BC[0 0 0]>>>>', // 10 multi-line
    '<</Type/Annot/Subtype/Widget/FT/Tx/T(code)/Ff 16777216/MaxLen 6/DA(/Helv 14 Tf 0 g)/Rect[72 510 252 534]/F 4/P 4 0 R>>', // 11 comb
    '<</Type/Annot/Subtype/Widget/FT/Btn/T(agree)/V/Off/AS/Off/Rect[72 470 92 490]/F 4/P 4 0 R/AP<</N<</Yes 14 0 R/Off 15 0 R>>>>>>', // 12 checkbox
    '<</FT/Btn/T(color)/Ff 49152/V/Off/Kids[16 0 R 17 0 R 18 0 R]>>', // 13 radio group
    check, // 14
    empty, // 15
    '<</Type/Annot/Subtype/Widget/Parent 13 0 R/Rect[72 430 92 450]/F 4/P 4 0 R/AS/Off/AP<</N<</red 14 0 R/Off 15 0 R>>>>>>', // 16
    '<</Type/Annot/Subtype/Widget/Parent 13 0 R/Rect[102 430 122 450]/F 4/P 4 0 R/AS/Off/AP<</N<</green 14 0 R/Off 15 0 R>>>>>>', // 17
    '<</Type/Annot/Subtype/Widget/Parent 13 0 R/Rect[132 430 152 450]/F 4/P 4 0 R/AS/Off/AP<</N<</blue 14 0 R/Off 15 0 R>>>>>>', // 18
    '<</Type/Annot/Subtype/Link/Rect[400 430 500 450]/A<</S/URI/URI(https://example.com/)>>>>', // 19 (not a field)
    empty, // 20 (unused)
    empty, // 21 (unused)
    '<</Type/Annot/Subtype/Widget/FT/Ch/T(country)/Ff 131072/Opt[[(FR)(France)][(DE)(Germany)][(JP)(Japan)]]/DA(/Helv 12 Tf 0 g)/Rect[72 380 272 402]/F 4/P 4 0 R>>', // 22 combo
    '<</Type/Annot/Subtype/Widget/FT/Ch/T(langs)/Ff 2097152/Opt[(English)(French)(German)]/DA(/Helv 12 Tf 0 g)/Rect[300 340 500 402]/F 4/P 4 0 R>>', // 23 list
    '<</Type/Annot/Subtype/Widget/FT/Tx/T(city)/DA(/Helv 14 Tf 0 g)/Rect[72 300 372 324]/F 4/P 4 0 R>>', // 24 unicode
    `<</Type/Annot/Subtype/Widget/FT/Tx/T(locked)/Ff 1/V${lockedValue}/DA(/Helv 12 Tf 0 g)/Rect[72 260 272 282]/F 4/P 4 0 R>>`, // 25 read-only
    '<</Type/Annot/Subtype/Widget/FT/Sig/T(sig)/Rect[72 200 272 240]/F 4/P 4 0 R>>', // 26 signature
    empty, // 27
    empty, // 28
    { dict: '', data: 'BT /F1 18 Tf 72 560 Td (Turned page) Tj ET' }, // 29
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Rotate 90/Resources<</Font<</F1 3 0 R>>>>/Contents 29 0 R/Annots[31 0 R]>>', // 30
    '<</Type/Annot/Subtype/Widget/FT/Tx/T(turned)/DA(/Helv 12 Tf 0 g)/Rect[100 50 130 250]/F 4/P 30 0 R/MK<</R 90>>>>', // 31 (upright on the turned page)
  ];
  return pdfFromObjects(bodies);
}

/** A form of `n` single-line text fields (f1..fn) on one page, for the fill benchmark. */
export function textFieldsForm(n: number): Buffer {
  const fieldRefs = Array.from({ length: n }, (_, i) => `${6 + i} 0 R`).join(' ');
  const bodies: Body[] = [
    '<</Type/Catalog/Pages 2 0 R/AcroForm 5 0 R>>',
    '<</Type/Pages/Kids[4 0 R]/Count 1>>',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>',
    `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Annots[${fieldRefs}]>>`,
    `<</Fields[${fieldRefs}]/DA(/Helv 0 Tf 0 g)/DR<</Font<</Helv 3 0 R>>>>>>`,
  ];
  for (let i = 0; i < n; i++) {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const x = 40 + col * 280;
    const y = 760 - row * 28;
    bodies.push(
      `<</Type/Annot/Subtype/Widget/FT/Tx/T(f${i + 1})/DA(/Helv 10 Tf 0 g)/Rect[${x} ${y - 20} ${x + 260} ${y}]/F 4/P 4 0 R>>`,
    );
  }
  return pdfFromObjects(bodies);
}

/** An XFA-only form: an AcroForm with an /XFA packet and no fields. */
export function xfaOnlyForm(): Buffer {
  const xdp =
    '<?xml version="1.0"?><xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"/></xdp:xdp>';
  return pdfFromObjects([
    '<</Type/Catalog/Pages 2 0 R/AcroForm<</Fields[]/XFA 4 0 R>>/NeedsRendering true>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>',
    { dict: '', data: xdp },
  ]);
}

/**
 * Six pages and a nested outline: entries by explicit destination, by a name
 * in the catalog's /Dests, by a string in the /Names /Dests tree (two levels),
 * by a GoTo action, a Unicode title, and one entry without a target.
 */
export function outlinedPdf(): Buffer {
  const pageCount = 6;
  const bodies: Body[] = [];
  const pageRef = (i: number) => `${10 + 2 * i} 0 R`;
  bodies[0] = '<</Type/Catalog/Pages 2 0 R/Outlines 3 0 R/Dests 40 0 R/Names<</Dests 41 0 R>>>>';
  bodies[1] = `<</Type/Pages/Kids[${Array.from({ length: pageCount }, (_, i) => pageRef(i)).join(' ')}]/Count ${pageCount}>>`;
  bodies[2] = '<</Type/Outlines/First 4 0 R/Last 8 0 R/Count 5>>';
  bodies[3] = `<</Title(Introduction)/Parent 3 0 R/Next 5 0 R/Dest[${pageRef(0)}/Fit]>>`; // 4
  bodies[4] =
    '<</Title(Chapter by name)/Parent 3 0 R/Prev 4 0 R/Next 8 0 R/First 6 0 R/Last 7 0 R/Count 2/Dest/chap2>>'; // 5
  bodies[5] = '<</Title(Section by string)/Parent 5 0 R/Next 7 0 R/Dest(sec-4)>>'; // 6
  bodies[6] = `<</Title<FEFF03A403BF0020039503C103B303BF00204E2D6587>/Parent 5 0 R/Prev 6 0 R/A<</S/GoTo/D[${pageRef(4)}/XYZ 0 792 0]>>>>`; // 7 "Το Εργο 中文"
  bodies[7] = '<</Title(Nowhere)/Parent 3 0 R/Prev 5 0 R>>'; // 8
  bodies[8] = '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'; // 9
  for (let i = 0; i < pageCount; i++) {
    bodies[9 + 2 * i] =
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 9 0 R>>>>/Contents ${11 + 2 * i} 0 R>>`;
    bodies[10 + 2 * i] = { dict: '', data: `BT /F1 24 Tf 72 700 Td (PAGE${i + 1}) Tj ET` };
  }
  for (let i = 21; i < 39; i++) bodies[i] = '<<>>';
  bodies[39] = `<</chap2[${pageRef(1)}/XYZ null null null]>>`; // 40
  bodies[40] = '<</Kids[42 0 R 43 0 R]>>'; // 41
  bodies[41] = `<</Limits[(a)(m)]/Names[(appendix)[${pageRef(5)}/Fit]]>>`; // 42
  bodies[42] = `<</Limits[(n)(z)]/Names[(sec-4)<</D[${pageRef(3)}/Fit]>>]>>`; // 43
  return pdfFromObjects(bodies);
}
