//! Palette tables checked entry by entry against FACTS.md.

use parlour::gfx::Rgb;
use parlour::gfx::palette::*;

fn hexes(p: &parlour::gfx::Palette) -> Vec<u32> {
    p.entries().iter().map(|c| c.to_u32()).collect()
}

#[test]
fn mac_one_and_two_bit_cluts() {
    assert_eq!(hexes(&mac_clut1()), [0xFFFFFF, 0x000000]);
    assert_eq!(hexes(&mac_clut2()), [0xFFFFFF, 0xACACAC, 0x555555, 0x000000]);
}

#[test]
fn mac_four_bit_clut() {
    let facts = [
        0xFFFFFF, 0xFCF305, 0xFF6402, 0xDD0806, 0xF20884, 0x4600A5, 0x0000D4, 0x02ABEA, 0x1FB714, 0x006411, 0x562C05,
        0x90713A, 0xC0C0C0, 0x808080, 0x404040, 0x000000,
    ];
    assert_eq!(hexes(&mac_clut4()), facts);
}

#[test]
fn mac_eight_bit_clut() {
    let p = mac_clut8();
    assert_eq!(p.len(), 256);
    // The cube, written out from FACTS.md's formula independently.
    for i in 0..215u32 {
        let (r, g, b) = (0xFF - 0x33 * (i / 36), 0xFF - 0x33 * ((i / 6) % 6), 0xFF - 0x33 * (i % 6));
        assert_eq!(p.get(i), Rgb::new(r as u8, g as u8, b as u8), "entry {i}");
    }
    let ramp = [0xEE, 0xDD, 0xBB, 0xAA, 0x88, 0x77, 0x55, 0x44, 0x22, 0x11];
    for (k, &v) in ramp.iter().enumerate() {
        let k = k as u32;
        assert_eq!(p.get(215 + k), Rgb::new(v, 0, 0));
        assert_eq!(p.get(225 + k), Rgb::new(0, v, 0));
        assert_eq!(p.get(235 + k), Rgb::new(0, 0, v));
        assert_eq!(p.get(245 + k), Rgb::new(v, v, v));
    }
    assert_eq!(p.get(0), Rgb::WHITE);
    assert_eq!(p.get(255), Rgb::BLACK);
}

#[test]
fn amiga_workbench_defaults() {
    let wb2 = parlour::gfx::Palette::from_amiga12(&AMIGA_WB2_REGISTERS);
    assert_eq!(hexes(&wb2), [0xAAAAAA, 0x000000, 0xFFFFFF, 0x6688BB, 0xEE4444, 0x55DD55, 0x0044DD, 0xEE9900]);
    let wb13 = parlour::gfx::Palette::from_amiga12(&AMIGA_WB13_REGISTERS);
    assert_eq!(hexes(&wb13), [0x0055AA, 0xFFFFFF, 0x000022, 0xFF8800]);
}

#[test]
fn windows_static_colours() {
    let p = hexes(&windows_static());
    assert_eq!(
        p[..10],
        [0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xC0C0C0, 0xC0DCC0, 0xA6CAF0]
    );
    assert_eq!(
        p[246..],
        [0xFFFBF0, 0xA0A0A4, 0x808080, 0xFF0000, 0x00FF00, 0xFFFF00, 0x0000FF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
    );
}
