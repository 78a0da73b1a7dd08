# Page layout with pikepdf (python3-pikepdf 6.0 on qpdf 11.3, Debian bookworm),
# run by pikepdf-layout.ts: crop, resize, n-up, booklet, overlay, and the
# size-bounded split. One argument: a JSON job file {"op": ..., "input": ...}.
# The last stdout line is the JSON answer; {"error": "box", ...} is the
# client's mistake, anything else (a traceback, exit 1) a failure of ours
# (qpdf opened the input first).
#
# Pages are placed as form XObjects (the page's own content stream and
# resources, untouched), so vector content stays vector and an overlay's fonts
# never clash with the page's: each form carries its own /Resources.
# Geometry: "visible space" is the page as a viewer shows it (CropBox, turned
# by /Rotate), origin bottom-left, y up, in pt.
import io
import json
import sys

import pikepdf
from pikepdf import Array, Dictionary, Name


def rect_of(page, key):
    """A page box as (x0, y0, x1, y1) normalised, or None when absent (inherited boxes resolved by pikepdf)."""
    value = page.obj.get(key)
    if value is None and key == '/MediaBox':
        value = page.mediabox
    if value is None:
        return None
    a = [float(v) for v in value]
    return (min(a[0], a[2]), min(a[1], a[3]), max(a[0], a[2]), max(a[1], a[3]))


def intersect(a, b):
    r = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return r if r[2] > r[0] and r[3] > r[1] else None


def visible_box(page):
    """The CropBox clipped to the MediaBox (what a viewer shows), in user space."""
    media = rect_of(page, '/MediaBox')
    crop = rect_of(page, '/CropBox')
    return (intersect(crop, media) or media) if crop else media


def rotation(page):
    return int(page.obj.get('/Rotate', 0)) % 360


def upright(page):
    """(matrix user→visible space, visible width, visible height)."""
    x0, y0, x1, y1 = visible_box(page)
    w, h = x1 - x0, y1 - y0
    r = rotation(page)
    if r == 90:
        return (0, -1, 1, 0, -y0, x0 + w), h, w
    if r == 180:
        return (-1, 0, 0, -1, x0 + w, y0 + h), w, h
    if r == 270:
        return (0, 1, -1, 0, y0 + h, -x0), h, w
    return (1, 0, 0, 1, -x0, -y0), w, h


