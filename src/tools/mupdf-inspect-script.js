// The structure report of `inspect` (run by `mutool run`, MuPDF 1.21.1;
// MuJS, ES5). Usage: mutool run mupdf-inspect-script.js INPUT.pdf MAX_NODES [FIRST [END [TREES]]]
// Prints one JSON line: {"pages","described","used","tagged","forms","signatures",
// "attachments","attachment_annotations","javascript","outline_entries","layers"}.
// Pages FIRST (0-based, default 0) up to END (exclusive, default the last
// page) are run, so that two processes can share a long document
// (tools/mutool-inspect.ts); TREES "0" skips the catalog's trees, which the
// other part walks. "described" holds every font dictionary met, in the order
// met, "used" the names the pages drew: mutool-inspect.ts joins them.
//
// Pages are *run* through a device that only listens: the text, images and
// fonts a page reports are those its content actually draws (a font merely
// listed in /Resources is not "used"). Measured on tracemonkey.pdf (14 pages):
// ~30 ms to start and read the structure, ~30 ms more to run the pages
// (beginSpan callbacks: one per text span; showGlyph, one per glyph, cost
// 30 ms more), against ~40 ms for qpdf --json=2, which cannot see content.
// Trees (fields, outline, names, form XObjects) are walked with a visited set
// and at most MAX_NODES nodes each: a cycle or a runaway tree ends the walk,
// and the report says so in "truncated".

var doc = new Document(scriptArgs[0]);
var MAX_NODES = Number(scriptArgs[1]) || 100000;
var FIRST = Number(scriptArgs[2]) || 0;
var END = scriptArgs[3] ? Number(scriptArgs[3]) : Infinity;
var TREES = scriptArgs[4] !== '0';
var truncated = [];

function present(obj) {
  return obj !== undefined && obj !== null && !obj.isNull();
}

function nameOf(obj) {
  return present(obj) && obj.isName() ? obj.asName() : null;
}

/** A key of an indirect object, or null for a direct one (direct objects cannot form cycles). */
function refKey(obj) {
  return obj.isIndirect() ? String(obj) : null;
}

/** Walks a tree breadth-first: visit(node, push) calls push(child) for each child; stops after MAX_NODES. */
function walk(what, start, visit) {
  var seen = {};
  var queue = Object.prototype.toString.call(start) === '[object Array]' ? start.slice() : [start];
  var count = 0;
  while (queue.length > 0) {
    var node = queue.shift();
    if (!present(node)) continue;
    var key = refKey(node);
    if (key !== null) {
      if (seen[key]) continue;
      seen[key] = true;
    }
    if (++count > MAX_NODES) {
      truncated.push(what);
      return;
    }
    visit(node, function (child) {
      queue.push(child);
    });
  }
}

/** An inherited page attribute (Rotate, Resources), following /Parent at most 64 levels. */
function inherited(page, key) {
  var node = page;
  for (var depth = 0; depth < 64 && present(node); depth++) {
    var v = node.get(key);
    if (present(v)) return v;
    node = node.get('Parent');
  }
  return null;
}

// Fonts by name, each described from its dictionary (type, embedded, subset).
var fontInfo = {};

function describeFont(font) {
  var base = nameOf(font.get('BaseFont')) || nameOf(font.get('Name'));
  if (base === null || fontInfo[base]) return;
  var subtype = nameOf(font.get('Subtype'));
  var descriptor = font.get('FontDescriptor');
  if (subtype === 'Type0') {
    var descendants = font.get('DescendantFonts');
    if (present(descendants) && descendants.isArray() && descendants.length > 0) descriptor = descendants.get(0).get('FontDescriptor');
  }
  var embedded = subtype === 'Type3';
  if (present(descriptor)) embedded = present(descriptor.get('FontFile')) || present(descriptor.get('FontFile2')) || present(descriptor.get('FontFile3'));
  fontInfo[base] = { name: base, type: subtype, embedded: embedded, subset: /^[A-Z]{6}\+/.test(base) };
}

