"""The 90 MiB input of the memory checks (also used by scripts/bench/clients-python.ts): `python3 bigpdf.py OUT`."""
import sys
from pathlib import Path

BIG = 90 * 1024 * 1024


def big_pdf(path: Path) -> None:
    """One page with a 90 MiB content stream: unlock returns an unencrypted input unchanged."""
    with open(path, "wb") as f:
        offsets = []
        f.write(b"%PDF-1.4\n")
        for body in (b"<</Type/Catalog/Pages 2 0 R>>", b"<</Type/Pages/Kids[3 0 R]/Count 1>>", b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>"):
            offsets.append(f.tell())
            f.write(b"%d 0 obj\n" % len(offsets) + body + b"\nendobj\n")
        offsets.append(f.tell())
        f.write(b"4 0 obj\n<</Length %d>>\nstream\n" % BIG)
        line = b"% padding line of a big content stream ........................................\n"
        written = 0
        while written < BIG:
            part = (line * 8192)[: BIG - written]
            f.write(part)
            written += len(part)
        f.write(b"\nendstream\nendobj\n")
        xref = f.tell()
        f.write(b"xref\n0 5\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offsets))
        f.write(b"trailer\n<</Size 5/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n" % xref)


if __name__ == "__main__":
    big_pdf(Path(sys.argv[1]))
