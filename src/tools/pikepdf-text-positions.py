# Before MuPDF's redaction (see tools/pikepdf-redact.ts): in each text
# object, the first Td/TD (while the line matrix is still the identity BT
# set) becomes the equal Tm. MuPDF 1.21's redaction filter, when it drops a
# whole text object, writes the next object's first Td relative to the
# dropped one (text kept by the redaction lands elsewhere, often off the
# page); an absolute Tm is written correctly.
# Exact: after BT, Tlm = I, so `tx ty Td` = `1 0 0 1 tx ty Tm` and
# `tx ty TD` = `-ty TL 1 0 0 1 tx ty Tm`. Done with qpdf's tokenizer (a
# TokenFilter): every other byte of the stream is passed through as it was.
# Form XObjects are edited in place (the content is equivalent, so sharing
# does not matter); a page gets a new content stream.
#
# Usage: /usr/bin/python3 pikepdf-text-positions.py IN.pdf OUT.pdf [PAGES]
#   PAGES: "1,4,…" (default all). Prints {"rewritten": N} (content streams
#   changed; 0: OUT not written).
import json
import sys

import pikepdf


def page_resources(page):
    node = page.obj
    while node is not None:
        if '/Resources' in node:
            return node.Resources
        node = node.get('/Parent')
    return None


NUMBER_TOKENS = (pikepdf.TokenType.integer, pikepdf.TokenType.real)
TEXT_POSITIONING = {b'Td', b'TD', b'Tm', b'T*', b"'", b'"'}


def token(kind, raw):
    return pikepdf.Token(kind, raw)


def negated(raw):
    """The number token's text with its sign flipped (no arithmetic: exactly the same digits)."""
    text = bytes(raw)
    if text.startswith(b'-'):
        return text[1:]
    return b'-' + (text[1:] if text.startswith(b'+') else text)


class AbsoluteTextPositions(pikepdf.TokenFilter):
    """
    qpdf's tokenizer, token by token, everything passed through byte for byte
    except each text object's first `tx ty Td` / `tx ty TD` (while the line
    matrix is still the identity), which becomes `1 0 0 1 tx ty Tm`
    (`-ty TL` first for TD). Lossless where a parse and re-serialisation
    would drop what it cannot read.
    """

    def __init__(self):
        super().__init__()
        self.pending = []  # numbers and spaces since the last other token
        self.identity = False
        self.changed = 0

    def handle_token(self, tok):
        kind = tok.type_
        if kind in NUMBER_TOKENS or kind == pikepdf.TokenType.space:
            self.pending.append(tok)
            return None
        pending, self.pending = self.pending, []
        if kind == pikepdf.TokenType.word:
            op = bytes(tok.raw_value)
            if op == b'BT':
                self.identity = True
            elif op == b'ET':
                self.identity = False
            elif self.identity and op in TEXT_POSITIONING:
                self.identity = False
                numbers = [t for t in pending if t.type_ in NUMBER_TOKENS]
                if op in (b'Td', b'TD') and len(numbers) == 2:
                    self.changed += 1
                    return self.absolute(pending, numbers, op)
        return pending + [tok]

    def absolute(self, pending, numbers, op):
        space = token(pikepdf.TokenType.space, b' ')
        tx, ty = (bytes(t.raw_value) for t in numbers)
        first = pending.index(numbers[0])
        out = list(pending[:first])  # the whitespace before the operands, as it was
        if op == b'TD':
            out += [token(pikepdf.TokenType.real, negated(ty)), space, token(pikepdf.TokenType.word, b'TL'), space]
        for raw in (b'1', b'0', b'0', b'1', tx, ty):
            out += [token(pikepdf.TokenType.real, raw), space]
        out.append(token(pikepdf.TokenType.word, b'Tm'))
        return out


def absolute_text_positions(holder):
    """The filtered content of a page or form XObject, or None when it has no Td/TD to change."""
    text_filter = AbsoluteTextPositions()
    data = pikepdf.Page(holder).get_filtered_contents(text_filter)
    return data if text_filter.changed else None


def prepare(source, target, only=None):
    """`only`: page numbers (1-based) to prepare, when the redactions are known to stay there (areas alone)."""
    rewritten = 0
    seen = set()
    with pikepdf.open(source) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            if only is not None and number not in only:
                continue
            data = absolute_text_positions(page.obj)
            if data is not None:
                # A new stream: the old one may be shared with another page (its content is equivalent anyway).
                page.obj.Contents = pdf.make_indirect(pikepdf.Stream(pdf, data))
                rewritten += 1
            pending = [page_resources(page)]
            while pending:
                resources = pending.pop()
                xobjects = resources.get('/XObject') if isinstance(resources, pikepdf.Dictionary) else None
                if not isinstance(xobjects, pikepdf.Dictionary):
                    continue
                for _, xobj in xobjects.items():
                    if not isinstance(xobj, pikepdf.Stream) or xobj.get('/Subtype') != pikepdf.Name.Form or xobj.objgen in seen:
                        continue
                    seen.add(xobj.objgen)
                    pending.append(xobj.get('/Resources'))
                    raw = xobj.read_bytes()
                    if b'Td' not in raw and b'TD' not in raw:
                        continue  # no relative text positioning (a figure's paths): not worth tokenizing
                    data = absolute_text_positions(xobj)
                    if data is not None:
                        xobj.write(data)
                        rewritten += 1
        if rewritten > 0:
            pdf.save(target)
    print(json.dumps({'rewritten': rewritten}))


if __name__ == '__main__':
    prepare(sys.argv[1], sys.argv[2], {int(n) for n in sys.argv[3].split(',')} if len(sys.argv) > 3 else None)
