// Generators of hostile web pages for HTML → PDF (scripts, no binary blobs):
// resource URLs that are not valid percent-encoding or are absurdly long,
// pages that fill memory outside and inside V8's heap, and pages that print
// to more pages than MAX_PAGES.

/**
 * Resource URLs of the same origin that decodeURIComponent throws on (each
 * once: "/%ff.png" ended the whole server process), and overlong paths
 * (a 4,000-character file name, a 100,000-character path) that the file
 * system refuses. Chromium requests each as written.
 */
export const MALFORMED_URLS = ['/%ff.png', '/%', '/%E0%A4%A', '/img/%zz%.png'];
export const OVERLONG_URLS = [`/${'n'.repeat(4000)}.png`, `/${'d/'.repeat(50_000)}x.png`];

/** A page that loads each of `urls` as an image, a stylesheet background and with fetch, then prints `marker`. */
export function pageLoading(urls: readonly string[], marker: string): string {
  const images = urls.map((url) => `<img src="${url}" alt="">`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>urls</title></head>
<body><h1>${marker}</h1>
${images}
</body></html>`;
}

/**
 * A page that fills ArrayBuffers (outside V8's heap, so --max-old-space-size
 * does not see them) 32 MiB at a time, touching every page so it is resident,
 * up to `totalMiB` (bounded, so a failing cap costs the test machine a known
 * amount), then prints.
 */
export function arrayBufferHog(totalMiB: number): string {
  return `<!doctype html><body><p id="out">start</p><script>
  const held = [];
  for (let i = 0; i < ${Math.ceil(totalMiB / 32)}; i++) {
    const buffer = new ArrayBuffer(32 * 1024 * 1024);
    new Uint8Array(buffer).fill(i + 1);
    held.push(buffer);
  }
  document.getElementById('out').textContent = 'allocated ' + held.length * 32 + ' MiB';
</script></body>`;
}

/** A page that grows ordinary JavaScript objects without end (V8's heap limit ends it). */
export function heapHog(): string {
  return `<!doctype html><body><p>heap</p><script>
  const held = [];
  for (;;) held.push({ a: Math.random(), b: [1, 2, 3], c: 'x' + held.length });
</script></body>`;
}

/** A page of `pages` printed pages (one forced page break each). */
export function pagesOf(pages: number): string {
  const sections = Array.from(
    { length: pages },
    (_, i) => `<section style="break-after: page">Page ${i + 1}</section>`,
  ).join('');
  return `<!doctype html><body>${sections}</body>`;
}
