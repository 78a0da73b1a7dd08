# After MuPDF's text/image redaction (see tools/pikepdf-redact.ts).
# MuPDF 1.21 has no line-art redaction (it came in
# 1.23), so paths, shadings and inline images under the redaction boxes are
# removed here, with pikepdf (Debian python3-pikepdf, on qpdf) doing all the
# parsing and serialising of content streams; this script only follows the
# graphics state (q/Q, cm, w, clip) to know where each operator paints.
#
# Usage: /usr/bin/python3 pikepdf-vector-redact.py INPUT.pdf OUTPUT.pdf SPEC.json
# SPEC: {"color":[r,g,b], "pages":{"<index>":{"vector":[[x0,y0,x1,y1]…],"boxes":[[…]…]}}}
#   rectangles in the page's default user space (PDF units, y up, unrotated);
#   "vector": where vector content is removed, "boxes": the filled boxes drawn.
# Prints one JSON line: {"removed": N} (subpaths, shadings, inline images removed)
# or {"error": "limit", "message": …} (content it will not walk, e.g. forms nested too deep).
#
# The rule (documented in the route): a subpath is removed when one of its
# vertices lies in a box (grown by half the line width when stroked) or one
# of its curves' control hulls touches a box. What is kept may only cross a
# box in straight lines whose ends are outside it (a table rule, a frame, a
# page background): what it shows inside follows from what is visible
# outside, while every shape, curve, corner or dot inside is gone. A painting
# operator whose subpaths all go becomes `n` (a clip it set is kept).
# A removed subpath that is a filled rectangle upright on the page, or a
# stroked line of straight segments, is redrawn exactly minus the boxes.
# Shadings (`sh`) are removed when their painted region touches a box, unless
# that region encloses the box and the shading is a plain axial or radial
# gradient; inline images touching a box are removed. Form XObjects are
# followed and rewritten copy-on-write (a new XObject under a new name); the
# original, possibly shared elsewhere, is never edited.
import json
import os
import sys

import pikepdf

# -I (isolated mode) leaves the script's own directory off sys.path: its helper module is beside it.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from redact_geometry import apply, bbox, close, encloses, grow, inside, intersects, invert, invertible, mul, outside_intervals, scale, subtract  # noqa: E402

MAX_FORM_DEPTH = 12
PATH_OPS = {'m', 'l', 'c', 'v', 'y', 'h', 're'}
PAINT_OPS = {'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n'}
STROKE_OPS = {'S', 's', 'B', 'B*', 'b', 'b*'}
FILL_ONLY_OPS = {'f', 'F', 'f*'}
CLIP_OPS = {'W', 'W*'}
INFINITE = (-1e12, -1e12, 1e12, 1e12)


def nums(operands):
    # By index: iterating pikepdf's operand list converts every element several times over (50 µs an instruction).
    return [float(operands[k]) for k in range(len(operands))]


def page_rectangle(sp, ctm):
    """(rect, counter-clockwise?) when the subpath is a rectangle upright on the page (a `re`, or m l l l [l] h); else None."""
    if sp.hulls:
        return None
    if sp.rect is not None:
        x, y, w, h = sp.rect
        det = ctm[0] * ctm[3] - ctm[1] * ctm[2]
        if det == 0 or w == 0 or h == 0:
            return None
        pts = [apply(ctm, x, y), apply(ctm, x + w, y), apply(ctm, x + w, y + h), apply(ctm, x, y + h)]
    else:
        ops = [str(i.operator) for i in sp.instructions]
        if ops[:1] != ['m'] or any(op not in ('l', 'h') for op in ops[1:]):
            return None
        pts = list(sp.vertices)
        if len(pts) == 5 and close(pts[0][0], pts[4][0]) and close(pts[0][1], pts[4][1]):
            pts = pts[:4]
        if len(pts) != 4:
            return None
    for i in range(4):
        p, q = pts[i], pts[(i + 1) % 4]
        if not (close(p[0], q[0]) or close(p[1], q[1])):
            return None
    r = bbox(pts)
    if close(r[0], r[2]) or close(r[1], r[3]):
        return None
    area = sum(pts[i][0] * pts[(i + 1) % 4][1] - pts[(i + 1) % 4][0] * pts[i][1] for i in range(4))
    return r, area > 0


