// An incremental update appended by hand (the test's own writer, independent
// of the service): one new Info object, an xref section for it and a trailer
// whose /Prev points at the previous cross-reference section.

/** `pdf` with an appended revision that sets /Info to a new dictionary {/Title title}. Needs a classic trailer at the end. */
export function appendInfoRevision(pdf: Buffer, title: string): Buffer {
  const text = pdf.toString('latin1');
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const size = /\/Size\s+(\d+)/.exec(trailer);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer);
  if (!prev || !size || !root) throw new Error('no classic trailer at the end of the file');
  const id = Number(size[1]);
  const head = text.endsWith('\n') ? pdf : Buffer.concat([pdf, Buffer.from('\n')]);
  const object = `${id} 0 obj\n<</Title (${title})>>\nendobj\n`;
  const xrefAt = head.length + object.length;
  const tail =
    `xref\n0 1\n0000000000 65535 f \n${id} 1\n${String(head.length).padStart(10, '0')} 00000 n \n` +
    `trailer\n<</Size ${id + 1}/Root ${root[1]}/Info ${id} 0 R/Prev ${prev[1]}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([head, Buffer.from(object + tail, 'latin1')]);
}

/**
 * `pdf` with an appended revision that adds a blank page at the end: a new page
 * object and a new version of the page tree root `pagesRef` ("N 0 R", whose
 * kids are `kids`). Needs a classic trailer at the end.
 */
export function appendPageRevision(pdf: Buffer, pagesRef: string, kids: string[]): Buffer {
  const text = pdf.toString('latin1');
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const size = /\/Size\s+(\d+)/.exec(trailer);
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(trailer);
  if (!prev || !size || !root) throw new Error('no classic trailer at the end of the file');
  const id = Number(size[1]);
  const pagesId = Number(pagesRef.split(' ')[0]);
  const head = text.endsWith('\n') ? pdf : Buffer.concat([pdf, Buffer.from('\n')]);
  const page = `${id} 0 obj\n<</Type/Page/Parent ${pagesRef}/MediaBox[0 0 612 792]>>\nendobj\n`;
  const pages = `${pagesId} 0 obj\n<</Type/Pages/Kids[${[...kids, `${id} 0 R`].join(' ')}]/Count ${kids.length + 1}>>\nendobj\n`;
  const xrefAt = head.length + page.length + pages.length;
  const row = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`;
  const tail =
    `xref\n0 1\n0000000000 65535 f \n${pagesId} 1\n${row(head.length + page.length)}${id} 1\n${row(head.length)}` +
    `trailer\n<</Size ${id + 1}/Root ${root[1]}/Prev ${prev[1]}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([head, Buffer.from(page + pages + tail, 'latin1')]);
}
