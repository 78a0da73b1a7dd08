# Removes active and hidden content by class (API.md §5d `sanitize`), run by
# Debian's python3 with python3-pikepdf 6.0 on qpdf 11 (tools/pikepdf-structure.ts).
# Usage: pikepdf-sanitize.py INPUT OUTPUT CLASSES(comma list)
# Prints one JSON line: {"removed": {class: count}}.
#
# Every object qpdf parsed is visited (pdf.objects: the current revision,
# objects inside object streams included), with its direct sub-objects, so an
# action is found wherever it sits: catalog, pages, annotations, fields,
# outline items, /Next chains. The output is written whole by qpdf from the
# objects still reachable (never appended): an incremental update's earlier
# revision, or an object nothing refers to any more, is not carried over.
# Stream data is copied as it is (no decompression bomb is decoded); only
# content streams rewritten for hidden layers are parsed.
import json
import sys
import zlib

import pikepdf
from pikepdf import Array, Dictionary, Name, Stream

MAX_DEPTH = 64
# Only navigation inside the document survives `actions`.
KEPT_ACTIONS = {'/GoTo'}

src, dst, wanted = sys.argv[1], sys.argv[2], set(sys.argv[3].split(','))
pdf = pikepdf.open(src)
removed = {name: 0 for name in wanted}
counted = set()


def count(cls, obj=None):
    """Counts one removed object per class (an indirect object once, however often it is referred to)."""
    if obj is not None and obj.is_indirect:
        key = (cls, obj.objgen)
        if key in counted:
            return
        counted.add(key)
    removed[cls] += 1


def is_dict(obj):
    return isinstance(obj, (Dictionary, Stream))


def name_of(obj):
    return str(obj) if isinstance(obj, Name) else None


def action_class(action):
    """Which named class removes this action, or None to keep it."""
    if not is_dict(action) or '/S' not in action:
        return None
    is_js = name_of(action.get('/S')) == '/JavaScript' or '/JS' in action
    if is_js and 'javascript' in wanted:
        return 'javascript'
    if 'actions' in wanted and name_of(action.get('/S')) not in KEPT_ACTIONS:
        return 'actions'
    return None


def clean_next(action, depth):
    """Filters an action's /Next chain (a dictionary or an array of them)."""
    if depth > MAX_DEPTH or not is_dict(action) or '/Next' not in action:
        return
    nxt = action.Next
    if isinstance(nxt, Array):
        kept = []
        for item in nxt:
            cls = action_class(item)
            if cls:
                count(cls, item)
            else:
                clean_next(item, depth + 1)
                kept.append(item)
        if kept:
            action.Next = Array(kept)
        else:
            del action['/Next']
    elif is_dict(nxt):
        cls = action_class(nxt)
        if cls:
            count(cls, nxt)
            del action['/Next']
        else:
            clean_next(nxt, depth + 1)


def clean_actions(obj, depth=0):
    """Removes unwanted actions held by `obj` and its direct sub-objects."""
    if depth > MAX_DEPTH:
        return
    if is_dict(obj):
        for key in ('/OpenAction', '/A'):
            if key in obj:
                cls = action_class(obj[key])
                if cls:
                    count(cls, obj[key])
                    del obj[key]
                else:
                    clean_next(obj[key], 0)
        if '/AA' in obj and is_dict(obj.AA):
            aa = obj.AA
            for trigger in list(aa.keys()):
                cls = action_class(aa[trigger])
                if cls:
                    count(cls, aa[trigger])
                    del aa[trigger]
                else:
                    clean_next(aa[trigger], 0)
            if len(aa.keys()) == 0:
                del obj['/AA']
        clean_next(obj, 0)
        for key in list(obj.keys()):
            child = obj[key]
            if isinstance(child, (Dictionary, Array)) and not child.is_indirect:
                clean_actions(child, depth + 1)
    elif isinstance(obj, Array):
        for child in obj:
            if isinstance(child, (Dictionary, Array)) and not child.is_indirect:
                clean_actions(child, depth + 1)


