//! The card art: 52 faces, the backs and the empty-pile mats, in four sizes,
//! read from the built-in assets (roms-like-assets/cards/, painted by
//! `cargo run --example paint_cards`). Every piece is a colour PNG whose
//! alpha is the mask plus a hand-made one-bit PNG, loaded as `gfx::Art` so
//! one-bit screens draw the one-bit image, as a Mac draws a 'cicn'.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::assets;
use crate::cards::{Card, Suit};
use crate::gfx::Art;
use crate::gfx::image_io::ImageError;

/// The four card sizes. They are ordered by size (`Small < Compact <
/// Medium < Large`); a view picks the largest whose layout fits by trying
/// `ALL_LARGEST_FIRST` in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardSize {
    /// 71 x 96, the classic Windows card: YaZZle, the Macs, Amiga DblPAL.
    Large,
    /// 58 x 79, the large card's proportions a size down, for layouts the
    /// large cards do not fit: ten columns in YaZZle's window (10 x 58 +
    /// 9 x 3 = 607), seven on a 512-pixel Mac (7 x 58 + 6 x 9 = 460). The
    /// same designs, redrawn by hand at this size.
    Medium,
    /// 45 x 61, for ten columns or a pyramid on a 512-pixel Mac (10 x 45 +
    /// 9 x 4 = 486), where medium cards do not fit and small ones can
    /// hardly be read. Rank and suit side by side, so a 12-row strip of a
    /// covered card shows both; 7 x 7 pips; the small busts in a frame.
    Compact,
    /// 29 x 44, for the Amiga's 320-pixel lores screen: ten columns with
    /// 3-pixel gaps fit across it (10 x 29 + 9 x 3 = 317). The height
    /// holds a 7-row index at both ends and four rows of pips between.
    Small,
}

impl CardSize {
    /// Every size, largest first.
    pub const ALL: [CardSize; 4] = CardSize::ALL_LARGEST_FIRST;

    /// The sizes to try in turn when looking for the largest whose layout
    /// fits: large, medium, compact, small.
    pub const ALL_LARGEST_FIRST: [CardSize; 4] =
        [CardSize::Large, CardSize::Medium, CardSize::Compact, CardSize::Small];

    /// The size for a screen (or window) `width` pixels wide: small cards
    /// below 500 pixels, where seven large ones would not fit side by side.
    /// (A starting point: a view whose layout is wider than the screen
    /// steps down through `ALL_LARGEST_FIRST`.)
    pub fn for_screen(width: u32) -> CardSize {
        if width < 500 { CardSize::Small } else { CardSize::Large }
    }

    /// The asset folder under cards/.
    pub fn folder(self) -> &'static str {
        match self {
            CardSize::Large => "large",
            CardSize::Medium => "medium",
            CardSize::Compact => "compact",
            CardSize::Small => "small",
        }
    }

    /// Width and height in pixels.
    pub fn dimensions(self) -> (u32, u32) {
        match self {
            CardSize::Large => (71, 96),
            CardSize::Medium => (58, 79),
            CardSize::Compact => (45, 61),
            CardSize::Small => (29, 44),
        }
    }
}

impl CardSize {
    /// How many rows from a face's top show its rank and suit: the least
    /// a covered card in a column may show (the index of large and medium
    /// cards is stacked, rank over suit; compact and small ones set them
    /// side by side).
    pub fn index_rows(self) -> i32 {
        match self {
            CardSize::Large => 22,
            CardSize::Medium => 20,
            CardSize::Compact => 12,
            CardSize::Small => 9,
        }
    }

    /// How many columns from a face's left show its rank and suit: the
    /// least a card fanned sideways under another may show.
    pub fn index_cols(self) -> i32 {
        match self {
            CardSize::Large | CardSize::Medium => 10,
            CardSize::Compact => 19,
            CardSize::Small => 15,
        }
    }
}

impl PartialOrd for CardSize {
    fn partial_cmp(&self, other: &CardSize) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for CardSize {
    /// By size: a smaller card is less.
    fn cmp(&self, other: &CardSize) -> std::cmp::Ordering {
        self.dimensions().cmp(&other.dimensions())
    }
}

/// What an empty pile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mat {
    /// A plain outline.
    Empty,
    /// A foundation that starts with an ace.
    Ace,
    /// A stock that can be turned over again (a circle).
    Recycle,
    /// A space only a king may fill, or a foundation that starts with one.
    King,
    /// A stock that cannot be turned over again (an X).
    Stop,
}

