//! Integer screen geometry.

/// An axis-aligned rectangle in pixels; `w` or `h` of 0 or less is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    /// The rectangle spanning the corners (x0, y0) inclusive to (x1, y1) exclusive.
    pub const fn from_edges(x0: i32, y0: i32, x1: i32, y1: i32) -> Rect {
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }

    pub const fn right(&self) -> i32 {
        self.x + self.w
    }

    pub const fn bottom(&self) -> i32 {
        self.y + self.h
    }

    pub const fn is_empty(&self) -> bool {
        self.w <= 0 || self.h <= 0
    }

    pub const fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && y >= self.y && x < self.right() && y < self.bottom()
    }

    /// The overlap of two rectangles (empty if they do not meet).
    pub fn intersect(&self, other: &Rect) -> Rect {
        let x0 = self.x.max(other.x);
        let y0 = self.y.max(other.y);
        let x1 = self.right().min(other.right());
        let y1 = self.bottom().min(other.bottom());
        Rect::from_edges(x0, y0, x1.max(x0), y1.max(y0))
    }

    /// The smallest rectangle holding both (the other one where this is empty).
    pub fn union(&self, other: &Rect) -> Rect {
        if self.is_empty() {
            return *other;
        }
        if other.is_empty() {
            return *self;
        }
        let (x0, y0) = (self.x.min(other.x), self.y.min(other.y));
        Rect::from_edges(x0, y0, self.right().max(other.right()), self.bottom().max(other.bottom()))
    }

    /// Shrinks by `dx` on the left and right and `dy` at the top and bottom.
    pub const fn inset(&self, dx: i32, dy: i32) -> Rect {
        Rect::new(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)
    }

    pub const fn offset(&self, dx: i32, dy: i32) -> Rect {
        Rect::new(self.x + dx, self.y + dy, self.w, self.h)
    }

    /// A rectangle of size `w` x `h` centred in this one.
    pub const fn centred(&self, w: i32, h: i32) -> Rect {
        Rect::new(self.x + (self.w - w) / 2, self.y + (self.h - h) / 2, w, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intersection_of_disjoint_rects_is_empty() {
        let a = Rect::new(0, 0, 10, 10);
        assert!(a.intersect(&Rect::new(20, 20, 5, 5)).is_empty());
        assert_eq!(a.intersect(&Rect::new(5, -5, 10, 10)), Rect::new(5, 0, 5, 5));
    }

    #[test]
    fn union_spans_both_and_ignores_an_empty_one() {
        let a = Rect::new(0, 0, 10, 10);
        assert_eq!(a.union(&Rect::new(20, 5, 5, 20)), Rect::new(0, 0, 25, 25));
        assert_eq!(a.union(&Rect::new(50, 50, 0, 3)), a);
        assert_eq!(Rect::default().union(&a), a);
    }

    #[test]
    fn contains_excludes_the_far_edges() {
        let r = Rect::new(2, 3, 4, 5);
        assert!(r.contains(2, 3) && r.contains(5, 7));
        assert!(!r.contains(6, 3) && !r.contains(2, 8));
    }
}