/** The font dictionaries a page's resources (and its form XObjects', nested) offer. */
function collectFonts(resources) {
  walk('fonts', resources, function (res, push) {
    if (!res.isDictionary()) return;
    var fonts = res.get('Font');
    if (present(fonts) && fonts.isDictionary()) {
      fonts.forEach(function (key, font) {
        if (present(font) && font.isDictionary()) describeFont(font);
      });
    }
    var xobjects = res.get('XObject');
    if (present(xobjects) && xobjects.isDictionary()) {
      xobjects.forEach(function (key, x) {
        if (present(x) && nameOf(x.get('Subtype')) === 'Form') push(x.get('Resources'));
      });
    }
  });
}

var usedFonts = {};
var annotationFiles = 0;

function inspectPage(i) {
  var pageObj = doc.findPage(i);
  var page = doc.loadPage(i);
  var bounds = page.bound();
  var rotate = inherited(pageObj, 'Rotate');
  var angle = present(rotate) && rotate.isNumber() ? rotate.asNumber() : 0;
  angle = ((Math.round(angle / 90) * 90) % 360 + 360) % 360;
  var fonts = {};
  var state = { text: false, images: 0 };
  function text(t) {
    state.text = true;
    t.walk({
      beginSpan: function (font) {
        fonts[font.getName()] = true;
      },
    });
  }
  // Images painted (fillImage) and stencil masks (fillImageMask); a soft mask
  // reaches the device as clipImageMask beside its image and is not counted,
  // as pdfimages lists it apart ("smask").
  function image() {
    state.images++;
  }
  page.run({ fillText: text, strokeText: text, clipText: text, clipStrokeText: text, ignoreText: text, fillImage: image, fillImageMask: image }, [1, 0, 0, 1, 0, 0]);
  var resources = inherited(pageObj, 'Resources');
  if (present(resources)) collectFonts(resources);
  addAdditionalActions(pageObj.get('AA'));
  var annots = pageObj.get('Annots');
  if (present(annots) && annots.isArray()) {
    for (var a = 0; a < annots.length; a++) {
      var annot = annots.get(a);
      if (!present(annot) || !annot.isDictionary()) continue;
      if (nameOf(annot.get('Subtype')) === 'FileAttachment') annotationFiles++;
      addAction(annot.get('A'));
      addAdditionalActions(annot.get('AA'));
    }
  }
  var names = Object.keys(fonts).sort();
  for (var n = 0; n < names.length; n++) usedFonts[names[n]] = true;
  return {
    number: i + 1,
    width: Math.round((bounds[2] - bounds[0]) * 100) / 100,
    height: Math.round((bounds[3] - bounds[1]) * 100) / 100,
    rotate: angle,
    has_text: state.text,
    images: state.images,
    fonts: names,
  };
}

/** Terminal fields (a node without field kids; widget kids do not count) and signed signature fields. */
function formFields(acroForm) {
  var result = { type: null, fields: 0, signatures: 0 };
  if (!present(acroForm) || !acroForm.isDictionary()) return result;
  var fields = acroForm.get('Fields');
  var xfa = acroForm.get('XFA');
  walk('form fields', fields, function (node, push) {
    if (node.isArray()) {
      for (var i = 0; i < node.length; i++) push(node.get(i));
      return;
    }
    if (!node.isDictionary()) return;
    addAdditionalActions(node.get('AA'));
    var kids = node.get('Kids');
    var fieldKids = 0;
    if (present(kids) && kids.isArray()) {
      for (var k = 0; k < kids.length; k++) {
        addAdditionalActions(kids.get(k).get('AA'));
        if (present(kids.get(k).get('T'))) {
          fieldKids++;
          push(kids.get(k));
        }
      }
    }
    if (fieldKids > 0) return;
    result.fields++;
    if (inherited(node, 'FT') !== null && nameOf(inherited(node, 'FT')) === 'Sig' && present(node.get('V'))) result.signatures++;
  });
  if (present(xfa)) result.type = 'xfa';
  else if (result.fields > 0 || (present(fields) && fields.isArray())) result.type = 'acroform';
  return result;
}

