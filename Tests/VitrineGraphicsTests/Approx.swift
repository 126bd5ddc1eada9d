import VitrineGraphics

/// True when `a` and `b` differ by at most `tolerance` (absolute; test values are near 1).
func approx(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance
}

/// True when both coordinates of `p` and `q` are within `tolerance`.
func approx(_ p: Point, _ q: Point, tolerance: Double = 1e-12) -> Bool {
    approx(p.x, q.x, tolerance: tolerance) && approx(p.y, q.y, tolerance: tolerance)
}

/// True when the stored origin and size of `r` and `s` are within `tolerance`.
func approx(_ r: Rect, _ s: Rect, tolerance: Double = 1e-12) -> Bool {
    approx(r.origin, s.origin, tolerance: tolerance)
        && approx(r.size.width, s.size.width, tolerance: tolerance)
        && approx(r.size.height, s.size.height, tolerance: tolerance)
}

/// True when all six entries of `t` and `u` are within `tolerance`.
func approx(_ t: AffineTransform, _ u: AffineTransform, tolerance: Double = 1e-12) -> Bool {
    approx(t.a, u.a, tolerance: tolerance) && approx(t.b, u.b, tolerance: tolerance)
        && approx(t.c, u.c, tolerance: tolerance) && approx(t.d, u.d, tolerance: tolerance)
        && approx(t.tx, u.tx, tolerance: tolerance) && approx(t.ty, u.ty, tolerance: tolerance)
}