def name_tree_leaves(node, seen=None, depth=0):
    """Entries of a name tree (for counting)."""
    seen = set() if seen is None else seen
    if not is_dict(node) or depth > MAX_DEPTH:
        return 0
    if node.is_indirect:
        if node.objgen in seen:
            return 0
        seen.add(node.objgen)
    total = len(node.Names) // 2 if '/Names' in node and isinstance(node.Names, Array) else 0
    if '/Kids' in node and isinstance(node.Kids, Array):
        total += sum(name_tree_leaves(kid, seen, depth + 1) for kid in node.Kids)
    return total


def remove_name_tree(key, cls):
    names = pdf.Root.get('/Names')
    if is_dict(names) and key in names:
        removed[cls] += name_tree_leaves(names[key])
        del names[key]


def annotation_class(annot):
    """Which named class removes this annotation, or None."""
    subtype = name_of(annot.get('/Subtype'))
    if subtype == '/Widget':
        return 'forms' if 'forms' in wanted else None
    if subtype == '/Link':
        return 'links' if 'links' in wanted else None
    if subtype == '/FileAttachment' and 'embedded_files' in wanted:
        return 'embedded_files'
    return 'annotations' if 'annotations' in wanted else None


def clean_annotations(page):
    annots = page.obj.get('/Annots')
    if not isinstance(annots, Array):
        return
    kept = []
    for annot in annots:
        if not is_dict(annot):
            continue
        cls = annotation_class(annot)
        if cls is None and hidden_ocgs and is_hidden(annot.get('/OC')):
            cls = 'hidden_layers'
        if cls:
            count(cls, annot)
        else:
            kept.append(annot)
    if kept:
        page.obj.Annots = Array(kept)
    else:
        del page.obj['/Annots']


# --- hidden optional-content layers -------------------------------------

def hidden_layer_set():
    """The OCGs the default configuration shows as off (by /OFF, or /BaseState /OFF and not /ON)."""
    props = pdf.Root.get('/OCProperties')
    if not is_dict(props) or not isinstance(props.get('/OCGs'), Array):
        return set()
    ocgs = [o for o in props.OCGs if is_dict(o) and o.is_indirect]
    config = props.get('/D')
    if not is_dict(config):
        return set()
    on = {o.objgen for o in config.get('/ON', Array()) if is_dict(o) and o.is_indirect}
    off = {o.objgen for o in config.get('/OFF', Array()) if is_dict(o) and o.is_indirect}
    if name_of(config.get('/BaseState')) == '/OFF':
        return {o.objgen for o in ocgs if o.objgen not in on}
    return off


hidden_ocgs = hidden_layer_set() if 'hidden_layers' in wanted else set()


def is_hidden(oc):
    """An OCG that is hidden, or an OCMD whose groups all are (its default /P /AnyOn)."""
    if not is_dict(oc):
        return False
    if name_of(oc.get('/Type')) == '/OCMD':
        groups = oc.get('/OCGs')
        groups = list(groups) if isinstance(groups, Array) else [groups] if groups is not None else []
        return len(groups) > 0 and all(is_dict(g) and g.is_indirect and g.objgen in hidden_ocgs for g in groups)
    return oc.is_indirect and oc.objgen in hidden_ocgs


