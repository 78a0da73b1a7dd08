// Reads the few objects an incremental signature update rewrites (run by
// `mutool run`, MuPDF 1.21.1; MuJS, ES5), as JSON in qpdf's JSON v2 value
// syntax ("N G R" references, "/Name" names, "b:hex" strings).
// Usage: mutool run mupdf-structure-script.js INPUT.pdf PAGE
// MuPDF loads objects lazily, so this costs a few milliseconds whatever the
// size of the file (qpdf's JSON walks every object: ~10× slower on 1 MB).
// Prints {"pageCount","repaired","encrypted","xrefSize","pageRef","objects"}.

var doc = new Document(scriptArgs[0]);
var pageNumber = Number(scriptArgs[1]);
var objects = {};

/** asByteString() gives an array of byte values. */
function hex(bytes) {
  var out = '';
  for (var i = 0; i < bytes.length; i++) {
    var h = (bytes[i] & 0xff).toString(16);
    out += h.length === 1 ? '0' + h : h;
  }
  return out;
}

/** A present, non-null object (a missing key reads as undefined or null). */
function present(obj) {
  return obj !== undefined && obj !== null && !obj.isNull();
}

/** One PDF value (indirect objects as references, never followed). */
function value(obj) {
  if (obj.isIndirect()) return String(obj).replace(/^(\d+) (\d+) R$/, '$1 $2 R');
  if (obj.isNull()) return null;
  if (obj.isBoolean()) return obj.asBoolean();
  if (obj.isNumber()) return obj.asNumber();
  if (obj.isName()) return '/' + obj.asName();
  if (obj.isString()) return 'b:' + hex(obj.asByteString());
  if (obj.isArray()) {
    var list = [];
    for (var i = 0; i < obj.length; i++) list.push(value(obj.get(i)));
    return list;
  }
  if (obj.isDictionary()) {
    var dict = {};
    obj.forEach(function (key, v) {
      dict['/' + key] = value(v);
    });
    return dict;
  }
  return null;
}

/** Records the object behind an indirect reference (its dictionary when it is a stream). */
function record(ref) {
  if (!present(ref) || !ref.isIndirect()) return;
  var key = 'obj:' + value(ref);
  if (objects[key]) return;
  objects[key] = { value: value(ref.resolve()) };
}

function main() {
  var trailer = doc.getTrailer();
  var pageCount = doc.countPages();
  var result = {
    pageCount: pageCount,
    repaired: doc.wasRepaired(),
    encrypted: present(trailer.get('Encrypt')),
    xrefSize: doc.countObjects(),
    pageRef: null,
  };
  objects.trailer = { value: value(trailer) };
  var root = trailer.get('Root');
  record(root);
  var acroForm = root.get('AcroForm');
  if (present(acroForm)) {
    record(acroForm);
    var fields = acroForm.get('Fields');
    if (present(fields) && fields.isArray()) {
      record(fields);
      for (var i = 0; i < fields.length; i++) record(fields.get(i));
    }
  }
  if (pageNumber >= 1 && pageNumber <= pageCount) {
    var page = doc.findPage(pageNumber - 1);
    result.pageRef = value(page);
    record(page);
    record(page.get('Annots'));
    // The parents, for inherited MediaBox/CropBox/Rotate.
    var node = page.get('Parent');
    for (var depth = 0; depth < 64 && present(node) && node.isIndirect(); depth++) {
      record(node);
      node = node.get('Parent');
    }
  }
  result.objects = objects;
  return result;
}

print(JSON.stringify(main()));