impl Mat {
    pub const ALL: [Mat; 5] = [Mat::Empty, Mat::Ace, Mat::Recycle, Mat::King, Mat::Stop];

    /// The file name without extension.
    pub fn name(self) -> &'static str {
        match self {
            Mat::Empty => "mat-empty",
            Mat::Ace => "mat-ace",
            Mat::Recycle => "mat-recycle",
            Mat::King => "mat-king",
            Mat::Stop => "mat-stop",
        }
    }
}

/// How many backs there are (files back1 ... back9).
pub const BACKS: usize = 9;

/// The backs' names for an options list, in order.
pub const BACK_NAMES: [&str; BACKS] =
    ["Blue lattice", "Red diamonds", "Green weave", "Castle", "Fish", "Sun", "Robot", "Flowers", "Plaid"];

/// All the art of one size.
#[derive(Debug)]
pub struct CardArt {
    size: CardSize,
    /// Suit by suit in `Suit::ALL` order, ace to king.
    faces: Vec<Art>,
    backs: Vec<Art>,
    mats: Vec<Art>,
}

/// One piece of art from the assets: `<folder>/<name>.png` and `.mono.png`.
/// Where asset bytes come from: the assets with their override folder, or
/// the built-in copies only.
type Reader = fn(&str) -> Option<Cow<'static, [u8]>>;

fn read_art(size: CardSize, name: &str, read: Reader) -> Result<Art, ImageError> {
    let path = format!("cards/{}/{name}.png", size.folder());
    let mono_path = format!("cards/{}/{name}.mono.png", size.folder());
    let missing = |p: &str| ImageError::new(p, "missing from the assets");
    let colour = read(&path).ok_or_else(|| missing(&path))?;
    let mono = read(&mono_path).ok_or_else(|| missing(&mono_path))?;
    Art::from_pngs(&path, &colour, &mono)
}

fn face_index(card: Card) -> usize {
    let suit = Suit::ALL.iter().position(|&s| s == card.suit).expect("every suit is in Suit::ALL");
    suit * 13 + card.rank.value() as usize - 1
}

impl CardArt {
    /// Reads and decodes every piece of one size. Art from the override
    /// folder (`--assets`) that cannot be used (a broken file, pieces of
    /// different sizes) is replaced by the built-in art with a warning that
    /// names the file; so this fails only if the built-in art does.
    pub fn load(size: CardSize) -> Result<CardArt, ImageError> {
        CardArt::load_from(size, assets::read).or_else(|e| {
            tell!("warning: {e}; the built-in card art is used instead");
            CardArt::load_from(size, assets::embedded)
        })
    }

    /// Every piece of one size as `read` finds the files. Fails if a file
    /// is missing or unreadable, or if pieces differ in size.
    fn load_from(size: CardSize, read: Reader) -> Result<CardArt, ImageError> {
        let art = |name: &str| read_art(size, name, read);
        let faces = Card::deck().into_iter().map(|c| art(&c.to_string())).collect::<Result<Vec<_>, _>>()?;
        let backs = (1..=BACKS).map(|n| art(&format!("back{n}"))).collect::<Result<Vec<_>, _>>()?;
        let mats = Mat::ALL.iter().map(|m| art(m.name())).collect::<Result<Vec<_>, _>>()?;
        let (w, h) = (faces[0].width(), faces[0].height());
        if let Some(odd) = faces.iter().chain(&backs).chain(&mats).find(|a| (a.width(), a.height()) != (w, h)) {
            return Err(ImageError::new(
                &format!("cards/{}", size.folder()),
                format!("pieces differ in size: {}x{} and {}x{}", w, h, odd.width(), odd.height()),
            ));
        }
        Ok(CardArt { size, faces, backs, mats })
    }