def strip_hidden_content(holder, resources, seen):
    """Drops marked content of hidden layers and XObjects drawn only in them, in a page or form XObject."""
    if not is_dict(resources):
        return
    props = resources.get('/Properties')
    xobjects = resources.get('/XObject')
    # Nested forms first (each once), so a visible form's hidden parts go too.
    if is_dict(xobjects):
        for key in list(xobjects.keys()):
            x = xobjects[key]
            if isinstance(x, Stream) and name_of(x.get('/Subtype')) == '/Form' and x.objgen not in seen:
                seen.add(x.objgen)
                strip_hidden_content(x, x.get('/Resources'), seen)
    ops = pikepdf.parse_content_stream(holder)
    kept, depth_hidden, nesting, changed = [], 0, 0, False
    for operands, operator in ops:
        op = str(operator)
        if depth_hidden:
            changed = True
            if op in ('BDC', 'BMC'):
                depth_hidden += 1
            elif op == 'EMC':
                depth_hidden -= 1
            continue
        if op == 'BDC' and len(operands) == 2 and name_of(operands[0]) == '/OC':
            prop = operands[1]
            target = props.get(str(prop)) if is_dict(props) and isinstance(prop, Name) else prop
            if is_hidden(target):
                depth_hidden = 1
                changed = True
                continue
        if op == 'Do' and is_dict(xobjects) and operands and isinstance(operands[0], Name):
            x = xobjects.get(str(operands[0]))
            if is_dict(x) and is_hidden(x.get('/OC')):
                changed = True
                continue
        kept.append((operands, operator))
    if not changed:
        return
    data = zlib.compress(pikepdf.unparse_content_stream(kept))
    if isinstance(holder, pikepdf.Page):
        holder.obj.Contents = Stream(pdf, data, Filter=Name.FlateDecode)
    else:
        holder.write(data, filter=Name.FlateDecode)


def drop_hidden_groups():
    """Removes the hidden OCGs from /OCProperties (the whole of it when none is left)."""
    props = pdf.Root.OCProperties

    def keep(arr):
        out = []
        for item in arr:
            if isinstance(item, Array):
                out.append(Array(keep(item)))
            elif not (is_dict(item) and item.is_indirect and item.objgen in hidden_ocgs):
                out.append(item)
        return out

    remaining = keep(props.OCGs)
    removed['hidden_layers'] += len(props.OCGs) - len(remaining)
    if not remaining:
        del pdf.Root['/OCProperties']
        return
    props.OCGs = Array(remaining)
    configs = [props.D] + (list(props.Configs) if isinstance(props.get('/Configs'), Array) else [])
    for config in configs:
        for key in ('/ON', '/OFF', '/Order', '/Locked', '/RBGroups'):
            if isinstance(config.get(key), Array):
                config[key] = Array(keep(config[key]))


# --- the passes ----------------------------------------------------------

if 'javascript' in wanted:
    remove_name_tree('/JavaScript', 'javascript')
if 'embedded_files' in wanted:
    remove_name_tree('/EmbeddedFiles', 'embedded_files')
    for holder in [pdf.Root] + [page.obj for page in pdf.pages]:
        if '/AF' in holder:
            del holder['/AF']
    if '/Collection' in pdf.Root:
        del pdf.Root['/Collection']

if 'javascript' in wanted or 'actions' in wanted:
    for obj in pdf.objects:
        if is_dict(obj) or isinstance(obj, Array):
            clean_actions(obj)
    # Objects that are direct in the trailer (rare) are not in pdf.objects.
    clean_actions(pdf.Root)

if 'forms' in wanted and '/AcroForm' in pdf.Root:
    del pdf.Root['/AcroForm']
    if '/NeedsRendering' in pdf.Root:
        del pdf.Root['/NeedsRendering']

seen_forms = set()
for page in pdf.pages:
    if hidden_ocgs:
        strip_hidden_content(page, page.obj.get('/Resources'), seen_forms)
    clean_annotations(page)
    if 'thumbnails' in wanted and '/Thumb' in page.obj:
        count('thumbnails', page.obj.Thumb)
        del page.obj['/Thumb']

if hidden_ocgs:
    drop_hidden_groups()

if 'xmp' in wanted:
    for obj in pdf.objects:
        if is_dict(obj) and '/Metadata' in obj:
            count('xmp', obj.Metadata)
            del obj['/Metadata']
    if '/Metadata' in pdf.Root:
        count('xmp', pdf.Root.Metadata)
        del pdf.Root['/Metadata']

if 'metadata' in wanted and '/Info' in pdf.trailer:
    count('metadata', pdf.trailer.Info)
    del pdf.trailer['/Info']

# preserve: stream data copied as it is; fix_metadata_version off: qpdf would otherwise touch the XMP.
pdf.save(dst, stream_decode_level=pikepdf.StreamDecodeLevel.none, compress_streams=False, fix_metadata_version=False)
print(json.dumps({'removed': removed}))