/** Entries of a name tree (pairs in /Names arrays, through /Kids). */
function nameTreeEntries(what, tree) {
  var count = 0;
  walk(what, tree, function (node, push) {
    if (!node.isDictionary()) return;
    var names = node.get('Names');
    if (present(names) && names.isArray()) count += Math.floor(names.length / 2);
    var kids = node.get('Kids');
    if (present(kids) && kids.isArray()) for (var i = 0; i < kids.length; i++) push(kids.get(i));
  });
  return count;
}

function outlineEntries(outlines) {
  var count = 0;
  if (!present(outlines)) return 0;
  walk('outline', outlines.get('First'), function (item, push) {
    if (!item.isDictionary()) return;
    count++;
    addAction(item.get('A'));
    push(item.get('First'));
    push(item.get('Next'));
  });
  return count;
}

// Actions a viewer can run, gathered while the trees are walked: the
// catalog's /OpenAction and /AA, each page's /AA, each annotation's /A and
// /AA, each form field's /AA, each outline item's /A (and every /Next of
// them). Reading every object of the file instead (object streams included)
// cost 20 ms on tracemonkey.pdf and finds only actions nothing can trigger.
var actions = [];

function addAction(action) {
  if (present(action)) actions.push(action);
}

function addAdditionalActions(aa) {
  if (present(aa) && aa.isDictionary()) {
    aa.forEach(function (key, action) {
      addAction(action);
    });
  }
}

function hasJavaScript(root) {
  var names = root.get('Names');
  if (present(names) && present(names.get('JavaScript'))) return true;
  return hasJavaScriptAction();
}

function hasJavaScriptAction() {
  var found = false;
  walk('actions', actions, function (node, push) {
    if (found) return;
    if (node.isArray()) {
      for (var i = 0; i < node.length; i++) push(node.get(i));
      return;
    }
    if (!node.isDictionary()) return;
    if (nameOf(node.get('S')) === 'JavaScript' || present(node.get('JS'))) found = true;
    push(node.get('Next'));
  });
  return found;
}

function main() {
  var root = doc.getTrailer().get('Root');
  if (TREES) {
    addAction(root.get('OpenAction'));
    addAdditionalActions(root.get('AA'));
  }
  var pages = [];
  var end = Math.min(END, doc.countPages());
  for (var i = FIRST; i < end; i++) pages.push(inspectPage(i));
  var described = [];
  for (var name in fontInfo) described.push(fontInfo[name]);
  var report = { pages: pages, described: described, used: Object.keys(usedFonts).sort(), attachment_annotations: annotationFiles };
  if (!TREES) {
    // Only the actions of these pages' annotations and /AA.
    report.javascript = hasJavaScriptAction();
    report.truncated = truncated;
    return report;
  }
  var markInfo = root.get('MarkInfo');
  var marked = present(markInfo) && present(markInfo.get('Marked')) && markInfo.get('Marked').isBoolean() && markInfo.get('Marked').asBoolean();
  var forms = formFields(root.get('AcroForm'));
  var names = root.get('Names');
  var ocProperties = root.get('OCProperties');
  var ocgs = present(ocProperties) ? ocProperties.get('OCGs') : null;
  var outline = outlineEntries(root.get('Outlines'));
  report.tagged = marked && present(root.get('StructTreeRoot'));
  report.forms = { type: forms.type, fields: forms.fields };
  report.signatures = forms.signatures;
  report.attachments = present(names) ? nameTreeEntries('embedded files', names.get('EmbeddedFiles')) : 0;
  report.javascript = hasJavaScript(root);
  report.outline_entries = outline;
  report.layers = present(ocgs) && ocgs.isArray() ? ocgs.length : 0;
  report.truncated = truncated;
  return report;
}

print(JSON.stringify(main()));
