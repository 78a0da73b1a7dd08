# Plane geometry for the vector redaction pass (pikepdf-vector-redact.py):
# PDF matrices [a b c d e f], points, axis-aligned rectangles (x0, y0, x1, y1)
# in page space, and the exact cuts of rectangles and straight segments by
# rectangles. No PDF in here.

EPS = 0.05  # pt: a vertex on a box edge (an underline ending where the word ends) counts as inside


def mul(m, n):
    """m × n (PDF matrices [a b c d e f]: apply m, then n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def scale(m):
    """The largest length a unit vector takes under m (bounds a line width in page space)."""
    return max((m[0] ** 2 + m[1] ** 2) ** 0.5, (m[2] ** 2 + m[3] ** 2) ** 0.5)


def bbox(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def intersects(r, s):
    return r[0] <= s[2] and s[0] <= r[2] and r[1] <= s[3] and s[1] <= r[3]


def encloses(outer, inner):
    return outer[0] <= inner[0] and outer[1] <= inner[1] and outer[2] >= inner[2] and outer[3] >= inner[3]


def inside(p, r):
    return r[0] - EPS <= p[0] <= r[2] + EPS and r[1] - EPS <= p[1] <= r[3] + EPS


def grow(r, by):
    return (r[0] - by, r[1] - by, r[2] + by, r[3] + by)


def invertible(m):
    return abs(m[0] * m[3] - m[1] * m[2]) > 1e-12


def invert(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def subtract(r, box):
    """r minus box, as up to four rectangles (page space)."""
    if not (r[0] < box[2] and box[0] < r[2] and r[1] < box[3] and box[1] < r[3]):
        return [r]
    out = []
    if r[1] < box[1]:
        out.append((r[0], r[1], r[2], box[1]))  # below
    if box[3] < r[3]:
        out.append((r[0], box[3], r[2], r[3]))  # above
    y0, y1 = max(r[1], box[1]), min(r[3], box[3])
    if r[0] < box[0]:
        out.append((r[0], y0, box[0], y1))  # left
    if box[2] < r[2]:
        out.append((box[2], y0, r[2], y1))  # right
    return out


def close(a, b):
    return abs(a - b) < 1e-6


def outside_intervals(p, q, boxes):
    """Parameter intervals of the segment p→q outside every box (Liang–Barsky against each)."""
    keep = [(0.0, 1.0)]
    dx, dy = q[0] - p[0], q[1] - p[1]
    for box in boxes:
        t0, t1 = 0.0, 1.0
        hit = True
        for num, den in ((p[0] - box[0], -dx), (box[2] - p[0], dx), (p[1] - box[1], -dy), (box[3] - p[1], dy)):
            if den == 0:
                if num < 0:
                    hit = False
                    break
                continue
            t = num / den
            if den < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
        if not hit or t0 >= t1:
            continue
        keep = [piece for a, b in keep for piece in ((a, min(b, t0)), (max(a, t1), b)) if piece[1] - piece[0] > 1e-9]
    return keep
