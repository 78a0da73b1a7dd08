// Fixtures for the page and document operations, written object by object on
// the test side (independent of the service's PDF writer): outlines and links
// between pages, form fields with values (with and without appearances), and
// annotations with appearance streams.
import zlib from 'node:zlib';

/** A PDF from numbered object bodies (object i+1 = bodies[i]); streams as {dict, data}. */
export function pdfFromObjects(
  bodies: Array<string | { dict: string; data: string | Buffer }>,
  root = 1,
  extraTrailer = '',
): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    let chunk: Buffer;
    if (typeof body === 'string') chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    else {
      const data = Buffer.isBuffer(body.data) ? body.data : Buffer.from(body.data, 'latin1');
      chunk = Buffer.concat([
        Buffer.from(`${i + 1} 0 obj\n<<${body.dict}/Length ${data.length}>>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]);
    }
    offsets.push(offset);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(
    Buffer.from(
      `${xref}trailer\n<</Size ${bodies.length + 1}/Root ${root} 0 R${extraTrailer}>>\nstartxref\n${offset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/**
 * Five Letter pages with text PAGE1..PAGE5, an outline entry per page, and on
 * page 1 a link annotation to each of pages 2..5 (by /Dest, and one by /A GoTo).
 * Objects: 1 catalog, 2 pages, 3 font, 4 outlines, pages at 5+3i (page,
 * content, outline item), links after.
 */
export function linkedPdf(): Buffer {
  const n = 5;
  const bodies: Array<string | { dict: string; data: string }> = [];
  const page = (i: number) => 5 + 3 * i;
  const linkBase = 5 + 3 * n;
  bodies[0] = '<</Type/Catalog/Pages 2 0 R/Outlines 4 0 R/PageMode/UseOutlines>>';
  bodies[1] = `<</Type/Pages/Kids[${Array.from({ length: n }, (_, i) => `${page(i)} 0 R`).join(' ')}]/Count ${n}>>`;
  bodies[2] = '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>';
  bodies[3] = `<</Type/Outlines/First ${page(0) + 2} 0 R/Last ${page(n - 1) + 2} 0 R/Count ${n}>>`;
  for (let i = 0; i < n; i++) {
    const annots =
      i === 0 ? `/Annots[${Array.from({ length: n - 1 }, (_, k) => `${linkBase + k} 0 R`).join(' ')}]` : '';
    bodies[page(i) - 1] =
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents ${page(i) + 1} 0 R${annots}>>`;
    bodies[page(i)] = { dict: '', data: `BT /F1 24 Tf 72 700 Td (PAGE${i + 1}) Tj ET` };
    const prev = i > 0 ? `/Prev ${page(i - 1) + 2} 0 R` : '';
    const next = i < n - 1 ? `/Next ${page(i + 1) + 2} 0 R` : '';
    bodies[page(i) + 1] = `<</Title(Chapter ${i + 1})/Parent 4 0 R/Dest[${page(i)} 0 R/Fit]${prev}${next}>>`;
  }
  for (let k = 0; k < n - 1; k++) {
    const target = page(k + 1);
    const action = k === 3 ? `/A<</S/GoTo/D[${target} 0 R/Fit]>>` : `/Dest[${target} 0 R/XYZ 0 792 0]`;
    bodies[linkBase + k - 1] =
      `<</Type/Annot/Subtype/Link/Rect[72 ${600 - 30 * k} 300 ${620 - 30 * k}]/Border[0 0 0]${action}>>`;
  }
  return pdfFromObjects(bodies);
}

/**
 * One Letter page with a filled text field whose appearance is missing
 * (/NeedAppearances true), a checked check box with appearances, a filled
 * text field with its own appearance, and static text. Fields are /Tx "name",
 * /Btn "agree", /Tx "city".
 */
export function formPdf(): Buffer {
  const ap = (text: string) => ({
    dict: '/Type/XObject/Subtype/Form/BBox[0 0 200 24]/Resources<</Font<</Helv 3 0 R>>>>',
    data: `/Tx BMC q BT /Helv 14 Tf 0 0 0 rg 2 6 Td (${text}) Tj ET Q EMC`,
  });
  const bodies: Array<string | { dict: string; data: string }> = [
    '<</Type/Catalog/Pages 2 0 R/AcroForm 6 0 R>>', // 1
    '<</Type/Pages/Kids[4 0 R]/Count 1>>', // 2
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>', // 3
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents 5 0 R/Annots[7 0 R 8 0 R 11 0 R]>>', // 4
    {
      dict: '',
      data: 'BT /F1 18 Tf 72 720 Td (Application form) Tj ET 0 0 1 RG 70 600 204 28 re S 70 500 24 24 re S 70 400 204 28 re S',
    }, // 5
    '<</Fields[7 0 R 8 0 R 11 0 R]/NeedAppearances true/DA(/Helv 0 Tf 0 g)/DR<</Font<</Helv 3 0 R>>>>>>', // 6
    '<</Type/Annot/Subtype/Widget/FT/Tx/T(name)/V(Ada Lovelace)/DA(/Helv 14 Tf 0 g)/Rect[72 602 272 626]/F 4/P 4 0 R>>', // 7
    '<</Type/Annot/Subtype/Widget/FT/Btn/T(agree)/V/Yes/AS/Yes/Rect[72 502 92 522]/F 4/P 4 0 R/MK<</CA(4)>>/AP<</N<</Yes 9 0 R/Off 10 0 R>>>>>>', // 8
    { dict: '/Type/XObject/Subtype/Form/BBox[0 0 20 20]', data: '0 0 0 rg 3 3 14 14 re f' }, // 9
    { dict: '/Type/XObject/Subtype/Form/BBox[0 0 20 20]', data: '' }, // 10
    '<</Type/Annot/Subtype/Widget/FT/Tx/T(city)/V(London)/DA(/Helv 14 Tf 0 g)/Rect[72 402 272 426]/F 4/P 4 0 R/AP<</N 12 0 R>>>>', // 11
    ap('London'), // 12
  ];
  return pdfFromObjects(bodies);
}

/**
 * One Letter page with a highlight-like square annotation and a stamp-like
 * free-text annotation, both with appearance streams, plus one link (no
 * appearance) and a hidden annotation (flag 2) that must stay invisible.
 */
export function annotatedPdf(): Buffer {
  const bodies: Array<string | { dict: string; data: string }> = [
    '<</Type/Catalog/Pages 2 0 R>>', // 1
    '<</Type/Pages/Kids[4 0 R]/Count 1>>', // 2
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>', // 3
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents 5 0 R/Annots[6 0 R 8 0 R 10 0 R 11 0 R]>>', // 4
    { dict: '', data: 'BT /F1 24 Tf 72 700 Td (Annotated page) Tj ET' }, // 5
    '<</Type/Annot/Subtype/Square/Rect[60 680 360 740]/F 4/C[1 0 0]/AP<</N 7 0 R>>>>', // 6
    { dict: '/Type/XObject/Subtype/Form/BBox[0 0 300 60]', data: '1 0 0 RG 4 w 2 2 296 56 re S' }, // 7
    '<</Type/Annot/Subtype/FreeText/Rect[100 300 400 360]/F 4/Contents(APPROVED)/DA(/F1 30 Tf 0 0 1 rg)/AP<</N 9 0 R>>>>', // 8
    {
      dict: '/Type/XObject/Subtype/Form/BBox[0 0 300 60]/Resources<</Font<</F1 3 0 R>>>>',
      data: '0 0 1 rg BT /F1 30 Tf 10 18 Td (APPROVED) Tj ET',
    }, // 9
    '<</Type/Annot/Subtype/Link/Rect[72 100 300 120]/Border[0 0 0]/A<</S/URI/URI(https://example.com/)>>>>', // 10
    '<</Type/Annot/Subtype/Square/Rect[300 500 500 600]/F 2/AP<</N 12 0 R>>>>', // 11
    { dict: '/Type/XObject/Subtype/Form/BBox[0 0 200 100]', data: '0 0 0 rg 0 0 200 100 re f' }, // 12
  ];
  return pdfFromObjects(bodies);
}

/** `data` Flate-compressed (for stream fixtures that should be compressed). */
export function deflate(data: string): Buffer {
  return zlib.deflateSync(Buffer.from(data, 'latin1'));
}

/** A page of boxesPdf: MediaBox, optional CropBox, /Rotate, and its size as the reader sees it. */
export interface BoxPage {
  media: [number, number, number, number];
  crop?: [number, number, number, number];
  rotate: number;
  /** Displayed width × height (crop box, else media box, turned by /Rotate). */
  display: [number, number];
}

/** Pages rotated 0/90/180/270, an offset CropBox on a rotated page, an offset MediaBox and an odd small size. */
export const BOX_PAGES: BoxPage[] = [
  { media: [0, 0, 612, 792], rotate: 0, display: [612, 792] },
  { media: [0, 0, 612, 792], rotate: 90, display: [792, 612] },
  { media: [0, 0, 800, 1000], crop: [100, 150, 712, 942], rotate: 180, display: [612, 792] },
  { media: [50, 50, 470, 645], rotate: 270, display: [595, 420] },
  { media: [0, 0, 800, 1000], crop: [300, 400, 533, 555], rotate: 90, display: [155, 233] },
];

/** BOX_PAGES as a PDF, each page with the text BODY<i> inside its visible area. */
export function boxesPdf(): Buffer {
  const bodies: Array<string | { dict: string; data: string }> = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  const kids: number[] = [];
  BOX_PAGES.forEach((page, i) => {
    const box = page.crop ?? page.media;
    bodies.push({ dict: '', data: `BT /F1 10 Tf ${box[0] + 20} ${(box[1] + box[3]) / 2} Td (BODY${i + 1}) Tj ET` });
    const crop = page.crop ? `/CropBox[${page.crop.join(' ')}]` : '';
    bodies.push(
      `<</Type/Page/Parent 2 0 R/MediaBox[${page.media.join(' ')}]${crop}/Rotate ${page.rotate}/Resources<</Font<</F1 3 0 R>>>>/Contents ${bodies.length} 0 R>>`,
    );
    kids.push(bodies.length);
  });
  bodies[1] = `<</Type/Pages/Kids[${kids.map((k) => `${k} 0 R`).join(' ')}]/Count ${kids.length}>>`;
  return pdfFromObjects(bodies);
}

/** One page whose XMP says PDF/A-2B (pdfaid as attributes) and dc:title "XMP only title"; no Info dictionary. */
export function pdfaTaggedPdf(): Buffer {
  const xmp =
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="2" pdfaid:conformance="B"/>' +
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:custom="urn:example:custom">' +
    '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">XMP only title</rdf:li></rdf:Alt></dc:title><xmp:CreateDate>2021-03-04T05:06:07+01:00</xmp:CreateDate>' +
    '<custom:Keep>untouched value</custom:Keep></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
  return pdfFromObjects([
    '<</Type/Catalog/Pages 2 0 R/Metadata 5 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R>>',
    { dict: '', data: '0 0 1 rg 10 10 50 50 re f' },
    { dict: '/Type/Metadata/Subtype/XML', data: Buffer.from(xmp, 'utf8') },
  ]);
}
