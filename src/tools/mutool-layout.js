// mutool run script (MuPDF 1.21 JavaScript; ES5 only): the page facts the
// layout analysis (src/layout/) needs, one JSON object per page on stdout.
// Usage: mutool run mutool-layout.js extract <pdf> <first> <last>
//        mutool run mutool-layout.js render <pdf> <jobs.json>
// extract: page size, text lines cut into styled spans (font, size, colour,
// bbox; cut again at wide gaps so table cells stay apart), the bounding box of
// every vector fill/stroke and image, and link areas. Vector paths are not
// in mutool's structured text at all, which is why this script exists.
// render: each job {page, bbox, dpi, out} is drawn clipped to its box into a
// pixmap no bigger than the box (never the whole page) and saved as PNG; a job
// with `jpeg` (an image XObject's name that extract reported) saves that JPEG as it is;
// a job with `noText` draws the region without its text (slides lay the text over it).
'use strict';

function r2(v) { return Math.round(v * 100) / 100; }
function box(b) { return [r2(b[0]), r2(b[1]), r2(b[2]), r2(b[3])]; }

// The page's image XObjects that are plain JPEG files (DCTDecode alone, 8-bit grey or RGB, no
// mask, no Decode remap), keyed by pixel size; a size shared by two images is left out (ambiguous).
function jpegImages(doc, index) {
  var found = {}, seen = {};
  var resources = doc.findPage(index).get('Resources');
  var xobjects = resources && resources.get('XObject');
  if (!xobjects || !xobjects.isDictionary()) return found;
  xobjects.forEach(function (name, x) {
    if (!x.isStream() || String(x.get('Subtype')) !== '/Image') return;
    var key = x.get('Width') + 'x' + x.get('Height');
    if (seen[key]) { delete found[key]; return; }
    seen[key] = true;
    var has = function (v) { return v !== undefined && v !== null && !v.isNull(); };
    var filter = x.get('Filter');
    if (has(filter) && filter.isArray()) filter = filter.length === 1 ? filter.get(0) : null;
    var cs = x.get('ColorSpace'), components = 0;
    if (String(cs) === '/DeviceRGB') components = 3;
    else if (String(cs) === '/DeviceGray') components = 1;
    else if (has(cs) && cs.isArray() && String(cs.get(0)) === '/ICCBased') components = Number(cs.get(1).get('N'));
    var plain = !has(x.get('SMask')) && !has(x.get('Mask')) && !has(x.get('Decode')) && String(x.get('ImageMask')) !== 'true';
    if (!(has(filter) && String(filter) === '/DCTDecode' && (components === 1 || components === 3) && Number(x.get('BitsPerComponent')) === 8 && plain)) return;
    // The bytes must open as a JPEG file (start of image marker), or the picture would not show.
    var raw = x.readRawStream();
    if (raw.length > 4 && raw[0] === 0xff && raw[1] === 0xd8) found[key] = name;
  });
  return found;
}

