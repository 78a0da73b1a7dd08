// Redaction inside MuPDF (run by `mutool run`, MuPDF 1.21.1; MuJS, ES5).
// Usage: mutool run mupdf-redact-script.js INPUT.pdf OUTPUT.pdf SPEC.json
// SPEC: {"terms":[…], "regex":[…], "areas":[{page,x,y,w,h}]}
// (a file, not argv: the terms are the very data being hidden).
// Prints one JSON line: {"redactions":N,"pages":{"<index>":{"boxes":[…],"vector":[…]}}}
// (the redacted rectangles in each page's user space, for the vector pass and
// the filled boxes, tools/pikepdf-vector-redact.py) or {"error":"regex","index":i,"message":…}.
//
// Matching runs here, in the tool process, on purpose: a catastrophic pattern
// spins MuJS's backtracking engine, not the server's event loop, and run.ts
// kills the process group at the deadline (504).
// Removal is MuPDF's own: Redact annotations + PDFPage.applyRedactions, which
// drops the glyphs under each annotation from the content streams (and form
// XObjects) and replaces image pixels under it (PDF_REDACT_IMAGE_PIXELS).

var IMAGE_PIXELS = 2;

var input = scriptArgs[0];
var output = scriptArgs[1];
var spec = JSON.parse(read(scriptArgs[2]));

function escapeRegExp(text) {
  return text.replace(/[\\^$.*+?()[\]{}|\/-]/g, '\\$&');
}

function compilePatterns() {
  var patterns = [];
  var i;
  for (i = 0; i < spec.terms.length; i++) patterns.push(new RegExp(escapeRegExp(spec.terms[i]), 'gi'));
  for (i = 0; i < spec.regex.length; i++) {
    try {
      patterns.push(new RegExp(spec.regex[i], 'g'));
    } catch (e) {
      return { error: 'regex', index: i, message: String(e.message || e) };
    }
  }
  return { patterns: patterns };
}

/** Every [start, end) match of the patterns in `text` (empty matches skipped). */
function findMatches(patterns, text) {
  var found = [];
  for (var p = 0; p < patterns.length; p++) {
    var re = patterns[p];
    re.lastIndex = 0;
    var m;
    while ((m = re.exec(text)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      found.push([m.index, m.index + m[0].length]);
    }
  }
  return found;
}

function matchesAny(patterns, text) {
  return findMatches(patterns, text).length > 0;
}

/** The text blocks of a page: their characters in reading order, each with its quad and line number. */
function pageBlocks(page) {
  var blocks = [];
  var chars = [];
  var line = 0;
  page.toStructuredText('preserve-whitespace').walk({
    beginTextBlock: function () {
      chars = [];
    },
    endLine: function () {
      line++;
    },
    onChar: function (c, origin, font, size, quad) {
      // A character may be several code units (an expanded ligature, an astral character).
      for (var k = 0; k < c.length; k++) chars.push({ c: c.charAt(k), quad: quad, line: line });
    },
    endTextBlock: function () {
      blocks.push(chars);
    },
  });
  return blocks;
}

/**
 * The block as searchable text, with the character index behind each text
 * position (-1: a joining space). Lines are joined by a space, or, with
 * `dehyphenate`, a line ending in "-" is joined to the next without it (as
 * pdftotext reads "Trace-/Monkey" as "TraceMonkey").
 */
function blockText(chars, dehyphenate) {
  var text = '';
  var map = [];
  for (var i = 0; i < chars.length; i++) {
    var lastOfLine = i + 1 === chars.length || chars[i + 1].line !== chars[i].line;
    if (!(dehyphenate && lastOfLine && chars[i].c === '-' && i + 1 < chars.length)) {
      text += chars[i].c;
      map.push(i);
    }
    if (lastOfLine && !(dehyphenate && chars[i].c === '-')) {
      text += ' ';
      map.push(-1);
    }
  }
  return { text: text, map: map };
}

/** Character ranges [first, last] of the matches in a block, each once, whichever way its lines were joined. */
function blockMatches(chars, patterns) {
  var seen = {};
  var ranges = [];
  [false, true].forEach(function (dehyphenate) {
    var joined = blockText(chars, dehyphenate);
    var found = findMatches(patterns, joined.text);
    for (var i = 0; i < found.length; i++) {
      var first = -1, last = -1;
      for (var t = found[i][0]; t < found[i][1]; t++) {
        var c = joined.map[t];
        if (c < 0) continue;
        if (first < 0) first = c;
        last = c;
      }
      if (first < 0 || seen[first + ':' + last]) continue;
      seen[first + ':' + last] = true;
      ranges.push([first, last]);
    }
  });
  return ranges;
}

function union(rect, quad) {
  var xs = [quad[0], quad[2], quad[4], quad[6]];
  var ys = [quad[1], quad[3], quad[5], quad[7]];
  var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs);
  var y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
  if (!rect) return [x0, y0, x1, y1];
  return [Math.min(rect[0], x0), Math.min(rect[1], y0), Math.max(rect[2], x1), Math.max(rect[3], y1)];
}

/**
 * Redact annotation over `rect` (page space); remembered for the vector pass
 * (`vectorRect`, default the same rectangle) and the filled box drawn afterwards.
 */
function addRedaction(page, rect, marks, vectorRect) {
  var annot = page.createAnnotation('Redact');
  annot.setRect(rect);
  marks.boxes.push(rect);
  marks.vector.push(vectorRect || rect);
}

