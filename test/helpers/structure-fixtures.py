# Fixtures for the structure tests (inspect, sanitize, attachments), built
# with pikepdf (python3-pikepdf 6.0), independently of the service's code.
# Usage: python3 structure-fixtures.py OUTDIR
# Writes:
#   active.pdf       2 pages of text; JavaScript in five places (names tree,
#                    OpenAction, page /AA, a link's /A, a form field's /AA) and
#                    a sixth in an incremental update (catalog /AA /WC); a
#                    Launch link, a URI link, a GoTo link, an embedded file and a
#                    file-attachment annotation (page 2), Info, XMP, a thumbnail,
#                    a hidden layer (marked content) and a visible one; a
#                    3-entry outline; objects in object streams.
#   attachments.pdf  1 page, four embedded files (text, PNG bytes, JSON, and a
#                    shell script named ../../evil.sh).
#   bomb.pdf         one attachment of 64 MiB of zeros in 64 KiB (Flate).
#   pair.pdf         two attachments of 12 MiB of zeros each (Flate).
import sys
import zlib

import pikepdf
from pikepdf import Array, Dictionary, Name, String

out = sys.argv[1]


def js(code):
    return Dictionary(Type=Name.Action, S=Name.JavaScript, JS=String(code))


def text_page(pdf, lines, extra=b''):
    content = b'BT /F1 18 Tf 72 720 Td ' + b' '.join(b'(' + l.encode() + b') Tj 0 -24 Td' for l in lines) + b' ET\n' + extra
    font = Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica)
    page = Dictionary(
        Type=Name.Page,
        MediaBox=Array([0, 0, 612, 792]),
        Resources=Dictionary(Font=Dictionary(F1=font)),
        Contents=pikepdf.Stream(pdf, content),
    )
    return pdf.make_indirect(page)