    /// The art of one size, loaded on first use and kept.
    pub fn try_get(size: CardSize) -> Result<&'static CardArt, ImageError> {
        static LARGE: OnceLock<Result<CardArt, ImageError>> = OnceLock::new();
        static MEDIUM: OnceLock<Result<CardArt, ImageError>> = OnceLock::new();
        static COMPACT: OnceLock<Result<CardArt, ImageError>> = OnceLock::new();
        static SMALL: OnceLock<Result<CardArt, ImageError>> = OnceLock::new();
        let cell = match size {
            CardSize::Large => &LARGE,
            CardSize::Medium => &MEDIUM,
            CardSize::Compact => &COMPACT,
            CardSize::Small => &SMALL,
        };
        cell.get_or_init(|| CardArt::load(size)).as_ref().map_err(Clone::clone)
    }

    /// Like `try_get`, for callers that cannot go on without cards: the
    /// built-in art is tested, so this fails only on a broken override.
    pub fn get(size: CardSize) -> &'static CardArt {
        CardArt::try_get(size).unwrap_or_else(|e| panic!("the card art cannot be read: {e}"))
    }

    pub fn card_size(&self) -> CardSize {
        self.size
    }

    /// Width and height of every piece, in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.faces[0].width(), self.faces[0].height())
    }

    pub fn face(&self, card: Card) -> &Art {
        &self.faces[face_index(card)]
    }

    /// Back `n`, counting from 0; any number is accepted and wraps round.
    pub fn back(&self, n: usize) -> &Art {
        &self.backs[n % self.backs.len()]
    }

    pub fn mat(&self, kind: Mat) -> &Art {
        &self.mats[Mat::ALL.iter().position(|&m| m == kind).expect("every mat is in Mat::ALL")]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use crate::gfx::image_io::decode_png;

    fn every_piece(art: &CardArt) -> impl Iterator<Item = &Art> {
        art.faces.iter().chain(&art.backs).chain(&art.mats)
    }

    #[test]
    fn every_piece_loads_in_every_size_at_its_size() {
        assert_eq!(CardSize::ALL.len(), 4);
        for size in CardSize::ALL {
            let art = CardArt::load(size).unwrap_or_else(|e| panic!("{size:?}: {e}"));
            assert_eq!((art.faces.len(), art.backs.len(), art.mats.len()), (52, BACKS, Mat::ALL.len()));
            assert_eq!(art.size(), size.dimensions());
            assert!(every_piece(&art).all(|a| (a.width(), a.height()) == size.dimensions()));
        }
    }

    #[test]
    fn masks_have_the_rounded_corners() {
        for size in CardSize::ALL {
            let art = CardArt::get(size);
            let (w, h) = size.dimensions();
            for a in every_piece(art) {
                // Row 0 is inset 2 pixels, row 1 by 1, mirrored at the bottom;
                // the first pixel inside each is part of the art.
                for (row, inset) in [(0, 2), (1, 1), (h - 1, 2), (h - 2, 1)] {
                    for x in 0..inset {
                        assert!(!a.mask(x, row) && !a.mask(w - 1 - x, row), "{size:?} corner at row {row}");
                    }
                    assert!(a.mask(inset, row) && a.mask(w - 1 - inset, row), "{size:?} edge at row {row}");
                }
                assert!(a.mask(0, 2) && a.mask(w - 1, h - 3));
            }
        }
    }

    #[test]
    fn no_two_faces_look_alike_in_colour_or_in_one_bit() {
        for size in CardSize::ALL {
            let art = CardArt::get(size);
            let mono =
                |a: &Art| (0..a.height()).flat_map(|y| (0..a.width()).map(move |x| a.mono(x, y))).collect::<Vec<_>>();
            let deck = Card::deck();
            for (i, a) in deck.iter().enumerate() {
                for b in &deck[i + 1..] {
                    assert_ne!(art.face(*a), art.face(*b), "{size:?}: {a} and {b}");
                    assert_ne!(mono(art.face(*a)), mono(art.face(*b)), "{size:?}: {a} and {b} in one bit");
                }
            }
        }
    }

    #[test]
    fn red_suits_of_equal_rank_differ_in_one_bit() {
        for size in CardSize::ALL {
            let art = CardArt::get(size);
            for rank in Rank::all() {
                let (h, d) = (art.face(Card::new(rank, Suit::Hearts)), art.face(Card::new(rank, Suit::Diamonds)));
                let differ = (0..h.height()).any(|y| (0..h.width()).any(|x| h.mono(x, y) != d.mono(x, y)));
                assert!(differ, "{size:?}: the {} of hearts and of diamonds", rank.name());
            }
        }
    }

    #[test]
    fn one_bit_files_are_pure_black_and_white_with_the_colour_mask() {
        let names: Vec<String> = Card::deck()
            .iter()
            .map(|c| c.to_string())
            .chain((1..=BACKS).map(|n| format!("back{n}")))
            .chain(Mat::ALL.iter().map(|m| m.name().to_string()))
            .collect();
        for size in CardSize::ALL {
            for name in &names {
                let path = format!("cards/{}/{name}", size.folder());
                let colour = decode_png(name, &assets::read(&format!("{path}.png")).unwrap()).unwrap();
                let mono = decode_png(name, &assets::read(&format!("{path}.mono.png")).unwrap()).unwrap();
                for (c, m) in colour.pixels.iter().zip(&mono.pixels) {
                    assert_eq!(c.1 >= 128, m.1 >= 128, "{path}: the masks differ");
                    if m.1 >= 128 {
                        assert!(m.0 == crate::gfx::Rgb::BLACK || m.0 == crate::gfx::Rgb::WHITE, "{path}: grey");
                    }
                }
            }
        }
    }

    #[test]
    fn backs_wrap_round_and_differ() {
        for size in CardSize::ALL {
            let art = CardArt::get(size);
            assert_eq!(art.back(BACKS + 2), art.back(2));
            for i in 0..BACKS {
                for j in i + 1..BACKS {
                    assert_ne!(art.back(i), art.back(j), "{size:?}: backs {} and {}", i + 1, j + 1);
                }
            }
        }
    }

    #[test]
    fn mats_differ() {
        for size in CardSize::ALL {
            let art = CardArt::get(size);
            for (i, a) in Mat::ALL.iter().enumerate() {
                for b in &Mat::ALL[i + 1..] {
                    assert_ne!(art.mat(*a), art.mat(*b), "{size:?}: {a:?} and {b:?}");
                }
            }
        }
    }

    #[test]
    fn sizes_largest_first_and_ordered_by_size() {
        let sizes = CardSize::ALL_LARGEST_FIRST;
        assert_eq!(sizes, [CardSize::Large, CardSize::Medium, CardSize::Compact, CardSize::Small]);
        for pair in sizes.windows(2) {
            let ((w0, h0), (w1, h1)) = (pair[0].dimensions(), pair[1].dimensions());
            assert!(w0 > w1 && h0 > h1, "{:?} is not larger than {:?}", pair[0], pair[1]);
            assert!(pair[0] > pair[1]);
        }
        assert_eq!(CardSize::ALL.iter().max(), Some(&CardSize::Large));
        assert_eq!(CardSize::ALL.iter().min(), Some(&CardSize::Small));
        // Distinct folders.
        let folders: std::collections::HashSet<_> = CardSize::ALL.iter().map(|s| s.folder()).collect();
        assert_eq!(folders.len(), CardSize::ALL.len());
    }

    #[test]
    fn medium_cards_fit_the_layouts_they_are_for() {
        let (w, h) = CardSize::Medium.dimensions();
        let (lw, lh) = CardSize::Large.dimensions();
        // Ten columns with 3-pixel gaps in 674 pixels; seven with 9-pixel
        // gaps in 507; and the large card's proportions to within a pixel.
        assert!(10 * w + 9 * 3 <= 674);
        assert!(7 * w + 6 * 9 <= 507);
        assert!((w * lh).abs_diff(h * lw) <= lw);
    }

    #[test]
    fn compact_cards_fit_ten_columns_on_a_512_pixel_mac() {
        let (w, _) = CardSize::Compact.dimensions();
        let (mw, _) = CardSize::Medium.dimensions();
        // Ten medium cards do not fit across a 512-pixel screen; ten
        // compact ones do, with 4-pixel gaps.
        assert!(10 * mw > 510);
        assert!(10 * w + 9 * 4 <= 510);
    }

    #[test]
    fn small_cards_below_500_pixels() {
        assert_eq!(CardSize::for_screen(320), CardSize::Small);
        assert_eq!(CardSize::for_screen(512), CardSize::Large);
        assert_eq!(CardSize::for_screen(640), CardSize::Large);
        assert_eq!(CardSize::for_screen(698), CardSize::Large);
    }
}