def rectangle_outside(rect, ccw, ctm, boxes):
    """Path instructions (user space) drawing the part of the page-space `rect` outside `boxes`, each piece wound like the original."""
    parts = [rect]
    for box in boxes:
        parts = [piece for part in parts for piece in subtract(part, box)]
    inverse = invert(ctm)
    out = []
    for x0, y0, x1, y1 in parts:
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        if not ccw:
            corners.reverse()
        user = [apply(inverse, x, y) for x, y in corners]
        out.append(pikepdf.ContentStreamInstruction([round(user[0][0], 4), round(user[0][1], 4)], pikepdf.Operator('m')))
        for ux, uy in user[1:]:
            out.append(pikepdf.ContentStreamInstruction([round(ux, 4), round(uy, 4)], pikepdf.Operator('l')))
        out.append(pikepdf.ContentStreamInstruction([], pikepdf.Operator('h')))
    return out


def polyline(sp, ctm, closed):
    """The page-space points of a subpath of straight segments (`re`, or m l … [h]) and whether it is closed; None for curves."""
    if sp.hulls:
        return None
    if sp.rect is not None:
        x, y, w, h = sp.rect
        return [apply(ctm, x, y), apply(ctm, x + w, y), apply(ctm, x + w, y + h), apply(ctm, x, y + h)], True
    ops = [str(i.operator) for i in sp.instructions]
    if ops[:1] != ['m'] or any(op not in ('l', 'h') for op in ops[1:]):
        return None
    return list(sp.vertices), closed or 'h' in ops


def stroke_outside(points, closed, ctm, boxes):
    """Path instructions (user space) stroking the parts of the polyline outside `boxes`; joins kept where the line is not cut."""
    edges = list(zip(points, points[1:] + points[:1])) if closed else list(zip(points, points[1:]))
    chains = []
    joined_to_previous = False
    for p, q in edges:
        intervals = outside_intervals(p, q, boxes)
        if not intervals:
            joined_to_previous = False
        for a, b in intervals:
            start = (p[0] + a * (q[0] - p[0]), p[1] + a * (q[1] - p[1]))
            end = (p[0] + b * (q[0] - p[0]), p[1] + b * (q[1] - p[1]))
            if a == 0.0 and joined_to_previous and chains:
                chains[-1].append(end)
            else:
                chains.append([start, end])
            joined_to_previous = b == 1.0
    if closed and len(chains) > 1 and joined_to_previous and chains[0][0] == points[0]:
        # The last piece runs into the first: one line through the start corner.
        chains[0] = chains.pop() + chains[0][1:]
    inverse = invert(ctm)
    out = []
    for chain in chains:
        user = [apply(inverse, x, y) for x, y in chain]
        out.append(pikepdf.ContentStreamInstruction([round(user[0][0], 4), round(user[0][1], 4)], pikepdf.Operator('m')))
        for ux, uy in user[1:]:
            out.append(pikepdf.ContentStreamInstruction([round(ux, 4), round(uy, 4)], pikepdf.Operator('l')))
    return out


class LimitError(Exception):
    """Content this pass will not walk (reported to the client, never skipped silently)."""


class Subpath:
    """One subpath: its instructions, vertices and curve hulls in page space."""

    def __init__(self, start_user):
        self.instructions = []
        self.start_user = start_user  # where it begins, for a subpath opened without `m`
        self.vertices = []
        self.hulls = []
        self.rect = None  # (x, y, w, h) in user space when the subpath is one `re`

    def touches(self, boxes, half_width):
        for box in boxes:
            grown = grow(box, half_width)
            if any(inside(v, grown) for v in self.vertices):
                return True
            if any(intersects(h, grown) for h in self.hulls):
                return True
        return False


