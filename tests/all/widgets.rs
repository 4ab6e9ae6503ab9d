//! The controls every view shares, drawn on the smallest screens.

use parlour::gfx::Rect;
use parlour::machines::status::truncate;
use parlour::machines::{Machine, MachineChoice, MachineId};
use parlour::views::widgets::list_box;

/// A name too long for its list ends in dots inside the box, on every
/// machine: never half a letter at the edge.
#[test]
fn a_row_too_long_for_its_list_ends_in_dots_inside_the_box() {
    let rows = vec!["English Standard Board with diagonal moves".to_string(), "Short".to_string()];
    for id in MachineId::ALL {
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let mut s = m.new_surface();
        let r = Rect::new(10, 30, 150, 60);
        let row_h = list_box(&mut s, &m, r, &rows, 0, None);
        let inner = r.inset(2, 2);
        let paper = s.colour_at(inner.x + 1, inner.bottom() - 1).unwrap();
        for y in inner.y..inner.y + row_h {
            for x in inner.right() - 3..inner.right() {
                assert_eq!(s.colour_at(x, y), Some(paper), "{id}: ink at the list's edge ({x}, {y})");
            }
        }
        let font = m.look().text_font;
        let measure = |t: &str| font.text_width(t) as i32;
        let shown = truncate(&measure, &rows[0], inner.w - 6);
        assert!(shown.ends_with("...") && measure(&shown) <= inner.w - 6, "{id}: {shown}");
        assert_eq!(truncate(&measure, &rows[1], inner.w - 6), "Short");
    }
}