def multiply(m, n):
    """m then n (PDF order: a point p maps to (p·m)·n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def invert(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def map_rect(m, r):
    pts = [apply(m, x, y) for x, y in ((r[0], r[1]), (r[2], r[1]), (r[0], r[3]), (r[2], r[3]))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def fmt(m):
    return ' '.join(f'{v:.6f}'.rstrip('0').rstrip('.') or '0' for v in m)


def fit(w, h, cell_w, cell_h, mode='contain'):
    """Scale (sx, sy) of a w×h box into a cell."""
    if mode == 'stretch':
        return cell_w / w, cell_h / h
    s = max(cell_w / w, cell_h / h) if mode == 'cover' else min(cell_w / w, cell_h / h)
    return s, s


def placement(page, cell, mode='contain'):
    """Matrix from `page`'s user space into `cell` (x0, y0, x1, y1 in the target's space): upright, scaled, centred."""
    m, w, h = upright(page)
    cw, ch = cell[2] - cell[0], cell[3] - cell[1]
    sx, sy = fit(w, h, cw, ch, mode)
    ox = cell[0] + (cw - w * sx) / 2
    oy = cell[1] + (ch - h * sy) / 2
    return multiply(m, (sx, 0, 0, sy, ox, oy))


def page_form(pdf, page, foreign=False):
    """The page as a form XObject of `pdf` (its content and resources as they are), clipped to its visible box."""
    form = page.as_form_xobject(handle_transformations=False)
    form.BBox = Array(list(visible_box(page)))
    if foreign:
        form = pdf.copy_foreign(form)
    return form


def page_target(dest, sheet_of):
    """The sheet now holding the page an explicit destination ([page /Fit …]) points at, or None."""
    if isinstance(dest, Array) and len(dest) > 0 and isinstance(dest[0], Dictionary) and dest[0].is_indirect:
        return sheet_of.get(dest[0].objgen)
    return None


def moved_annotations(pdf, page, matrix, sheet_of):
    """Copies of the page's links moved by `matrix`: web links as they are, links to a page sent to the sheet
    that holds it (named destinations and other annotations are dropped: their targets are gone)."""
    moved = []
    for annot in page.obj.get('/Annots', []):
        if annot.get('/Subtype') != Name.Link or '/Rect' not in annot:
            continue
        action = annot.get('/A')
        copy = Dictionary(Type=Name.Annot, Subtype=Name.Link, Border=Array([0, 0, 0]))
        if action is not None and action.get('/S') == Name.URI:
            copy.A = Dictionary(S=Name.URI, URI=action.URI)
        else:
            dest = annot.get('/Dest') if action is None else (action.get('/D') if action.get('/S') == Name.GoTo else None)
            sheet = page_target(dest, sheet_of)
            if sheet is None:
                continue
            copy.Dest = Array([sheet, Name.Fit])
        copy.Rect = Array(list(map_rect(matrix, rect_of_obj(annot.Rect))))
        moved.append(pdf.make_indirect(copy))
    return moved


def remap_outline(pdf, sheet_of):
    """Points each outline entry with an explicit page destination at the sheet holding that page; entries whose
    target cannot be followed lose their destination (they stay, as headings)."""
    def walk(item, budget):
        while item is not None and budget[0] > 0:
            budget[0] -= 1
            dest = item.get('/Dest')
            action = item.get('/A')
            if dest is None and action is not None and action.get('/S') == Name.GoTo:
                dest = action.get('/D')
            if dest is not None or action is not None:
                sheet = page_target(dest, sheet_of)
                for key in ('/Dest', '/A'):
                    if key in item and (key == '/Dest' or item.A.get('/S') == Name.GoTo):
                        del item[key]
                if sheet is not None:
                    item.Dest = Array([sheet, Name.Fit])
            if '/First' in item:
                walk(item.First, budget)
            item = item.get('/Next')
    outlines = pdf.Root.get('/Outlines')
    if outlines is not None and '/First' in outlines:
        walk(outlines.First, [100_000])


def rect_of_obj(value):
    a = [float(v) for v in value]
    return (min(a[0], a[2]), min(a[1], a[3]), max(a[0], a[2]), max(a[1], a[3]))


PAPERS = {'a4': (595.276, 841.89), 'letter': (612, 792), 'legal': (612, 1008), 'a3': (841.89, 1190.551), 'a5': (419.528, 595.276)}


# --- crop -----------------------------------------------------------------

def to_user(page, vx0, vy0, vx1, vy1, origin):
    """A rectangle in visible space (origin 'crop': the visible box; 'media': gs's bbox space, the turned MediaBox) → user space."""
    box = visible_box(page) if origin == 'crop' else rect_of(page, '/MediaBox')
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    r = rotation(page)
    if r == 90:
        m = (0, -1, 1, 0, -y0, x0 + w)
    elif r == 180:
        m = (-1, 0, 0, -1, x0 + w, y0 + h)
    elif r == 270:
        m = (0, 1, -1, 0, y0 + h, -x0)
    else:
        m = (1, 0, 0, 1, -x0, -y0)
    return map_rect(invert(m), (vx0, vy0, vx1, vy1))


def set_crop(page, user_box):
    page.obj.CropBox = Array([round(v, 4) for v in user_box])
    for key in ('/TrimBox', '/BleedBox', '/ArtBox'):
        current = rect_of(page, key)
        if current is not None:
            clipped = intersect(current, user_box) or user_box
            page.obj[key] = Array([round(v, 4) for v in clipped])


def crop(job):
    pdf = pikepdf.open(job['input'])
    selected = set(job['pages']) if job.get('pages') else None
    changed = 0
    empty = []
    for index, page in enumerate(pdf.pages):
        number = index + 1
        if selected is not None and number not in selected:
            continue
        visible = visible_box(page)
        _, vw, vh = upright(page)
        if 'box' in job:
            x, y, w, h = job['box']
            if x + w > vw + 0.01 or y + h > vh + 0.01:
                return {'error': 'box', 'page': number, 'width': round(vw, 2), 'height': round(vh, 2)}
            user = to_user(page, x, vh - y - h, x + w, vh - y, 'crop')
        else:
            drawn = job['bboxes'][index]
            if drawn is None:
                empty.append(number)  # nothing drawn: the page is left as it is, and the client told
                continue
            margin = job.get('margin', 0)
            user = to_user(page, drawn[0] - margin, drawn[1] - margin, drawn[2] + margin, drawn[3] + margin, 'media')
            user = intersect(user, visible)
            if user is None:
                empty.append(number)  # drawn only outside the visible page
                continue
        set_crop(page, intersect(user, visible) or user)
        changed += 1
    pdf.save(job['output'])
    return {'pages': changed, 'empty': empty}


# --- resize ---------------------------------------------------------------

def resize(job):
    pdf = pikepdf.open(job['input'])
    selected = set(job['pages']) if job.get('pages') else None
    long_side, short_side = max(job['size']), min(job['size'])
    for index, page in enumerate(pdf.pages):
        if selected is not None and index + 1 not in selected:
            continue
        box = visible_box(page)
        w, h = box[2] - box[0], box[3] - box[1]
        # Orientation kept in user space; /Rotate stays, so the visible orientation is kept too.
        target_w, target_h = (long_side, short_side) if w > h else (short_side, long_side)
        sx, sy = fit(w, h, target_w, target_h, job['fit'])
        ox, oy = (target_w - w * sx) / 2, (target_h - h * sy) / 2
        m = (sx, 0, 0, sy, ox - box[0] * sx, oy - box[1] * sy)
        page.contents_coalesce()
        page.contents_add(pdf.make_stream(f'q {fmt(m)} cm\n'.encode()), prepend=True)
        page.contents_add(pdf.make_stream(b'\nQ\n'), prepend=False)
        for annot in page.obj.get('/Annots', []):
            move_annotation(annot, m)
        page.obj.MediaBox = Array([0, 0, round(target_w, 4), round(target_h, 4)])
        for key in ('/CropBox', '/TrimBox', '/BleedBox', '/ArtBox'):
            if key in page.obj:
                del page.obj[key]
    pdf.save(job['output'])
    return {'pages': len(pdf.pages)}


def move_annotation(annot, m):
    if '/Rect' in annot:
        annot.Rect = Array([round(v, 4) for v in map_rect(m, rect_of_obj(annot.Rect))])
    if '/QuadPoints' in annot:
        q = [float(v) for v in annot.QuadPoints]
        out = []
        for i in range(0, len(q) - 1, 2):
            out.extend(round(v, 4) for v in apply(m, q[i], q[i + 1]))
        annot.QuadPoints = Array(out)


# --- n-up and booklet -----------------------------------------------------

GRIDS = {2: (2, 1, True), 4: (2, 2, False), 6: (3, 2, True), 8: (4, 2, True), 9: (3, 3, False), 16: (4, 4, False)}


def sheet_page(pdf, width, height):
    page = pikepdf.Page(pdf.make_indirect(Dictionary(Type=Name.Page, MediaBox=Array([0, 0, round(width, 4), round(height, 4)]), Resources=Dictionary(XObject=Dictionary()))))
    return page


def impose(pdf, sources, sheets, width, height, border):
    """Replaces the pages of `pdf` with `sheets`: lists of (source page index or None, cell)."""
    forms = {}
    new_pages = [sheet_page(pdf, width, height) for _ in sheets]
    sheet_of = {}
    for page, sheet in zip(new_pages, sheets):
        for index, _ in sheet:
            if index is not None:
                sheet_of.setdefault(sources[index].obj.objgen, page.obj)
    for page, sheet in zip(new_pages, sheets):
        content = []
        annots = []
        for k, (index, cell) in enumerate(sheet):
            if index is None:
                continue
            source = sources[index]
            if index not in forms:
                forms[index] = pdf.make_indirect(page_form(pdf, source))
            m = placement(source, cell)
            name = f'/P{k}'
            page.obj.Resources.XObject[name] = forms[index]
            content.append(f'q {fmt(m)} cm {name} Do Q')
            if border:
                placed = map_rect(m, visible_box(source))
                content.append(f'q 0.5 w 0 G {placed[0]:.3f} {placed[1]:.3f} {placed[2] - placed[0]:.3f} {placed[3] - placed[1]:.3f} re S Q')
            annots.extend(moved_annotations(pdf, source, m, sheet_of))
        page.obj.Contents = pdf.make_stream(('\n'.join(content) + '\n').encode())
        if annots:
            page.obj.Annots = Array(annots)
    remap_outline(pdf, sheet_of)
    count = len(pdf.pages)
    for page in new_pages:
        pdf.pages.append(page)
    del pdf.pages[:count]
    # Page labels number pages that are gone; named destinations point at them.
    if '/PageLabels' in pdf.Root:
        del pdf.Root['/PageLabels']


def nup(job):
    pdf = pikepdf.open(job['input'])
    sources = list(pdf.pages)
    cols, rows, landscape = GRIDS[job['per_sheet']]
    pw, ph = PAPERS[job['paper']]
    width, height = (max(pw, ph), min(pw, ph)) if landscape else (min(pw, ph), max(pw, ph))
    margin = job['margin']
    cell_w, cell_h = (width - 2 * margin) / cols, (height - 2 * margin) / rows
    if cell_w <= 1 or cell_h <= 1:
        return {'error': 'margin'}
    cells = []
    for k in range(cols * rows):
        col, row = (k % cols, k // cols) if job['order'] == 'rows' else (k // rows, k % rows)
        x0 = margin + col * cell_w
        y1 = height - margin - row * cell_h
        cells.append((x0, y1 - cell_h, x0 + cell_w, y1))
    n = cols * rows
    sheets = [[(i, cells[i - start]) for i in range(start, min(start + n, len(sources)))] for start in range(0, len(sources), n)]
    impose(pdf, sources, sheets, width, height, job['border'])
    pdf.save(job['output'])
    return {'sheets': len(sheets)}


def booklet(job):
    pdf = pikepdf.open(job['input'])
    sources = list(pdf.pages)
    total = -(-len(sources) // 4) * 4
    pw, ph = PAPERS[job['paper']]
    width, height = max(pw, ph), min(pw, ph)
    left, right = (0, 0, width / 2, height), (width / 2, 0, width, height)

    def at(number):
        return number - 1 if number <= len(sources) else None

    sheets = []
    for k in range(total // 4):
        # 1-based page numbers: front (outside) and back (inside) of the k-th folded sheet.
        front = (total - 2 * k, 2 * k + 1)
        back = (2 * k + 2, total - 2 * k - 1)
        for first, second in (front, back):
            if job['binding'] == 'right':
                first, second = second, first
            sheets.append([(at(first), left), (at(second), right)])
    impose(pdf, sources, sheets, width, height, False)
    pdf.save(job['output'])
    return {'sheets': len(sheets), 'padded': total - len(sources)}


# --- overlay --------------------------------------------------------------

def own_resources(page):
    """Gives the page its own /Resources and /XObject dictionaries before a name is added: pages often share one
    resources object, which would otherwise collect every page's overlay name."""
    res = page.obj.get('/Resources')
    if res is None:
        return
    copy = Dictionary({key: value for key, value in res.items()})
    xobjects = res.get('/XObject')
    if xobjects is not None:
        copy.XObject = Dictionary({key: value for key, value in xobjects.items()})
    page.obj.Resources = copy


def overlay(job):
    pdf = pikepdf.open(job['input'])
    stamp = pikepdf.open(job['overlay'])
    stamp_pages = list(stamp.pages)
    forms = {}
    selected = set(job['pages']) if job.get('pages') else None
    for index, page in enumerate(pdf.pages):
        number = index + 1
        if selected is not None and number not in selected:
            continue
        which = index % len(stamp_pages) if job['repeat'] else 0
        source = stamp_pages[which]
        if which not in forms:
            forms[which] = page_form(pdf, source, foreign=True)
        target_m, vw, vh = upright(page)
        # Stamp → the target's visible space (fitted), then back into the target's user space.
        m = multiply(placement(source, (0, 0, vw, vh)), invert(target_m))
        own_resources(page)
        name = page.add_resource(forms[which], Name.XObject, prefix='Ovl')
        draw = f'q {fmt(m)} cm {name} Do Q\n'.encode()
        if job['layer'] == 'over':
            page.contents_add(pdf.make_stream(b'q\n'), prepend=True)
            page.contents_add(pdf.make_stream(b'\nQ\n' + draw), prepend=False)
        else:
            page.contents_add(pdf.make_stream(draw), prepend=True)
    pdf.save(job['output'])
    return {'pages': len(pdf.pages)}


# --- split by size --------------------------------------------------------

def part_size(pdf, first, last):
    out = pikepdf.new()
    out.pages.extend(pdf.pages[first:last])
    buffer = io.BytesIO()
    out.save(buffer, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return len(buffer.getvalue()), out


def split_size(job):
    """Consecutive parts each at most max_size bytes as written (shared resources counted once per part): for each part the longest run that fits, found by doubling then bisecting."""
    pdf = pikepdf.open(job['input'])
    limit = job['max_size']
    count = len(pdf.pages)
    parts, oversize = [], []
    first = 0
    while first < count:
        size, best = part_size(pdf, first, first + 1)
        good = first + 1
        if size > limit:
            oversize.append(len(parts) + 1)
        else:
            step = 1
            bad = None
            while good < count:
                probe = min(count, first + step * 2)
                probe_size, probe_pdf = part_size(pdf, first, probe)
                if probe_size <= limit:
                    good, best, step = probe, probe_pdf, step * 2
                else:
                    bad = probe
                    break
            while bad is not None and bad - good > 1:
                mid = (good + bad) // 2
                mid_size, mid_pdf = part_size(pdf, first, mid)
                if mid_size <= limit:
                    good, best = mid, mid_pdf
                else:
                    bad = mid
        path = f"{job['output_dir']}/part-{len(parts) + 1}.pdf"
        best.save(path, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
        parts.append({'path': path, 'first': first + 1, 'last': good})
        first = good
        if len(parts) > job['max_parts']:
            return {'error': 'parts', 'limit': job['max_parts']}
    return {'parts': parts, 'oversize': oversize}


OPS = {'crop': crop, 'resize': resize, 'nup': nup, 'booklet': booklet, 'overlay': overlay, 'split-size': split_size}

if __name__ == '__main__':
    with open(sys.argv[1], encoding='utf-8') as handle:
        spec = json.load(handle)
    print(json.dumps(OPS[spec['op']](spec)))