class Rewriter:
    def __init__(self, pdf, boxes):
        self.pdf = pdf
        self.boxes = boxes
        self.removed = 0
        self.form_names = 0

    def run(self, instructions, ctm, resources, depth, clip=INFINITE):
        """Rewritten instructions and whether anything changed. `resources`: the resource dictionaries in force, innermost first."""
        out = []
        changed = False
        stack = []
        state = {'ctm': ctm, 'lw': 1.0, 'clip': clip}
        # The open path object: (subpath, instruction) for path construction,
        # (None, instruction) for other operators written inside it (MuPDF's
        # rewrite sets colours between the path and its painting operator).
        sequence = []
        subpaths = []
        clip_op = None
        current = (0.0, 0.0)

        def emit(item):
            if sequence:
                sequence.append((None, item))
            else:
                out.append(item)

        for ins in instructions:
            op = str(ins.operator)
            if op in PATH_OPS:
                current, sp = self.add_segment(subpaths, ins, op, state['ctm'], current)
                sequence.append((sp, ins))
                continue
            if op in CLIP_OPS and sequence:
                clip_op = ins
                continue
            if op in PAINT_OPS:
                emitted, removed = self.paint(sequence, clip_op, ins, op, state)
                out.extend(emitted)
                changed = changed or removed
                sequence = []
                subpaths = []
                clip_op = None
                continue
            if op == 'q':
                stack.append(dict(state))
            elif op == 'Q':
                if stack:
                    state = stack.pop()
            elif op == 'cm' and len(ins.operands) == 6:
                state['ctm'] = mul(tuple(nums(ins.operands)), state['ctm'])
            elif op == 'w' and len(ins.operands) == 1:
                state['lw'] = float(ins.operands[0])
            elif op == 'sh':
                if self.shading_touches(ins, state, resources):
                    self.removed += 1
                    changed = True
                    continue
            elif op == 'INLINE IMAGE':
                corners = [apply(state['ctm'], x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
                if any(intersects(bbox(corners), box) for box in self.boxes):
                    self.removed += 1
                    changed = True
                    continue
            elif op == 'Do' and len(ins.operands) == 1:
                replacement = self.form(ins.operands[0], state, resources, depth)
                if replacement is not None:
                    emit(pikepdf.ContentStreamInstruction([replacement], pikepdf.Operator('Do')))
                    changed = True
                    continue
            emit(ins)
        # A path never painted (truncated stream): left as it was.
        out.extend(i for _, i in sequence)
        if clip_op is not None:
            out.append(clip_op)
        return out, changed

    def add_segment(self, subpaths, ins, op, ctm, current):
        """Adds a path construction operator to `subpaths`; returns the new current point (user space) and its subpath."""
        v = nums(ins.operands)
        if op == 're' and len(v) == 4:
            x, y, w, h = v
            sp = Subpath((x, y))
            sp.vertices = [apply(ctm, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
            sp.rect = (x, y, w, h)
            sp.instructions.append(ins)
            subpaths.append(sp)
            return (x, y), sp
        if op == 'm' and len(v) == 2:
            sp = Subpath((v[0], v[1]))
            sp.vertices.append(apply(ctm, v[0], v[1]))
            sp.instructions.append(ins)
            subpaths.append(sp)
            return (v[0], v[1]), sp
        if not subpaths or (subpaths[-1].instructions and str(subpaths[-1].instructions[-1].operator) in ('re', 'h')):
            # A segment after `re`/`h` opens a new subpath at the current point.
            sp = Subpath(current)
            sp.vertices.append(apply(ctm, *current))
            subpaths.append(sp)
        sp = subpaths[-1]
        sp.instructions.append(ins)
        if op == 'h':
            return sp.start_user, sp
        if op == 'l' and len(v) == 2:
            sp.vertices.append(apply(ctm, v[0], v[1]))
            return (v[0], v[1]), sp
        if op in ('c', 'v', 'y'):
            need = 6 if op == 'c' else 4
            if len(v) != need:
                return current, sp
            pts = [current] + [(v[i], v[i + 1]) for i in range(0, need, 2)]
            page_pts = [apply(ctm, x, y) for x, y in pts]
            sp.hulls.append(bbox(page_pts))
            sp.vertices.append(page_pts[-1])
            return pts[-1], sp
        return current, sp

    def paint(self, sequence, clip_op, ins, op, state):
        """The instructions that paint what survives, and whether anything was removed."""
        subpaths = []
        for sp, _ in sequence:
            if sp is not None and (not subpaths or subpaths[-1] is not sp):
                subpaths.append(sp)
        whole = [i for _, i in sequence]
        path_only = [i for sp, i in sequence if sp is not None]
        clip = [clip_op] if clip_op is not None else []
        if clip_op is not None and subpaths:
            # The clip takes effect after painting: record it from the whole path.
            pts = [v for sp in subpaths for v in sp.vertices] + [c for sp in subpaths for h in sp.hulls for c in ((h[0], h[1]), (h[2], h[3]))]
            if pts:
                b = bbox(pts)
                c = state['clip']
                state['clip'] = (max(b[0], c[0]), max(b[1], c[1]), min(b[2], c[2]), min(b[3], c[3]))
        if op == 'n':
            return whole + clip + [ins], False
        half = state['lw'] * scale(state['ctm']) / 2 if op in STROKE_OPS else 0.0
        if op in STROKE_OPS and state['lw'] == 0:
            half = 0.5  # a hairline: one device pixel
        kept = [sp for sp in subpaths if not sp.touches(self.boxes, half)]
        if len(kept) == len(subpaths):
            return whole + clip + [ins], False
        self.removed += len(subpaths) - len(kept)
        # A filled rectangle (a bar, a cell, a highlight) loses only its part
        # in the boxes: the rest is redrawn as rectangles, exactly.
        pieces = {}
        if op in FILL_ONLY_OPS and invertible(state['ctm']):
            kept_ids = {id(sp) for sp in kept}
            for sp in subpaths:
                upright = page_rectangle(sp, state['ctm']) if id(sp) not in kept_ids else None
                if upright is not None:
                    pieces[id(sp)] = rectangle_outside(upright[0], upright[1], state['ctm'], self.boxes)
        elif op in ('S', 's') and invertible(state['ctm']):
            # A stroked line of straight segments loses only its part in the boxes (grown by half its width).
            kept_ids = {id(sp) for sp in kept}
            grown = [grow(box, half) for box in self.boxes]
            for sp in subpaths:
                line = polyline(sp, state['ctm'], op == 's') if id(sp) not in kept_ids else None
                if line is not None:
                    pieces[id(sp)] = stroke_outside(line[0], line[1], state['ctm'], grown)
        kept_ids = {id(sp) for sp in kept}
        started = set()
        out = []
        for sp, i in sequence:
            if sp is None:
                out.append(i)
                continue
            if id(sp) in pieces:
                out.extend(pieces[id(sp)])
                continue
            if id(sp) not in kept_ids:
                continue
            if id(sp) not in started:
                started.add(id(sp))
                if str(i.operator) not in ('m', 're'):
                    out.append(pikepdf.ContentStreamInstruction([sp.start_user[0], sp.start_user[1]], pikepdf.Operator('m')))
            out.append(i)
        if kept or any(pieces.values()):
            if op == 's' and pieces:
                # `s` would close the last piece across the box: close the last subpath only if it was kept whole, then stroke.
                if subpaths[-1] in kept:
                    out.append(pikepdf.ContentStreamInstruction([], pikepdf.Operator('h')))
                out.append(pikepdf.ContentStreamInstruction([], pikepdf.Operator('S')))
            else:
                out.append(ins)
        if clip_op is not None:
            out.extend(path_only + [clip_op, pikepdf.ContentStreamInstruction([], pikepdf.Operator('n'))])
        return out, True

    def shading_touches(self, ins, state, resources):
        region = state['clip']
        hits = [box for box in self.boxes if intersects(region, box)]
        if not hits:
            return False
        kind = None
        try:
            shading = lookup(resources, '/Shading', ins.operands[0]) if len(ins.operands) == 1 else None
            kind = int(shading.get('/ShadingType')) if shading is not None else None
        except (AttributeError, TypeError, ValueError, KeyError):
            kind = None
        return not (kind in (2, 3) and all(encloses(region, box) for box in hits))

    def form(self, name, state, resources, depth):
        """A rewritten copy of the form XObject `name` (its new name), or None when it needs no change."""
        xobj = lookup(resources, '/XObject', name)
        if not isinstance(xobj, pikepdf.Stream) or xobj.get('/Subtype') != pikepdf.Name.Form:
            return None
        matrix = tuple(float(x) for x in xobj.get('/Matrix', [1, 0, 0, 1, 0, 0]))
        ctm = mul(matrix, state['ctm'])
        clip = state['clip']
        form_box = [float(x) for x in xobj.get('/BBox', [])]
        if len(form_box) == 4:
            # The form is clipped to its BBox: where its shadings can paint.
            b = bbox([apply(ctm, x, y) for x, y in ((form_box[0], form_box[1]), (form_box[2], form_box[1]), (form_box[0], form_box[3]), (form_box[2], form_box[3]))])
            clip = (max(b[0], clip[0]), max(b[1], clip[1]), min(b[2], clip[2]), min(b[3], clip[3]))
        if not any(intersects(clip, box) for box in self.boxes):
            return None  # nothing it paints can reach a box
        if depth >= MAX_FORM_DEPTH:
            # Not left unexamined in silence: the request fails, saying why.
            raise LimitError(f'form XObjects nested more than {MAX_FORM_DEPTH} deep under a redaction')
        own = xobj.get('/Resources')
        inner = ((own,) + resources) if isinstance(own, pikepdf.Dictionary) else resources
        instructions, changed = self.run(pikepdf.parse_content_stream(xobj), ctm, inner, depth + 1, clip)
        if not changed:
            return None
        copy = pikepdf.Stream(self.pdf, pikepdf.unparse_content_stream(instructions))
        for key, value in xobj.items():
            if key == '/Resources':
                # Its own dictionaries: qpdf shares direct objects between handles, and pruning the original's would prune the copy's.
                copy[key] = own_copy(value)
            elif key not in ('/Length', '/Filter', '/DecodeParms'):
                copy[key] = value
        # Registered where every viewer looks first: the innermost resources in force.
        if not isinstance(resources[0].get('/XObject'), pikepdf.Dictionary):
            resources[0].XObject = pikepdf.Dictionary()
        xobjects = resources[0].XObject
        self.form_names += 1
        new_name = pikepdf.Name(f'/RedactedFm{self.form_names}')
        while new_name in xobjects:
            self.form_names += 1
            new_name = pikepdf.Name(f'/RedactedFm{self.form_names}')
        xobjects[new_name] = self.pdf.make_indirect(copy)
        return new_name


def own_copy(resources):
    """
    A new resource dictionary with new category dictionaries (/Font, /XObject, …),
    the resources themselves shared: pruning or extending it leaves every other
    holder of the original (direct or indirect) untouched.
    """
    out = pikepdf.Dictionary()
    if not isinstance(resources, pikepdf.Dictionary):
        return out
    for key, value in resources.items():
        if isinstance(value, pikepdf.Dictionary):
            value = pikepdf.Dictionary({k: v for k, v in value.items()})
        out[key] = value
    return out


def lookup(resources, category, name):
    """The resource `name` of `category`, from the innermost dictionary that has it (poppler also falls back outwards)."""
    for dictionary in resources:
        entries = dictionary.get(category)
        if isinstance(entries, pikepdf.Dictionary) and name in entries:
            return entries.get(name)
    return None


def page_resources(page):
    node = page.obj
    while node is not None:
        if '/Resources' in node:
            return node.Resources
        node = node.get('/Parent')
    return None


def fmt(n):
    return ('%.3f' % n).rstrip('0').rstrip('.')


def draw_boxes(pdf, page, boxes, color):
    """Wraps the page content in q/Q and appends the filled boxes."""
    ops = ['q', ' '.join(fmt(c) for c in color) + ' rg']
    for x0, y0, x1, y1 in boxes:
        ops.append(f'{fmt(x0)} {fmt(y0)} {fmt(x1 - x0)} {fmt(y1 - y0)} re f')
    ops.append('Q')
    contents = page.obj.get('/Contents')
    parts = list(contents) if isinstance(contents, pikepdf.Array) else ([contents] if contents is not None else [])
    page.obj.Contents = pikepdf.Array(
        [pdf.make_indirect(pikepdf.Stream(pdf, b'q\n'))] + parts + [pdf.make_indirect(pikepdf.Stream(pdf, ('Q\n' + '\n'.join(ops) + '\n').encode()))]
    )


def vectors(source, target, spec_file):
    with open(spec_file, encoding='utf-8') as f:
        spec = json.load(f)
    removed = 0
    with pikepdf.open(source) as pdf:
        for index, entry in spec['pages'].items():
            page = pdf.pages[int(index)]
            vector = [tuple(b) for b in entry.get('vector', [])]
            if vector:
                rewriter = Rewriter(pdf, vector)
                resources = page_resources(page)
                chain = (resources,) if isinstance(resources, pikepdf.Dictionary) else ()
                instructions, changed = rewriter.run(pikepdf.parse_content_stream(page), (1, 0, 0, 1, 0, 0), chain, 0)
                if changed:
                    # A new stream: the old one may be shared with another page.
                    page.obj.Contents = pdf.make_indirect(pikepdf.Stream(pdf, pikepdf.unparse_content_stream(instructions)))
                    # The replaced forms leave this page's resources (and so the file, when nothing else draws
                    # them): qpdf prunes names the content no longer uses, on a private copy of the resources
                    # (they may be shared with, or inherited by, other pages).
                    page.obj.Resources = own_copy(page_resources(page))
                    page.remove_unreferenced_resources()
                removed += rewriter.removed
            if entry.get('boxes'):
                draw_boxes(pdf, page, entry['boxes'], spec['color'])
        pdf.save(target, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    print(json.dumps({'removed': removed}))


if __name__ == '__main__':
    try:
        vectors(sys.argv[1], sys.argv[2], sys.argv[3])
    except LimitError as error:
        print(json.dumps({'error': 'limit', 'message': str(error)}))
