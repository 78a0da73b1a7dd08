# The compare report (pikepdf 6.0 on qpdf 11, Debian bookworm): a summary
# page, then one page per changed page pair with the old page on the left and
# the new one on the right, each the original page embedded as a form XObject
# (qpdf's getFormXObjectForPage: vector content, fonts and images as they
# were, not a rendering), with translucent highlights over it: deletions red
# on the old side, insertions green on the new side, visual changes outlined
# in blue on both.
#
# Usage: /usr/bin/python3 pikepdf-compare-report.py SPEC.json OUT.pdf
#   SPEC: {"old": path, "new": path, "summary": [line, ...],
#          "pages": [{"old": n|null, "new": n|null, "label": str,
#                     "deleted": [[x,y,w,h]...], "inserted": [...],
#                     "visual_old": [...], "visual_new": [...]}]}
#   boxes in pt from the top-left of the page as displayed. Prints {"pages": N}.
import json
import sys

import pikepdf
from pikepdf import Array, Dictionary, Name, Page

MARGIN = 24
HEADER = 30
RED = (0.90, 0.10, 0.10)
GREEN = (0.10, 0.75, 0.20)
BLUE = (0.00, 0.35, 1.00)


def pdf_string(text):
    """A literal string in WinAnsi (Helvetica's encoding); other characters become '?'."""
    raw = text.encode('cp1252', errors='replace').decode('latin-1')
    return '(' + raw.replace('\\', '\\\\').replace('(', '\\(').replace(')', '\\)') + ')'


def text_line(x, y, size, text):
    return f'BT /F1 {size} Tf {x:.2f} {y:.2f} Td {pdf_string(text)} Tj ET\n'


def wrap(line, width=95):
    out = []
    while len(line) > width:
        cut = line.rfind(',', 0, width)
        cut = width if cut < 0 else cut + 1
        out.append(line[:cut])
        line = '    ' + line[cut:].lstrip()
    out.append(line)
    return out


def boxes_ops(rects, left, top, color, fill):
    ops = []
    r, g, b = color
    ops.append(f'{r} {g} {b} rg\n' if fill else f'{r} {g} {b} RG 1.5 w\n')
    for x, y, w, h in rects:
        ops.append(f'{left + x:.2f} {top - y - h:.2f} {w:.2f} {h:.2f} re {"f" if fill else "S"}\n')
    return ''.join(ops)


def main():
    spec_file, out_file = sys.argv[1], sys.argv[2]
    with open(spec_file, encoding='utf-8') as f:
        spec = json.load(f)
    old = pikepdf.open(spec['old'])
    new = pikepdf.open(spec['new'])
    out = pikepdf.new()
    font = out.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica, Encoding=Name.WinAnsiEncoding))
    translucent = out.make_indirect(Dictionary(Type=Name.ExtGState, ca=0.35))

    def add_page(width, height, content, xobjects):
        resources = Dictionary(Font=Dictionary(F1=font), ExtGState=Dictionary(GS1=translucent))
        if xobjects:
            resources.XObject = Dictionary(xobjects)
        page = Dictionary(Type=Name.Page, MediaBox=Array([0, 0, width, height]), Resources=resources, Contents=out.make_stream(content.encode('latin-1')))
        out.pages.append(Page(page))
        return out.pages[-1]

    # Summary page (US Letter).
    lines = [line for raw in spec['summary'] for line in wrap(raw)]
    content = '0 g\n' + text_line(MARGIN * 2, 792 - 72, 18, 'Comparison report')
    y = 792 - 108
    for line in lines[:45]:
        content += text_line(MARGIN * 2, y, 11, line)
        y -= 15
    add_page(612, 792, content, None)

    sources = {'old': old, 'new': new}
    forms = {}

    def form_of(side, number):
        key = (side, number)
        if key not in forms:
            forms[key] = out.copy_foreign(Page(sources[side].pages[number - 1]).as_form_xobject())
        return forms[key]

    for entry in spec['pages']:
        sides = [s for s in ('old', 'new') if entry[s] is not None]
        sizes = {}
        for side in sides:
            bbox = [float(v) for v in form_of(side, entry[side]).BBox]
            matrix = form_of(side, entry[side]).get('/Matrix')
            w, h = bbox[2] - bbox[0], bbox[3] - bbox[1]
            # A /Matrix with a quarter turn (a /Rotate page) swaps the displayed width and height.
            if matrix is not None and abs(float(matrix[0])) < 1e-6:
                w, h = h, w
            sizes[side] = (w, h)
        width = MARGIN + sum(sizes[s][0] + MARGIN for s in sides)
        height = max(sizes[s][1] for s in sides) + MARGIN + HEADER
        top = height - HEADER
        x = MARGIN
        content = ''
        xobjects = {}
        placements = []
        for side in sides:
            w, h = sizes[side]
            name = f'/P{side}'
            xobjects[name] = form_of(side, entry[side])
            placements.append((side, name, x, top - h, w, h))
            x += w + MARGIN
        page = add_page(width, height, '', xobjects)
        for side, name, px, py, w, h in placements:
            content += Page(page).calc_form_xobject_placement(xobjects[name], Name(name), pikepdf.Rectangle(px, py, px + w, py + h)).decode('latin-1')
            content += f'0.6 G 0.5 w {px:.2f} {py:.2f} {w:.2f} {h:.2f} re S\n'
            label = f'{"Old" if side == "old" else "New"}, page {entry[side]}'
            content += '0 g\n' + text_line(px, top + 10, 11, label)
            marks = entry['deleted'] if side == 'old' else entry['inserted']
            content += 'q /GS1 gs\n' + boxes_ops(marks, px, top, RED if side == 'old' else GREEN, True) + 'Q\n'
            content += 'q\n' + boxes_ops(entry['visual_' + side], px, top, BLUE, False) + 'Q\n'
        if len(sides) == 1:
            content += '0 g\n' + text_line(x, top + 10, 11, '(page only in the ' + ('old' if sides[0] == 'old' else 'new') + ' document)')
        page.obj.Contents = out.make_stream(content.encode('latin-1'))
    out.save(out_file)
    print(json.dumps({'pages': len(out.pages)}))


main()