def active():
    pdf = pikepdf.new()
    hidden = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String('Hidden notes')))
    shown = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String('Shown')))
    layered = b'/OC /Hid BDC BT /F1 18 Tf 72 400 Td (SECRET LAYER TEXT) Tj ET EMC\n/OC /Vis BDC BT /F1 18 Tf 72 360 Td (Visible layer text) Tj ET EMC\n'
    p1 = text_page(pdf, ['Sanitize fixture page one', 'Plain words stay'], layered)
    p1.Resources.Properties = Dictionary(Hid=hidden, Vis=shown)
    p2 = text_page(pdf, ['Second page'])
    pdf.pages.append(pikepdf.Page(p1))
    pdf.pages.append(pikepdf.Page(p2))
    p1, p2 = pdf.pages[0].obj, pdf.pages[1].obj
    pdf.Root.OCProperties = Dictionary(OCGs=Array([hidden, shown]), D=Dictionary(OFF=Array([hidden]), Order=Array([hidden, shown])))
    # 1: document-level JavaScript (names tree)
    pdf.Root.Names = Dictionary(JavaScript=Dictionary(Names=Array([String('init'), pdf.make_indirect(js('app.alert("names")'))])))
    # 2: open action
    pdf.Root.OpenAction = pdf.make_indirect(js('app.alert("open")'))
    # 3: page open action (chained to a Launch through /Next)
    p1.AA = Dictionary(O=js('app.alert("page")'))
    launch = Dictionary(Type=Name.Action, S=Name.Launch, F=String('calc.exe'))
    # 4: a link running JavaScript; a Launch link; a URI link; a GoTo link (kept by `actions`)
    links = [
        Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([72, 100, 200, 120]), Border=Array([0, 0, 0]), A=js('app.alert("link")')),
        Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([72, 130, 200, 150]), Border=Array([0, 0, 0]), A=launch),
        Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([72, 160, 200, 180]), Border=Array([0, 0, 0]), A=Dictionary(S=Name.URI, URI=String('https://example.com/'))),
        Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([72, 190, 200, 210]), Border=Array([0, 0, 0]), Dest=Array([p2, Name.Fit])),
    ]
    # 5: a form field with a keystroke script (hidden widget: nothing drawn)
    field = pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.Widget, FT=Name.Tx, T=String('name'), F=2, Rect=Array([0, 0, 0, 0]), AA=Dictionary(K=js('event.rc = true;'))))
    p1.Annots = Array([pdf.make_indirect(l) for l in links] + [field])
    pdf.Root.AcroForm = Dictionary(Fields=Array([field]))
    # Embedded file, and a file-attachment annotation on page 2
    data = b'attached text\n'
    ef = pikepdf.Stream(pdf, data)
    ef.Type = Name.EmbeddedFile
    ef.Params = Dictionary(Size=len(data))
    spec = pdf.make_indirect(Dictionary(Type=Name.Filespec, F=String('notes.txt'), UF=String('notes.txt'), EF=Dictionary(F=ef)))
    pdf.Root.Names.EmbeddedFiles = Dictionary(Names=Array([String('notes.txt'), spec]))
    p2.Annots = Array([pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.FileAttachment, Rect=Array([500, 700, 520, 720]), FS=spec, Contents=String('clip')))])
    # Info, XMP, a thumbnail
    pdf.trailer.Info = pdf.make_indirect(Dictionary(Title=String('Active fixture'), Author=String('Tests')))
    with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
        meta['dc:title'] = 'Active fixture'
    thumb = pikepdf.Stream(pdf, zlib.compress(b'\x80' * 12), Width=2, Height=2, ColorSpace=Name.DeviceRGB, BitsPerComponent=8, Filter=Name.FlateDecode)
    p1.Thumb = thumb
    # A nested outline: two entries, one child
    o1 = pdf.make_indirect(Dictionary(Title=String('One'), Dest=Array([p1, Name.Fit])))
    o2 = pdf.make_indirect(Dictionary(Title=String('Two'), Dest=Array([p2, Name.Fit])))
    o3 = pdf.make_indirect(Dictionary(Title=String('Two.a'), Dest=Array([p2, Name.Fit]), Parent=o2))
    outlines = pdf.make_indirect(Dictionary(Type=Name.Outlines, First=o1, Last=o2, Count=3))
    o1.Parent = outlines
    o1.Next = o2
    o2.Parent = outlines
    o2.Prev = o1
    o2.First = o3
    o2.Last = o3
    o2.Count = 1
    pdf.Root.Outlines = outlines
    path = f'{out}/active-base.pdf'
    pdf.save(path, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    append_js_revision(path, f'{out}/active.pdf')


def append_js_revision(src, dst):
    """An incremental update, written by hand: the catalog again, with /AA /WC running JavaScript (6th place)."""
    base = open(src, 'rb').read()
    with pikepdf.open(src) as pdf:
        root = pdf.Root
        root_num = root.objgen[0]
        size = int(pdf.trailer.Size)
        body = root.unparse(resolved=True).decode('latin1')
        info = f' /Info {pdf.trailer.Info.objgen[0]} 0 R' if '/Info' in pdf.trailer else ''
    js_num = size
    start = base if base.endswith(b'\n') else base + b'\n'
    body = body[:-2] + f'/AA << /WC {js_num} 0 R >> >>'
    obj1 = f'{root_num} 0 obj\n{body}\nendobj\n'.encode('latin1')
    obj2 = f'{js_num} 0 obj\n<< /S /JavaScript /JS (app.alert\\("close"\\)) >>\nendobj\n'.encode('latin1')
    off1 = len(start)
    off2 = off1 + len(obj1)
    xref_at = off2 + len(obj2)
    prev = base.rsplit(b'startxref', 1)[1].split()[0].decode()
    xref = f'xref\n0 1\n0000000000 65535 f \n{root_num} 1\n{off1:010d} 00000 n \n{js_num} 1\n{off2:010d} 00000 n \n'
    trailer = f'trailer\n<< /Size {js_num + 1} /Root {root_num} 0 R{info} /Prev {prev} >>\nstartxref\n{xref_at}\n%%EOF\n'
    open(dst, 'wb').write(start + obj1 + obj2 + (xref + trailer).encode('latin1'))


def attachments():
    pdf = pikepdf.new()
    pdf.pages.append(pikepdf.Page(text_page(pdf, ['Attachments fixture'])))
    files = [
        ('readme.txt', b'hello attachments\n' * 10, 'text/plain', 'A text file'),
        ('pixel.png', bytes.fromhex('89504e470d0a1a0a0000000d4948445200000001000000010806000000') + b'\0' * 20, 'image/png', 'Bytes of a PNG'),
        ('data.json', b'{"a": 1}', 'application/json', 'JSON'),
        ('../../evil.sh', b'#!/bin/sh\necho pwned\n', 'text/x-sh', 'A name that climbs'),
    ]
    for name, data, mime, description in files:
        pdf.attachments[name] = pikepdf.AttachedFileSpec(pdf, data, description=description, filename=name, mime_type=mime)
    pdf.save(f'{out}/attachments.pdf')


def bomb():
    """One attachment of 64 MiB of zeros, Flate-compressed to ~64 KiB (its /Size claims 10 bytes)."""
    pdf = pikepdf.new()
    pdf.pages.append(pikepdf.Page(text_page(pdf, ['Bomb fixture'])))
    ef = pikepdf.Stream(pdf, zlib.compress(b'\0' * (64 << 20), 9), Filter=Name.FlateDecode, Type=Name.EmbeddedFile, Params=Dictionary(Size=10))
    spec = pdf.make_indirect(Dictionary(Type=Name.Filespec, F=String('zeros.bin'), UF=String('zeros.bin'), EF=Dictionary(F=ef)))
    pdf.Root.Names = Dictionary(EmbeddedFiles=Dictionary(Names=Array([String('zeros.bin'), spec])))
    pdf.save(f'{out}/bomb.pdf', stream_decode_level=pikepdf.StreamDecodeLevel.none, compress_streams=False)


def pair():
    """Two attachments of 12 MiB of zeros each (Flate): each under MAX_FILE_SIZE, 24 MiB together."""
    pdf = pikepdf.new()
    pdf.pages.append(pikepdf.Page(text_page(pdf, ['Pair fixture'])))
    names = []
    for name in ('first.bin', 'second.bin'):
        ef = pikepdf.Stream(pdf, zlib.compress(b'\0' * (12 << 20), 9), Filter=Name.FlateDecode, Type=Name.EmbeddedFile)
        spec = pdf.make_indirect(Dictionary(Type=Name.Filespec, F=String(name), UF=String(name), EF=Dictionary(F=ef)))
        names += [String(name), spec]
    pdf.Root.Names = Dictionary(EmbeddedFiles=Dictionary(Names=Array(names)))
    pdf.save(f'{out}/pair.pdf', stream_decode_level=pikepdf.StreamDecodeLevel.none, compress_streams=False)


active()
attachments()
bomb()
pair()
