# The raw imposition the layout benchmark compares with: the fewest pikepdf
# (qpdf library) calls that put `n` pages per sheet (or booklet order) as form
# XObjects, with none of the service's checks, links or rotation handling.
# Usage: layout-raw-impose.py <in> <out> nup|booklet
import sys

import pikepdf
from pikepdf import Array, Dictionary, Name

source, target, mode = sys.argv[1:4]
pdf = pikepdf.open(source)
pages = list(pdf.pages)
if mode == 'booklet':
    total = -(-len(pages) // 4) * 4
    order = []
    for k in range(total // 4):
        order += [total - 2 * k, 2 * k + 1, 2 * k + 2, total - 2 * k - 1]
    per, cols, rows, width, height = 2, 2, 1, 842, 595
    order = [n - 1 if n <= len(pages) else None for n in order]
else:
    per, cols, rows, width, height = 4, 2, 2, 595, 842
    order = list(range(len(pages)))
forms = [pdf.make_indirect(p.as_form_xobject()) for p in pages]
sheets = []
for start in range(0, len(order), per):
    xobjects, ops = Dictionary(), []
    for k, index in enumerate(order[start:start + per]):
        if index is None:
            continue
        w, h = width / cols, height / rows
        box = [float(v) for v in pages[index].mediabox]
        s = min(w / (box[2] - box[0]), h / (box[3] - box[1]))
        xobjects[f'/P{k}'] = forms[index]
        ops.append(f'q {s} 0 0 {s} {(k % cols) * w} {height - (k // cols + 1) * h} cm /P{k} Do Q')
    sheets.append(pikepdf.Page(pdf.make_indirect(Dictionary(Type=Name.Page, MediaBox=Array([0, 0, width, height]), Resources=Dictionary(XObject=xobjects),
                                                             Contents=pdf.make_stream('\n'.join(ops).encode())))))
count = len(pdf.pages)
pdf.pages.extend(sheets)
del pdf.pages[:count]
pdf.save(target)
