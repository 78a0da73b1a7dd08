# Document-level embedded files (API.md §5d `attachments`), run by Debian's
# python3 with python3-pikepdf 6.0 on qpdf 11 (tools/pikepdf-structure.ts).
# Usage:
#   pikepdf-attachments.py list INPUT MAX_BYTES
#   pikepdf-attachments.py extract INPUT OUTDIR MAX_BYTES MAX_FILES MAX_TOTAL NAMES.json
#   pikepdf-attachments.py add INPUT OUTPUT SPEC.json      [{"name","path","mime","description"}]
#   pikepdf-attachments.py remove INPUT OUTPUT NAMES.json  ([] = all)
# Prints one JSON line. Sizes are of the decoded data, counted while it is
# decoded (zlib in bounded steps for Flate, the common case), never the /Size
# the file claims: a 2 GB or bomb attachment stops at MAX_BYTES + 1 and is
# reported as {"error":"too_large"} (extract) or "size": null with
# "size_over_limit" (list). Extraction also stops once the files written
# pass MAX_TOTAL bytes in all ({"error":"too_large_total"}): many files each
# under MAX_BYTES would otherwise fill MAX_FILES × MAX_BYTES of disk.
import json
import os
import sys
import time
import zlib

import pikepdf
from pikepdf import Name

CHUNK = 1 << 16


def decoded_chunks(stream, limit):
    """Yields the decoded data of `stream` in pieces, at most limit + 1 bytes in all."""
    filters = stream.get('/Filter')
    filters = [filters] if isinstance(filters, Name) else list(filters or [])
    if filters in ([], [Name.FlateDecode]) and '/DecodeParms' not in stream:
        raw = stream.read_raw_bytes()
        if not filters:
            yield raw[: limit + 1]
            return
        inflater = zlib.decompressobj()
        total, pos = 0, 0
        while pos < len(raw) and total <= limit:
            piece = inflater.decompress(raw[pos : pos + CHUNK], limit + 1 - total)
            # unconsumed_tail: output was capped; feed it again before more input.
            while True:
                total += len(piece)
                yield piece
                if total > limit or not inflater.unconsumed_tail:
                    break
                piece = inflater.decompress(inflater.unconsumed_tail, limit + 1 - total)
            pos += CHUNK
        return
    # Other filters: qpdf decodes them (the runner's memory cap bounds this).
    yield stream.read_bytes()[: limit + 1]


def stream_of(spec):
    ef = spec.obj.get('/EF')
    if ef is None:
        return None
    for key in ('/UF', '/F'):
        if key in ef:
            return ef[key]
    return None



def _iso(text):
    """D:YYYYMMDDHHmmSS+HH'mm' → ISO 8601 (None when it does not parse)."""
    import re

    m = re.match(r"^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz]|[+-]\d{2}'?\d{2}'?)?", text)
    if not m:
        return None
    y, mo, d, h, mi, s, tz = m.groups()
    out = f'{y}-{mo or "01"}-{d or "01"}T{h or "00"}:{mi or "00"}:{s or "00"}'
    if tz is None or tz in ('Z', 'z'):
        return out + 'Z'
    tz = tz.replace("'", '')
    return f'{out}{tz[:3]}:{tz[3:5]}'


def entries(pdf):
    return list(pdf.attachments.items())


def listing(pdf, limit):
    result = []
    for name, spec in entries(pdf):
        stream = stream_of(spec)
        size = None
        over = False
        if stream is not None:
            size = 0
            for piece in decoded_chunks(stream, limit):
                size += len(piece)
            if size > limit:
                size, over = None, True
        params = stream.get('/Params') if stream is not None else None
        subtype = stream.get('/Subtype') if stream is not None else None
        mime = str(subtype)[1:].replace('#2F', '/').replace('#2f', '/') if isinstance(subtype, Name) else None
        result.append(
            {
                'name': str(name),
                'size': size,
                **({'size_over_limit': True} if over else {}),
                'content_type': mime,
                'created': _iso(str(params.get('/CreationDate'))) if params is not None and '/CreationDate' in params else None,
                'modified': _iso(str(params.get('/ModDate'))) if params is not None and '/ModDate' in params else None,
                'description': str(spec.description) if spec.description else None,
            }
        )
    return result


def main():
    action = sys.argv[1]
    pdf = pikepdf.open(sys.argv[2])
    if action == 'list':
        print(json.dumps({'attachments': listing(pdf, int(sys.argv[3]))}))
        return
    if action == 'extract':
        outdir, limit, max_files, max_total = sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
        names = json.load(open(sys.argv[7]))
        chosen = [(n, s) for n, s in entries(pdf) if not names or str(n) in names]
        missing = [n for n in names if n not in {str(k) for k, _ in entries(pdf)}]
        if missing:
            print(json.dumps({'error': 'unknown', 'names': missing}))
            return
        if len(chosen) > max_files:
            print(json.dumps({'error': 'too_many', 'count': len(chosen)}))
            return
        written = []
        total = 0
        for index, (name, spec) in enumerate(chosen):
            stream = stream_of(spec)
            path = os.path.join(outdir, f'attachment-{index + 1}')
            size = 0
            # Decoded no further than the room left: one byte past it is proof enough.
            cap = min(limit, max_total - total)
            with open(path, 'wb') as handle:
                for piece in decoded_chunks(stream, cap) if stream is not None else []:
                    size += len(piece)
                    if size > limit:
                        print(json.dumps({'error': 'too_large', 'name': str(name)}))
                        return
                    if total + size > max_total:
                        print(json.dumps({'error': 'too_large_total', 'name': str(name), 'limit': max_total}))
                        return
                    handle.write(piece)
            total += size
            written.append({'name': str(name), 'path': path, 'size': size})
        print(json.dumps({'files': written}))
        return
    if action == 'add':
        for item in json.load(open(sys.argv[4])):
            data = open(item['path'], 'rb').read()
            pdf.attachments[item['name']] = pikepdf.AttachedFileSpec(
                pdf, data, description=item.get('description') or '', filename=item['name'], mime_type=item.get('mime') or None
            )
            stream = stream_of(pdf.attachments[item['name']])
            if stream is not None:
                now = time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime())
                params = stream.get('/Params') or pikepdf.Dictionary()
                params.CreationDate = now
                params.ModDate = now
                stream.Params = params
        pdf.save(sys.argv[3], stream_decode_level=pikepdf.StreamDecodeLevel.none, fix_metadata_version=False)
        print(json.dumps({'count': len(pdf.attachments)}))
        return
    if action == 'remove':
        names = json.load(open(sys.argv[4]))
        present = [str(n) for n, _ in entries(pdf)]
        missing = [n for n in names if n not in present]
        if missing:
            print(json.dumps({'error': 'unknown', 'names': missing}))
            return
        for name in names or present:
            del pdf.attachments[name]
        pdf.save(sys.argv[3], stream_decode_level=pikepdf.StreamDecodeLevel.none, fix_metadata_version=False)
        print(json.dumps({'removed': len(names or present)}))
        return
    raise SystemExit(f'unknown action {action}')


main()