function extract(file, first, last) {
  var doc = new Document(file);
  var pdf = doc.isPDF();
  var count = doc.countPages();
  if (last > count) last = count;
  for (var n = first; n <= last; n++) {
    var page = doc.loadPage(n - 1);
    var b = page.bound();
    var out = { page: n, width: r2(b[2] - b[0]), height: r2(b[3] - b[1]), lines: [], draws: [], links: [] };
    var line = null, span = null;
    var flush = function () {
      if (span === null) return;
      var f = span.f;
      line.spans.push({ font: span.font, size: r2(span.raw), bold: f.isBold(), italic: f.isItalic(), mono: f.isMono(), color: span.color, text: span.text, bbox: [r2(span.x0), r2(span.y0), r2(span.x1), r2(span.y1)], base: r2(span.base) });
      span = null;
    };
    page.toStructuredText('').walk({
      beginTextBlock: function () { out.lines.push({ block: true }); },
      beginLine: function (bbox, wmode, dir) { line = { bbox: box(bbox), spans: [], vertical: !!wmode || (dir && Math.abs(dir[1]) > 0.5) }; },
      endLine: function () { flush(); if (line.spans.length) out.lines.push(line); line = null; },
      // Hot path (every character): no Math.min/max calls, one font-name lookup, bbox kept as numbers.
      onChar: function (c, origin, font, size, quad, color) {
        var x0 = quad[0], y0 = quad[1], x1 = quad[6], y1 = quad[7], t;
        if (x1 < x0) { t = x0; x0 = x1; x1 = t; }
        if (y1 < y0) { t = y0; y0 = y1; y1 = t; }
        var name = font.getName();
        if (span !== null) {
          var gap = x0 - span.x1;
          if (span.font !== name || span.raw !== size || span.color !== color || gap > size * 0.9 || gap < -size * 2) flush();
        }
        if (span === null) {
          if (c === ' ') return;
          span = { font: name, raw: size, color: color, text: c, x0: x0, y0: y0, x1: x1, y1: y1, base: origin[1], f: font };
          return;
        }
        span.text += c;
        if (y0 < span.y0) span.y0 = y0;
        if (x1 > span.x1) span.x1 = x1;
        if (y1 > span.y1) span.y1 = y1;
      },
      onImageBlock: function () {},
    });
    var add = function (kind, bbox, color, width) {
      if (!bbox || !(bbox[2] >= bbox[0]) || !(bbox[3] >= bbox[1])) return;
      out.draws.push({ kind: kind, bbox: box(bbox), color: color, width: width });
    }
    var jpegs = pdf ? jpegImages(doc, n - 1) : {};
    var imageBox = function (ctm) {
      var xs = [ctm[4], ctm[4] + ctm[0], ctm[4] + ctm[2], ctm[4] + ctm[0] + ctm[2]];
      var ys = [ctm[5], ctm[5] + ctm[1], ctm[5] + ctm[3], ctm[5] + ctm[1] + ctm[3]];
      return [Math.min.apply(null, xs), Math.min.apply(null, ys), Math.max.apply(null, xs), Math.max.apply(null, ys)];
    }
    page.run({
      fillPath: function (p, evenOdd, ctm, cs, color) { add('fill', p.bound({ lineWidth: 0 }, ctm), color); },
      strokePath: function (p, stroke, ctm, cs, color) {
        var w = stroke.lineWidth * Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]));
        add('stroke', p.bound(stroke, ctm), color, r2(w));
      },
      fillShade: function (shade, ctm) { add('shade', imageBox([b[2], 0, 0, b[3], 0, 0])); },
      fillImage: function (img, ctm) {
        add('image', imageBox(ctm));
        // Drawn upright and unflipped: the file's own JPEG can stand for it.
        var name = jpegs[img.getWidth() + 'x' + img.getHeight()];
        if (name && ctm[1] === 0 && ctm[2] === 0 && ctm[0] > 0 && ctm[3] > 0) out.draws[out.draws.length - 1].jpeg = name;
      },
      fillImageMask: function (img, ctm) { add('image', imageBox(ctm)); },
    }, Identity);
    var links = page.getLinks();
    for (var k = 0; k < links.length; k++) if (links[k].uri && /^(https?|mailto):/i.test(links[k].uri)) out.links.push({ bbox: box(links[k].bounds), uri: links[k].uri });
    print(JSON.stringify(out));
  }
}

// A device that passes everything but text on to `dev`: a picture for a slide whose labels
// are laid over it as editable text boxes must not show them twice.
var DRAWING_CALLS = ['fillPath', 'strokePath', 'clipPath', 'clipStrokePath', 'fillShade', 'fillImage', 'fillImageMask', 'clipImageMask',
  'popClip', 'beginMask', 'endMask', 'beginGroup', 'endGroup', 'beginTile', 'endTile', 'beginLayer', 'endLayer'];
function withoutText(dev) {
  var proxy = {};
  DRAWING_CALLS.forEach(function (name) { proxy[name] = function () { return dev[name].apply(dev, arguments); }; });
  // Text used as a clip must still push a clip, or the popClip after it would unbalance the stack.
  proxy.clipText = function (text, ctm) { return dev.clipPath(new Path(), false, ctm); };
  proxy.clipStrokeText = function (text, stroke, ctm) { return dev.clipPath(new Path(), false, ctm); };
  return proxy;
}

function render(file, jobsFile) {
  var doc = new Document(file);
  var bytes = readFile(jobsFile), text = '';
  for (var c = 0; c < bytes.length; c++) text += String.fromCharCode(bytes[c]); // ASCII JSON written by layout/figures.ts
  var jobs = JSON.parse(text);
  for (var i = 0; i < jobs.length; i++) {
    var job = jobs[i];
    if (job.jpeg) {
      // The image's own bytes (a JPEG file as the PDF stores it), not a re-render.
      doc.findPage(job.page - 1).get('Resources').get('XObject').get(job.jpeg).readRawStream().save(job.out);
      continue;
    }
    var page = doc.loadPage(job.page - 1);
    var s = job.dpi / 72;
    var area = [Math.floor(job.bbox[0] * s), Math.floor(job.bbox[1] * s), Math.ceil(job.bbox[2] * s), Math.ceil(job.bbox[3] * s)];
    var pix = new Pixmap(DeviceRGB, area, false);
    pix.clear(255);
    pix.setResolution(job.dpi, job.dpi);
    var dev = new DrawDevice(Scale(s, s), pix);
    page.run(job.noText ? withoutText(dev) : dev, Identity);
    dev.close();
    pix.saveAsPNG(job.out);
  }
}

if (scriptArgs[0] === 'extract') extract(scriptArgs[1], Number(scriptArgs[2]), Number(scriptArgs[3]));
else if (scriptArgs[0] === 'render') render(scriptArgs[1], scriptArgs[2]);
else throw new Error('usage: extract <pdf> <first> <last> | render <pdf> <jobs.json>');
