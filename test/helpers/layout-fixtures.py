# Fixtures for the page-layout tests (layout-fixtures.ts runs this with
# Debian's python3): pages with drawings at known places, rotated and offset
# pages, blank pages (clean and with scanner speckle), QR separator pages made
# with qrencode, a three-chapter outline, and pages of known byte weight.
# Usage: layout-fixtures.py <out-dir>; QR PNGs must already be in <out-dir>.
import os
import random
import sys
import zlib

import pikepdf
from PIL import Image
from pikepdf import Array, Dictionary, Name, String

out = sys.argv[1]


def new_pdf():
    pdf = pikepdf.new()
    font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica, Encoding=Name.WinAnsiEncoding))
    return pdf, font


def text_page(pdf, font, content, size=(595, 842), rotate=0, media=None, crop=None):
    page = pdf.add_blank_page(page_size=size)
    page.obj.Resources = Dictionary(Font=Dictionary(F1=font))
    page.obj.Contents = pdf.make_stream(content.encode('latin-1'))
    if media:
        page.obj.MediaBox = Array(media)
    if crop:
        page.obj.CropBox = Array(crop)
    if rotate:
        page.obj.Rotate = rotate
    return page


def grey_image(pdf, image):
    return pdf.make_stream(zlib.compress(image.tobytes()), Type=Name.XObject, Subtype=Name.Image, Width=image.width, Height=image.height,
                           ColorSpace=Name.DeviceGray, BitsPerComponent=8, Filter=Name.FlateDecode)


# drawings.pdf: (1) a filled rectangle at x 100..300, y 150..200 and a link over the word LINK;
# (2) rotated 90 with an offset MediaBox, a rectangle at user x 200..400, y 350..400;
# (3) text only (HELLO at 72,700, 24 pt); (4) nothing drawn.
pdf, font = new_pdf()
p1 = text_page(pdf, font, '0 0 1 rg 100 150 200 50 re f BT /F1 24 Tf 100 600 Td (LINK) Tj ET')
p1.obj.Annots = Array([pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([98, 595, 165, 622]), Border=Array([0, 0, 0]),
                                                    A=Dictionary(S=Name.URI, URI=String('https://example.com/'))))])
text_page(pdf, font, '1 0 0 rg 200 350 200 50 re f', media=[100, 200, 712, 992], rotate=90)
text_page(pdf, font, 'BT /F1 24 Tf 72 700 Td (HELLO) Tj ET')
text_page(pdf, font, '')
pdf.save(os.path.join(out, 'drawings.pdf'))

# blanks.pdf: 10 pages; 4 is clean white, 8 a scanned-looking grey page with speckle; the others carry text.
pdf, font = new_pdf()
rng = random.Random(7)
for number in range(1, 11):
    if number == 4:
        text_page(pdf, font, '')
    elif number == 8:
        scan = Image.new('L', (595, 842), 242)
        for _ in range(300):
            scan.putpixel((rng.randrange(595), rng.randrange(842)), rng.randrange(0, 120))
        page = text_page(pdf, font, 'q 595 0 0 842 0 0 cm /Im0 Do Q')
        page.obj.Resources.XObject = Dictionary(Im0=grey_image(pdf, scan))
    else:
        text_page(pdf, font, f'BT /F1 36 Tf 72 700 Td (Page {number}) Tj ET')
pdf.save(os.path.join(out, 'blanks.pdf'))
# all-blank.pdf: two empty pages.
pdf, font = new_pdf()
text_page(pdf, font, '')
text_page(pdf, font, '')
pdf.save(os.path.join(out, 'all-blank.pdf'))

# huge.pdf: one 200 × 200 in page (the largest PDF allows) with a line of text.
pdf, font = new_pdf()
text_page(pdf, font, 'BT /F1 36 Tf 72 700 Td (Huge) Tj ET', size=(14400, 14400))
pdf.save(os.path.join(out, 'huge.pdf'))

# qr.pdf: pages 3 and 6 carry a 2 cm QR code (SEP, then OTHER); the rest text.
pdf, font = new_pdf()
for number in range(1, 8):
    code = {3: 'qr-sep.png', 6: 'qr-other.png'}.get(number)
    if code:
        image = Image.open(os.path.join(out, code)).convert('L')
        page = text_page(pdf, font, 'q 56.7 0 0 56.7 270 600 cm /Qr Do Q')
        page.obj.Resources.XObject = Dictionary(Qr=grey_image(pdf, image))
    else:
        text_page(pdf, font, f'BT /F1 36 Tf 72 700 Td (Page {number}) Tj ET')
pdf.save(os.path.join(out, 'qr.pdf'))

# chapters.pdf: 8 pages, top-level outline entries at pages 2, 4 and 7 (one with a child).
pdf, font = new_pdf()
for number in range(1, 9):
    text_page(pdf, font, f'BT /F1 36 Tf 72 700 Td (Page {number}) Tj ET')
with pdf.open_outline() as outline:
    intro = pikepdf.OutlineItem('Intro: Part/1', 1)
    intro.children.append(pikepdf.OutlineItem('Detail', 2))
    outline.root.extend([intro, pikepdf.OutlineItem('Methods', 3), pikepdf.OutlineItem('Résumé', 6)])
pdf.save(os.path.join(out, 'chapters.pdf'))

# stamp.pdf: two pages whose own font is also named /F1 (Courier), drawing STAMPA / STAMPB, on A5.
pdf = pikepdf.new()
courier = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Courier))
for label in ('STAMPA', 'STAMPB'):
    text_page(pdf, courier, f'BT /F1 30 Tf 40 40 Td ({label}) Tj ET', size=(420, 595))
pdf.save(os.path.join(out, 'stamp.pdf'))
# stamp-a4.pdf: one page the size of the documents' pages (595 × 842), STAMPC at 40, 40.
pdf = pikepdf.new()
courier = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Courier))
text_page(pdf, courier, 'BT /F1 30 Tf 40 40 Td (STAMPC) Tj ET', size=(595, 842))
pdf.save(os.path.join(out, 'stamp-a4.pdf'))

# weights.pdf: 6 pages each with its own 20 KB of noise (incompressible), page 4 with 200 KB, one shared font.
pdf, font = new_pdf()
for number in range(1, 7):
    side = 450 if number == 4 else 142
    noise = Image.frombytes('L', (side, side), rng.randbytes(side * side))
    page = text_page(pdf, font, f'BT /F1 36 Tf 72 700 Td (Page {number}) Tj ET q 200 0 0 200 72 300 cm /Im0 Do Q')
    page.obj.Resources.XObject = Dictionary(Im0=grey_image(pdf, noise))
pdf.save(os.path.join(out, 'weights.pdf'))