/**
 * A glyph's quad spans the font's whole ascent-descent, which overlaps the
 * lines above and below in tight leading; MuPDF removes every glyph whose box
 * touches a redaction, so the box is trimmed vertically to the glyph core.
 */
function trimQuadRect(rect) {
  var inset = (rect[3] - rect[1]) * 0.2;
  return [rect[0], rect[1] + inset, rect[2], rect[3] - inset];
}

function round3(n) {
  return Math.round(n * 1000) / 1000;
}

/**
 * Rectangles from page space (the visible page, y down) to the page's
 * default user space (PDF units, y up, before /Rotate and the CropBox
 * offset), where the vector pass and the filled boxes work
 * (tools/pikepdf-vector-redact.py draws the boxes: MuPDF 1.21's own black boxes ignore
 * the annotation colour, and they must be drawn after the vector pass).
 */
function toUserSpace(page, rects) {
  var m = page.getTransform();
  var det = m[0] * m[3] - m[1] * m[2];
  var inv = [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
  function pt(x, y) {
    return [x * inv[0] + y * inv[2] + inv[4], x * inv[1] + y * inv[3] + inv[5]];
  }
  return rects.map(function (r) {
    var a = pt(r[0], r[1]);
    var b = pt(r[2], r[3]);
    return [round3(Math.min(a[0], b[0])), round3(Math.min(a[1], b[1])), round3(Math.max(a[0], b[0])), round3(Math.max(a[1], b[1]))];
  });
}

/** Redact annotations over each match, one per line it touches (the union of its glyph quads). */
function markMatches(page, patterns, marks) {
  var count = 0;
  var blocks = pageBlocks(page);
  for (var b = 0; b < blocks.length; b++) {
    var chars = blocks[b];
    var ranges = blockMatches(chars, patterns);
    for (var i = 0; i < ranges.length; i++) {
      var rect = null;
      for (var k = ranges[i][0]; k <= ranges[i][1]; k++) {
        rect = union(rect, chars[k].quad);
        if (k === ranges[i][1] || chars[k + 1].line !== chars[k].line) {
          // Text: the trimmed box; vector content (an underline, a highlight): the whole glyph box.
          addRedaction(page, trimQuadRect(rect), marks, rect);
          rect = null;
        }
      }
      count++;
    }
  }
  return count;
}

function objectText(obj) {
  if (!obj || obj.isNull()) return '';
  if (obj.isString()) return obj.asString();
  return '';
}

/** Deletes annotations (other than widgets) whose text fields hold a match. */
function cleanAnnotations(page, patterns) {
  var annots = page.getAnnotations();
  for (var i = 0; i < annots.length; i++) {
    var obj = annots[i].getObject();
    var text = ['Contents', 'T', 'Subj', 'RC'].map(function (key) {
      return objectText(obj.get(key));
    }).join('\n');
    if (matchesAny(patterns, text)) page.deleteAnnotation(annots[i]);
  }
}

function bufferText(buf) {
  var out = '';
  for (var i = 0; i < buf.length; i++) out += String.fromCharCode(buf[i]);
  try {
    return decodeURIComponent(escape(out));
  } catch (e) {
    return out;
  }
}

/** Removes Info entries and the XMP packet when they hold a match. */
function cleanMetadata(doc, patterns) {
  var trailer = doc.getTrailer();
  var info = trailer.get('Info');
  if (info && info.isDictionary()) {
    var doomed = [];
    info.forEach(function (key, value) {
      if (value.isString() && matchesAny(patterns, value.asString())) doomed.push(key);
    });
    for (var i = 0; i < doomed.length; i++) info.delete(doomed[i]);
  }
  var root = trailer.get('Root');
  var xmp = root.get('Metadata');
  if (xmp && xmp.isStream() && matchesAny(patterns, bufferText(xmp.readStream()))) root.delete('Metadata');
}

function main() {
  var compiled = compilePatterns();
  if (compiled.error) return compiled;
  var patterns = compiled.patterns;
  var doc = new Document(input);
  var pages = doc.countPages();
  var byPage = {};
  for (var a = 0; a < spec.areas.length; a++) {
    var area = spec.areas[a];
    if (area.page > pages) return { error: 'areas', index: a, message: 'page ' + area.page + ' is past the last page (' + pages + ')' };
    (byPage[area.page - 1] = byPage[area.page - 1] || []).push(area);
  }
  var count = 0;
  var marked = {};
  for (var n = 0; n < pages; n++) {
    var page = doc.loadPage(n);
    var marks = { boxes: [], vector: [] };
    if (patterns.length > 0) {
      cleanAnnotations(page, patterns);
      count += markMatches(page, patterns, marks);
    }
    var areas = byPage[n] || [];
    for (var j = 0; j < areas.length; j++) {
      // MuPDF page space is the visible page: CropBox origin, /Rotate applied, y down.
      addRedaction(page, [areas[j].x, areas[j].y, areas[j].x + areas[j].w, areas[j].y + areas[j].h], marks);
      count++;
    }
    if (marks.boxes.length === 0) continue;
    page.applyRedactions(false, IMAGE_PIXELS);
    marked[n] = { boxes: toUserSpace(page, marks.boxes), vector: toUserSpace(page, marks.vector) };
  }
  if (patterns.length > 0) cleanMetadata(doc, patterns);
  // Not incremental, with garbage collection: earlier revisions and the old
  // content streams (which still hold the text) are not carried over.
  doc.save(output, 'garbage,compress');
  return { redactions: count, pages: marked };
}

print(JSON.stringify(main()));
