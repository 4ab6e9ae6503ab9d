//! `GameSpec`: everything a game.ini says, typed, with the defaults of the
//! YaZZle "Game Types" spec and of Parlour's extension keys, and validated.
//!
//! Problems are [`Diagnostic`]s, shown as `path/game.ini:LINE: message`;
//! the message names the `[Section]` and `Key` and says what is wrong.
//! Errors make [`GameSpec::parse`] fail (with every problem found); warnings
//! (unknown sections and keys, repeats, piles outside the playing area...)
//! come alongside a usable spec. No input makes it panic.
//!
//! Where the spec gives no default, Parlour's choice is documented on the
//! field; keys the spec gives no default for and that every game needs
//! ([General] Name, [Game] Decks, NumCardWide, NumCardHigh, NumCardsDealt,
//! the X and Y of every numbered pile, and PileType, PileNumb and PileFace of
//! every dealt card) are required. The spec says YaZZle plays one deck only;
//! Parlour plays one to four ([`MAX_DECKS`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::cards::{Card, Rank, Suit};
use crate::core::files::{limits, read_capped};
use crate::core::fnv1a64;
use crate::core::{MAX_SUGGEST, near, nearest};

use super::ini::{Entry, IniDoc, Section};

/// Decks a game may use ([Game] Decks).
pub const MAX_DECKS: u32 = 4;
/// Piles of one kind a game may have ([Stock] Piles and the like).
pub const MAX_PILES: usize = 255;
/// Cards in the most decks a game may use.
pub const MAX_CARDS: usize = 52 * MAX_DECKS as usize;

// ---------------------------------------------------------------------------
// Diagnostics (shared with every other data file's reader)

pub use crate::core::{Diagnostic, Severity};

// ---------------------------------------------------------------------------
// The keys

/// The keys of one section: the spec's, then Parlour's extensions.
#[derive(Clone, Copy, Debug)]
pub struct SectionKeys {
    /// The section name; `N` stands for the number of numbered sections.
    pub section: &'static str,
    pub spec: &'static [&'static str],
    pub extension: &'static [&'static str],
}

const MODE_KEYS: &[&str] = &["CheckFree", "KingsOnly", "Take3"];
const MODE_EXTENSIONS: &[&str] = &["Name", "AutoRemove"];
const PLACE_KEYS: &[&str] = &["X", "Y"];

/// Every section and key Parlour reads.
pub const KEYS: &[SectionKeys] = &[
    SectionKeys { section: "General", spec: &["Name", "Author"], extension: &[] },
    SectionKeys {
        section: "Game",
        spec: &[
            "Decks",
            "Addition",
            "AllowWrap",
            "KingsOnly",
            "CardXOffset",
            "CardYOffset",
            "MaxRandDeltas",
            "NumCardWide",
            "NumCardHigh",
            "NumCardsDealt",
            "StartRankCard",
        ],
        extension: &["Suits", "AutoPlay", "AceHigh", "KingsToBottom", "WinWhen"],
    },
    SectionKeys { section: "EasyMode", spec: MODE_KEYS, extension: MODE_EXTENSIONS },
    SectionKeys { section: "HardMode", spec: MODE_KEYS, extension: MODE_EXTENSIONS },
    SectionKeys {
        section: "Stock",
        spec: &["Piles", "NumCardWide", "NumCardHigh", "Visibility"],
        extension: &["DealTo", "DealPiles", "DealCount", "Redeals", "DealNeedsNoGaps"],
    },
    SectionKeys { section: "Waste", spec: &["Piles", "NumCardWide", "NumCardHigh"], extension: &[] },
    SectionKeys {
        section: "Foundation",
        spec: &[
            "Piles",
            "NumCardWide",
            "NumCardHigh",
            "AllowWrap",
            "MaxCardsShown",
            "MaxVisible",
            "MaxXRandDelta",
            "MaxYRandDelta",
            "OriginXOff",
            "OriginYOff",
        ],
        extension: &["Build", "SuitCheck", "StartRank", "TakeBack", "CompleteSequences", "AutoRemove", "Discard"],
    },
    SectionKeys {
        section: "Tableau",
        spec: &[
            "Piles",
            "NumCardWide",
            "NumCardHigh",
            "CardXDownOff",
            "CardYDownOff",
            "CardXUpOff",
            "CardYUpOff",
            "CheckFree",
            "CheckInOrder",
            "ColorCheck",
            "MaxAllowed",
            "MaxCards",
            "SequenceCheck",
            "SuitCheck",
        ],
        extension: &["MaxMove", "StackSuitCheck", "FillEmpty", "FillFrom"],
    },
    SectionKeys {
        section: "Reserve",
        spec: &[
            "Piles",
            "NumCardWide",
            "NumCardHigh",
            "CardXUpOff",
            "CardYUpOff",
            "MaxAllowed",
            "MaxXRandDelta",
            "MaxYRandDelta",
            "MaxVisible",
        ],
        extension: &[],
    },
    SectionKeys { section: "StockN", spec: PLACE_KEYS, extension: &[] },
    SectionKeys { section: "WasteN", spec: PLACE_KEYS, extension: &[] },
    SectionKeys { section: "FoundationN", spec: PLACE_KEYS, extension: &[] },
    SectionKeys { section: "TableauN", spec: PLACE_KEYS, extension: &["CoveredBy"] },
    SectionKeys { section: "ReserveN", spec: PLACE_KEYS, extension: &[] },
    SectionKeys {
        section: "DealtCardN",
        spec: &["PileType", "PileNumb", "PileFace", "PileRank", "PileSuit", "GrabBack"],
        extension: &[],
    },
    SectionKeys { section: "Layout", spec: &["Image", "Alpha"], extension: &[] },
];

/// Sections the spec names but YaZZle did not use: read and kept as they are.
pub const UNUSED_SECTIONS: &[&str] =
    &["Rules", "EasyOnOptions", "EasyOffOptions", "HardOnOptions", "HardOffOptions", "EasyWinnable", "HardWinnable"];

/// Whether Parlour reads `section`, one of [`UNUSED_SECTIONS`], for a
/// meaning of its own: the winnable sections' Only (winnable deals only).
/// A misspelling of one loses that meaning, so it is an error as a
/// misspelt section of the spec's is, not the warning a section read by
/// nothing gets.
fn read_by_parlour(section: &str) -> bool {
    section.ends_with("Winnable")
}

fn keys_of(section: &str) -> Option<&'static SectionKeys> {
    KEYS.iter().find(|k| k.section.eq_ignore_ascii_case(section))
}

// ---------------------------------------------------------------------------
// The typed spec

/// The kinds of pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PileKind {
    Stock,
    Waste,
    Foundation,
    Tableau,
    Reserve,
}

impl PileKind {
    pub const ALL: [PileKind; 5] =
        [PileKind::Stock, PileKind::Waste, PileKind::Foundation, PileKind::Tableau, PileKind::Reserve];

    /// The section name: `Stock`, `Waste`, `Foundation`, `Tableau`, `Reserve`.
    pub fn title(self) -> &'static str {
        match self {
            PileKind::Stock => "Stock",
            PileKind::Waste => "Waste",
            PileKind::Foundation => "Foundation",
            PileKind::Tableau => "Tableau",
            PileKind::Reserve => "Reserve",
        }
    }

    /// The letter of move texts and of [DealtCardN] PileType: S, W, F, T, R.
    pub fn letter(self) -> char {
        self.title().as_bytes()[0] as char
    }

    /// Reads a pile letter (any case).
    pub fn from_letter(c: char) -> Option<PileKind> {
        PileKind::ALL.into_iter().find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// How messages name one pile of this kind before its number:
    /// "stock 1", "tableau pile 3", "reserve 2".
    pub fn noun(self) -> &'static str {
        match self {
            PileKind::Stock => "stock",
            PileKind::Waste => "waste",
            PileKind::Foundation => "foundation",
            PileKind::Tableau => "tableau pile",
            PileKind::Reserve => "reserve",
        }
    }

    /// "tableau piles", "stock piles": the kind's piles in messages.
    fn piles_word(self) -> String {
        format!("{} piles", self.title().to_ascii_lowercase())
    }
}

/// [General].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct General {
    /// Required.
    pub name: String,
    /// Default empty.
    pub author: String,
}

/// [Game] WinWhen (extension).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WinWhen {
    /// Every card is on a foundation.
    #[default]
    Foundations,
    /// The tableau is empty (Golf, Pyramid).
    TableauEmpty,
}

/// [Game].
#[derive(Clone, Debug, PartialEq)]
pub struct GameSection {
    /// Required; 1 to [`MAX_DECKS`].
    pub decks: u32,
    /// 0, or the sum two cards must make to leave together (addition games).
    pub addition: u32,
    pub allow_wrap: bool,
    pub kings_only: bool,
    /// Pixels between piles. No default in the spec; Parlour uses 11.
    pub card_x_offset: u32,
    pub card_y_offset: u32,
    /// No default in the spec; Parlour uses 1 (the spec's usual value).
    pub max_rand_deltas: bool,
    /// Required; the playing area in card widths and heights.
    pub num_card_wide: f64,
    pub num_card_high: f64,
    /// Required; how many [DealtCardN] sections there are.
    pub num_cards_dealt: usize,
    /// 0 = unused; otherwise the N of the [DealtCardN] whose rank every
    /// foundation starts from.
    pub start_rank_card: usize,
    /// Extension `Suits`: the suits each deck is made of, in equal numbers
    /// (1, 2 or 4 of them; default all four).
    pub suits: Vec<Suit>,
    /// Extension `AutoPlay` (default 0).
    pub auto_play: bool,
    /// Extension `AceHigh` (default 0).
    pub ace_high: bool,
    /// Extension `KingsToBottom` (default 0).
    pub kings_to_bottom: bool,
    /// Extension `WinWhen` (default Foundations).
    pub win_when: WinWhen,
}

impl Default for GameSection {
    fn default() -> Self {
        GameSection {
            decks: 1,
            addition: 0,
            allow_wrap: false,
            kings_only: false,
            card_x_offset: 11,
            card_y_offset: 11,
            max_rand_deltas: true,
            num_card_wide: 1.0,
            num_card_high: 1.0,
            num_cards_dealt: 0,
            start_rank_card: 0,
            suits: Suit::ALL.to_vec(),
            auto_play: false,
            ace_high: false,
            kings_to_bottom: false,
            win_when: WinWhen::Foundations,
        }
    }
}

impl GameSection {
    /// How many copies of each card of a suit in `suits` the decks hold.
    pub fn copies_per_card(&self) -> usize {
        self.decks as usize * 4 / self.suits.len().max(1)
    }

    /// Cards in the decks.
    pub fn total_cards(&self) -> usize {
        52 * self.decks as usize
    }
}

/// [EasyMode] and [HardMode]; everything defaults to 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModeSection {
    pub check_free: bool,
    pub kings_only: bool,
    pub take3: bool,
    /// Extension `Name`: what menus call the mode (default Easy, Hard).
    pub name: Option<String>,
    /// Extension `AutoRemove`, when given: overrides [Foundation]
    /// AutoRemove in this mode.
    pub auto_remove: Option<bool>,
}

/// [Stock] DealTo (extension).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DealTo {
    #[default]
    Waste,
    Tableau,
    Foundation,
}

/// [Stock].
#[derive(Clone, Debug, PartialEq)]
pub struct StockSection {
    pub piles: usize,
    /// Pile size in cards; no default in the spec, Parlour uses 1.
    pub num_card_wide: f64,
    pub num_card_high: f64,
    /// Default 1.
    pub visibility: bool,
    /// Extension `DealTo` (default Waste).
    pub deal_to: DealTo,
    /// Extension `DealPiles`: with DealTo=Tableau, the first this many
    /// tableau piles get a card (None = all).
    pub deal_piles: Option<usize>,
    /// Extension `DealCount`: cards per deal to the waste (default 1).
    pub deal_count: u32,
    /// Extension `Redeals`: None = unlimited (written -1, the default).
    pub redeals: Option<u32>,
    /// Extension `DealNeedsNoGaps` (default 0).
    pub deal_needs_no_gaps: bool,
}

impl Default for StockSection {
    fn default() -> Self {
        StockSection {
            piles: 0,
            num_card_wide: 1.0,
            num_card_high: 1.0,
            visibility: true,
            deal_to: DealTo::Waste,
            deal_piles: None,
            deal_count: 1,
            redeals: None,
            deal_needs_no_gaps: false,
        }
    }
}

/// [Waste].
#[derive(Clone, Debug, PartialEq)]
pub struct WasteSection {
    pub piles: usize,
    pub num_card_wide: f64,
    pub num_card_high: f64,
}

impl Default for WasteSection {
    fn default() -> Self {
        WasteSection { piles: 0, num_card_wide: 1.0, num_card_high: 1.0 }
    }
}

/// [Foundation] Build (extension).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Build {
    #[default]
    Up,
    Down,
    UpDown,
}

/// [Foundation].
#[derive(Clone, Debug, PartialEq)]
pub struct FoundationSection {
    pub piles: usize,
    pub num_card_wide: f64,
    pub num_card_high: f64,
    pub allow_wrap: bool,
    /// Default 13.
    pub max_cards_shown: u32,
    /// Default 13.
    pub max_visible: u32,
    /// No default in the spec; Parlour uses 0.
    pub max_x_rand_delta: f64,
    pub max_y_rand_delta: f64,
    /// Default 0.
    pub origin_x_off: f64,
    pub origin_y_off: f64,
    /// Extension `Build` (default Up).
    pub build: Build,
    /// Extension `SuitCheck` (default 1).
    pub suit_check: bool,
    /// Extension `StartRank` (default ace).
    pub start_rank: Rank,
    /// Extension `TakeBack` (default 0).
    pub take_back: bool,
    /// Extension `CompleteSequences` (default 0).
    pub complete_sequences: bool,
    /// Extension `AutoRemove` (default 1): complete runs leave the tableau
    /// by themselves.
    pub auto_remove: bool,
    /// Extension `Discard` (default 0).
    pub discard: bool,
}

impl Default for FoundationSection {
    fn default() -> Self {
        FoundationSection {
            piles: 0,
            num_card_wide: 1.0,
            num_card_high: 1.0,
            allow_wrap: false,
            max_cards_shown: 13,
            max_visible: 13,
            max_x_rand_delta: 0.0,
            max_y_rand_delta: 0.0,
            origin_x_off: 0.0,
            origin_y_off: 0.0,
            build: Build::Up,
            suit_check: true,
            start_rank: Rank::ACE,
            take_back: false,
            complete_sequences: false,
            auto_remove: true,
            discard: false,
        }
    }
}

/// [Tableau] ColorCheck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColourCheck {
    /// 0: any colour.
    #[default]
    Any,
    /// 1: the moved card has the colour of the card it goes on.
    Same,
    /// 2: the moved card has the other colour.
    Different,
}

/// [Tableau] SequenceCheck: the rank of the moved (first) card compared with
/// the card it goes on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sequence {
    /// 0: any rank.
    #[default]
    Any,
    /// 1: one higher (building up).
    Higher,
    /// 2: one lower (building down, as in Klondike).
    Lower,
    /// 3: one higher or one lower.
    Either,
}

/// [Tableau].
#[derive(Clone, Debug, PartialEq)]
pub struct TableauSection {
    pub piles: usize,
    pub num_card_wide: f64,
    pub num_card_high: f64,
    /// No default in the spec; Parlour uses 0 for all four offsets.
    pub card_x_down_off: f64,
    pub card_y_down_off: f64,
    pub card_x_up_off: f64,
    pub card_y_up_off: f64,
    pub check_free: bool,
    pub check_in_order: bool,
    pub color_check: ColourCheck,
    /// Default 13.
    pub max_allowed: u32,
    /// Default 13.
    pub max_cards: u32,
    pub sequence_check: Sequence,
    pub suit_check: bool,
    /// Extension `MaxMove`: cards per move (None = no limit, the default).
    pub max_move: Option<u32>,
    /// Extension `StackSuitCheck` (default 0).
    pub stack_suit_check: bool,
    /// Extension `FillEmpty` (default 1).
    pub fill_empty: bool,
    /// Extension `FillFrom`: Some(Reserve) or None (the default).
    pub fill_from: Option<PileKind>,
}

impl Default for TableauSection {
    fn default() -> Self {
        TableauSection {
            piles: 0,
            num_card_wide: 1.0,
            num_card_high: 1.0,
            card_x_down_off: 0.0,
            card_y_down_off: 0.0,
            card_x_up_off: 0.0,
            card_y_up_off: 0.0,
            check_free: false,
            check_in_order: false,
            color_check: ColourCheck::Any,
            max_allowed: 13,
            max_cards: 13,
            sequence_check: Sequence::Any,
            suit_check: false,
            max_move: None,
            stack_suit_check: false,
            fill_empty: true,
            fill_from: None,
        }
    }
}

/// [Reserve].
#[derive(Clone, Debug, PartialEq)]
pub struct ReserveSection {
    pub piles: usize,
    pub num_card_wide: f64,
    pub num_card_high: f64,
    pub card_x_up_off: f64,
    pub card_y_up_off: f64,
    /// Default 1.
    pub max_allowed: u32,
    pub max_x_rand_delta: f64,
    pub max_y_rand_delta: f64,
    /// Default 1.
    pub max_visible: u32,
}

impl Default for ReserveSection {
    fn default() -> Self {
        ReserveSection {
            piles: 0,
            num_card_wide: 1.0,
            num_card_high: 1.0,
            card_x_up_off: 0.0,
            card_y_up_off: 0.0,
            max_allowed: 1,
            max_x_rand_delta: 0.0,
            max_y_rand_delta: 0.0,
            max_visible: 1,
        }
    }
}

/// [StockN], [WasteN], [FoundationN], [TableauN], [ReserveN].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PilePlace {
    /// Position in card widths and heights (required).
    pub x: f64,
    pub y: f64,
    /// Extension `CoveredBy` ([TableauN] only): the tableau piles (numbered
    /// from 1) that must be empty before this pile's cards may be played.
    pub covered_by: Vec<usize>,
    /// The header line (0 for a missing section, in a spec with errors).
    pub line: usize,
}

/// [DealtCardN].
#[derive(Clone, Debug, PartialEq)]
pub struct DealtCard {
    /// Foundation, Reserve, Tableau or Waste.
    pub kind: PileKind,
    /// The pile, numbered from 1.
    pub pile: usize,
    pub face_up: bool,
    /// A specific card, or None for the next card of the shuffled stock.
    pub card: Option<Card>,
    pub grab_back: bool,
    /// The header line (0 for a missing section, in a spec with errors).
    pub line: usize,
}

/// [Layout].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    pub image: Option<String>,
    pub alpha: Option<String>,
}

/// Everything in a game.ini.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSpec {
    /// The file, as named in messages.
    pub path: PathBuf,
    /// FNV-1a of the file's bytes (saves record it).
    pub hash: u64,
    pub general: General,
    pub game: GameSection,
    pub easy: ModeSection,
    pub hard: ModeSection,
    pub stock: StockSection,
    pub waste: WasteSection,
    pub foundation: FoundationSection,
    pub tableau: TableauSection,
    pub reserve: ReserveSection,
    /// [StockN] etc., N = index + 1; as many as the kind's Piles.
    pub stock_piles: Vec<PilePlace>,
    pub waste_piles: Vec<PilePlace>,
    pub foundation_piles: Vec<PilePlace>,
    pub tableau_piles: Vec<PilePlace>,
    pub reserve_piles: Vec<PilePlace>,
    /// [DealtCardN], N = index + 1; as many as NumCardsDealt.
    pub dealt: Vec<DealtCard>,
    pub layout: Layout,
    /// [Rules], [EasyOnOptions], ... as read.
    pub unused: Vec<Section>,
    /// The whole file as read: every section and key with its line.
    pub doc: IniDoc,
}

impl GameSpec {
    /// Reads and checks a game.ini file. `Err` holds every problem when there
    /// is an error; `Ok` comes with the warnings.
    pub fn load(path: &Path) -> Result<(GameSpec, Vec<Diagnostic>), Vec<Diagnostic>> {
        match read_capped(path, limits::RULES) {
            Ok(bytes) => GameSpec::parse(path, &bytes),
            Err(e) => Err(vec![Diagnostic::error(path, 1, format!("cannot be read ({e})"))]),
        }
    }

    /// Reads and checks a game.ini's bytes; `path` is used in messages.
    /// The problems come in line order, what reading each line found
    /// before the checks of the whole game, which may follow from it (a
    /// [Foundation] Piles that is no number leaves no foundation piles):
    /// the first error is the one to mend first.
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<(GameSpec, Vec<Diagnostic>), Vec<Diagnostic>> {
        match Self::read_all(path, bytes) {
            (Some(spec), diags) if !diags.iter().any(Diagnostic::is_error) => Ok((spec, diags)),
            (_, diags) => Err(diags),
        }
    }

    /// [`parse`](Self::parse) to the end whatever it finds: the spec as
    /// read (None where the file holds no section to read), errors or not,
    /// and the problems in parse's order. Only for checks that stand
    /// apart from those errors, as lint makes: a spec with errors is no
    /// game to play.
    pub fn read_all(path: &Path, bytes: &[u8]) -> (Option<GameSpec>, Vec<Diagnostic>) {
        let (doc, diags) = IniDoc::parse(path, bytes);
        if doc.sections().is_empty() && diags.iter().any(Diagnostic::is_error) {
            return (None, diags);
        }
        let comments = comments_kept_in_values(&doc);
        let mut r = Reader { path, diags, area_known: false, checks_from: 0 };
        let mut spec = r.read(doc, fnv1a64(bytes));
        spec.path = path.to_path_buf();
        let Reader { mut diags, checks_from, .. } = r;
        for d in diags.iter_mut().filter(|d| d.is_error()) {
            if let Some((_, note)) = comments.iter().find(|(line, _)| *line == d.line) {
                d.message.push_str(note);
            }
        }
        let mut checks = diags.split_off(checks_from);
        diags.sort_by_key(|d| d.line);
        checks.sort_by_key(|d| d.line);
        diags.append(&mut checks);
        (Some(spec), diags)
    }

    /// The piles of one kind.
    pub fn piles(&self, kind: PileKind) -> &[PilePlace] {
        match kind {
            PileKind::Stock => &self.stock_piles,
            PileKind::Waste => &self.waste_piles,
            PileKind::Foundation => &self.foundation_piles,
            PileKind::Tableau => &self.tableau_piles,
            PileKind::Reserve => &self.reserve_piles,
        }
    }

    /// The room each pile of `kind` takes, in cards across and down (its
    /// section's NumCardWide and NumCardHigh).
    pub fn room(&self, kind: PileKind) -> (f64, f64) {
        match kind {
            PileKind::Stock => (self.stock.num_card_wide, self.stock.num_card_high),
            PileKind::Waste => (self.waste.num_card_wide, self.waste.num_card_high),
            PileKind::Foundation => (self.foundation.num_card_wide, self.foundation.num_card_high),
            PileKind::Tableau => (self.tableau.num_card_wide, self.tableau.num_card_high),
            PileKind::Reserve => (self.reserve.num_card_wide, self.reserve.num_card_high),
        }
    }

    /// [EasyMode] or [HardMode].
    pub fn mode(&self, hard: bool) -> &ModeSection {
        if hard { &self.hard } else { &self.easy }
    }
}

// ---------------------------------------------------------------------------
// Reading

/// Said after an error on a value that holds ` #`: authors used to other
/// INI files take it for a comment, but game.ini keeps it in the value.
const HASH_IS_NO_COMMENT: &str =
    " (only `;` starts a comment after a value; `#` starts one only at the start of a line)";

/// Said after an error on a value that holds `;` straight after it
/// (`Decks=1;one deck`): a comment after a value starts after a space.
const SEMICOLON_NEEDS_A_SPACE: &str =
    " (a `;` after a value starts a comment only after a space or tab: `Decks=1 ; one deck`)";

/// The lines of entries whose value holds what the author most likely
/// meant as a comment, with the note an error on that line is told with:
/// ` #`, as other INI files write one, or a `;` with no space before it
/// (the reader ends a value only at ` ;`, so any `;` left is unspaced).
fn comments_kept_in_values(doc: &IniDoc) -> Vec<(usize, &'static str)> {
    let entries = doc.sections().iter().flat_map(Section::entries);
    entries
        .filter_map(|e| {
            let note = if e.value.contains(" #") || e.value.contains("\t#") {
                HASH_IS_NO_COMMENT
            } else if e.value.contains(';') {
                SEMICOLON_NEEDS_A_SPACE
            } else {
                return None;
            };
            Some((e.line, note))
        })
        .collect()
}

/// Whether pile `i` of `kind` is placed as written: its section is in the
/// file and holds no error (see [`Reader::sections_in_error`]).
fn sound(spoiled: &BTreeSet<String>, kind: PileKind, i: usize, place: &PilePlace) -> bool {
    place.line > 0 && !spoiled.contains(&format!("{}{}", kind.title(), i + 1).to_lowercase())
}

/// How near two piles' first cards may lie, across and down, in cards,
/// before the one drawn over the other leaves too little of it in sight to
/// be seen: a sliver thinner than a face-down card's edge in a tableau fan.
const HIDING_GAP: f64 = 0.1;

/// Where a count (Piles, NumCardsDealt) came from, for messages.
struct Count {
    value: usize,
    /// `[Tableau] Piles=8` or a phrase for a missing key.
    source: String,
    line: usize,
    /// Whether `source` quotes the key on `line`, which a message told on
    /// another line then names. Without it no count was read: `value` is
    /// 0, or the highest numbered section present.
    quotes_key: bool,
}

impl Count {
    /// A count whose source is a phrase of its own (`there is no [Game]
    /// section`), the line where it was found.
    fn phrase(value: usize, source: impl Into<String>, line: usize) -> Count {
        Count { value, source: source.into(), line, quotes_key: false }
    }

    /// `source` as a message told at `at` gives it: `[Tableau] Piles=8
    /// (line 40)` from elsewhere, without the line where it is told.
    fn source_told_at(&self, at: usize) -> String {
        if self.quotes_key && at != self.line {
            format!("{} (line {})", self.source, self.line)
        } else {
            self.source.clone()
        }
    }
}

/// A line that is a key and its value but for the `=` between them
/// (`Piles 7`, `Piles: 7`), as the key and the value.
fn without_equals(text: &str) -> Option<(&str, &str)> {
    let end = text.find(|c: char| c.is_whitespace() || c == ':')?;
    let (key, rest) = text.split_at(end);
    let value = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ':');
    let plain = |c: char| c.is_ascii_alphanumeric();
    (!key.is_empty() && key.chars().all(plain) && !value.is_empty()).then_some((key, value))
}

/// A card dealt to a pile that does not exist: the pile, how many of its
/// kind there are, and its `[DealtCardN] PileNumb=N` with the line.
struct ToNoPile {
    kind: PileKind,
    pile: usize,
    counted: usize,
    said: String,
    line: usize,
}

impl ToNoPile {
    fn message(&self) -> String {
        let there = match self.counted {
            0 => format!("there are no {}", self.kind.piles_word()),
            1 => format!("there is only 1 {}", self.kind.noun()),
            h => format!("there are only {h} {}", self.kind.piles_word()),
        };
        format!("{}: {} {} does not exist ({there})", self.said, self.kind.noun(), self.pile)
    }
}

struct Reader<'p> {
    path: &'p Path,
    diags: Vec<Diagnostic>,
    /// Whether [Game] NumCardWide and NumCardHigh were read (pile places
    /// are checked against them only then).
    area_known: bool,
    /// Where in `diags` the checks of the whole game begin.
    checks_from: usize,
}

/// The most characters of a mode's Name the menus show, on every machine:
/// as many as the Game menu's longest item ("Auto-play to Foundations"),
/// which fits the Amiga PAL's 320 pixels in Topaz. A longer name is cut
/// after a whole word, and lint says so.
pub const MODE_NAME_SHOWN: usize = 24;

/// What a mode section's mode is called when it gives no Name.
fn mode_default_name(section: &str) -> &'static str {
    if section.eq_ignore_ascii_case("HardMode") { "Hard" } else { "Easy" }
}

/// A lower bound meaning "more than 0".
const POSITIVE: f64 = f64::MIN_POSITIVE;

/// A value that failed to read: why, in words.
type Why = String;

fn parse_int(v: &str) -> Result<i64, Why> {
    let digits = v.strip_prefix(['+', '-']).unwrap_or(v);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return v.parse::<i64>().map_err(|_| "is far too large".to_string());
    }
    if parse_dec(v).is_ok() {
        return Err("must be a whole number".into());
    }
    Err("is not a number".into())
}

fn parse_dec(v: &str) -> Result<f64, Why> {
    let body = v.strip_prefix(['+', '-']).unwrap_or(v);
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let ok = !(int.is_empty() && frac.is_empty())
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit());
    if !ok {
        if body.contains(',') && body.replace(',', ".").parse::<f64>().is_ok() {
            return Err("is not a number (write decimals with a point, as in 1.5)".into());
        }
        if body.contains(['e', 'E']) && body.parse::<f64>().is_ok_and(f64::is_finite) {
            return Err("has an exponent: write the number out, as in 1.5".into());
        }
        return Err("is not a number".into());
    }
    v.parse::<f64>().map_err(|_| "is not a number".to_string())
}

/// Why a value could not be read, with the values the key takes where
/// that helps: "is not a number: it must be 0 or 1", "must be a whole
/// number from 0 to 255".
fn with_range(why: &str, range: &str) -> String {
    match why {
        "is not a number" | "is far too large" => format!("{why}: it must be {range}"),
        "must be a whole number" if range.starts_with("from") => format!("{why} {range}"),
        "must be a whole number" => format!("{why}: {range}"),
        _ => why.to_string(),
    }
}

fn range_words(lo: i64, hi: i64) -> String {
    if hi - lo == 1 {
        format!("{lo} or {hi}")
    } else if hi - lo <= 3 {
        let first: Vec<String> = (lo..hi).map(|v| v.to_string()).collect();
        format!("{} or {hi}", first.join(", "))
    } else {
        format!("from {lo} to {hi}")
    }
}

fn suggest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> String {
    nearest(word, candidates).map(|c| format!(" (did you mean {c}?)")).unwrap_or_default()
}

/// The section an unknown section's name was likely meant to be, if any.
/// A numbered one is matched by its name without the number ([Tablaeu3]
/// for [Tableau3]).
impl Reader<'_> {
    /// `doc` with each unknown section that is a letter or two from a
    /// section the file lacks read as that section, an error on its own
    /// line: the misspelling is the one cause of what would follow from
    /// the missing section ([Tableau1] one too many, a card dealt to no
    /// pile), so those are not told. (The game does not play either way.)
    ///
    /// A name spelt further off ([Tabletop]) is known by its keys, when
    /// they are all keys of one section that the file lacks and needs.
    fn mend_misspelt_sections(&mut self, mut doc: IniDoc) -> IniDoc {
        // Found once, and kept as sections are mended: asked of every
        // unknown section, of which a file may have thousands.
        let mut numbered_kinds: BTreeSet<PileKind> = doc.sections().iter().filter_map(numbered_pile).collect();
        for i in 0..doc.sections().len() {
            let sec = &doc.sections()[i];
            // [Tableau03], read as the [Tableau3] it means where there is none.
            if let (Some(Err(why)), Some(meant)) = (numbered(&sec.name), unpadded(&sec.name))
                && doc.section(&meant).is_none()
            {
                self.error(sec.line, why);
                doc.rename_section(i, meant);
                numbered_kinds.extend(numbered_pile(&doc.sections()[i]));
                continue;
            }
            let known = keys_of(&sec.name).is_some()
                || UNUSED_SECTIONS.iter().any(|u| u.eq_ignore_ascii_case(&sec.name))
                || numbered(&sec.name).is_some();
            if known {
                continue;
            }
            let read = |meant: &str| read_by_parlour(meant) || !UNUSED_SECTIONS.contains(&meant);
            let lacked = |meant: &String| doc.section(meant).is_none() && read(meant);
            let (meant, why) = match meant_section(&sec.name).filter(lacked) {
                Some(meant) => (meant, String::new()),
                None => match meant_by_keys(&doc, &numbered_kinds, sec) {
                    Some(meant) => (meant.to_string(), format!("; its keys are those of [{meant}]")),
                    None => continue,
                },
            };
            let said = format!(
                "[{}] is not a section of game.ini, and there is no [{meant}]{why}: did you mean [{meant}]?",
                sec.name
            );
            self.error(sec.line, said);
            doc.rename_section(i, meant);
            numbered_kinds.extend(numbered_pile(&doc.sections()[i]));
        }
        doc
    }
}

/// The one section that `sec`, a section of no known name, was meant to
/// be by its keys: one the file needs but lacks ([General], [Game], or the
/// section of piles it numbers, as [Tableau] for [Tableau1]: a kind in
/// `numbered_kinds`) whose keys include every key of `sec`. None when no
/// section or more than one fits.
fn meant_by_keys(doc: &IniDoc, numbered_kinds: &BTreeSet<PileKind>, sec: &Section) -> Option<&'static str> {
    let needed =
        |name: &str| ["General", "Game"].contains(&name) || numbered_kinds.iter().any(|kind| kind.title() == name);
    let holds_its_keys = |keys: &SectionKeys| {
        let all = || keys.spec.iter().chain(keys.extension);
        sec.entries().iter().all(|e| all().any(|k| k.eq_ignore_ascii_case(&e.key)))
    };
    let mut fitting = KEYS.iter().filter(|k| {
        !k.section.ends_with('N') && doc.section(k.section).is_none() && needed(k.section) && holds_its_keys(k)
    });
    let meant = fitting.next().filter(|_| !sec.entries().is_empty())?;
    fitting.next().is_none().then_some(meant.section)
}

/// The kind of pile `sec` is a numbered section of ([Tableau1]...), if
/// it is one.
fn numbered_pile(sec: &Section) -> Option<PileKind> {
    match numbered(&sec.name) {
        Some(Ok(Numbered::Pile(kind, _))) => Some(kind),
        _ => None,
    }
}

fn meant_section(name: &str) -> Option<String> {
    // A letter or two typed after a pile's number ([Tableau3x]) are
    // left out.
    let body = name.trim_end_matches(|c: char| !c.is_ascii_digit());
    let typed_after = name.len() - body.len();
    let stem = body.trim_end_matches(|c: char| c.is_ascii_digit());
    let number = &body[stem.len()..];
    if number.is_empty() || stem.is_empty() || typed_after > 2 {
        let names = KEYS.iter().map(|k| k.section).filter(|n| !n.ends_with('N'));
        nearest(name, names.chain(UNUSED_SECTIONS.iter().copied())).map(str::to_string)
    } else {
        let stems = KEYS.iter().filter_map(|k| k.section.strip_suffix('N'));
        nearest(stem, stems).map(|n| format!("{n}{number}"))
    }
}

/// " (did you mean ColorCheck in [Tableau]?)" for a key that belongs in
/// another section.
fn elsewhere(word: &str, section: &str) -> String {
    if word.len() > MAX_SUGGEST {
        return String::new();
    }
    KEYS.iter()
        .filter(|k| k.section != section)
        .flat_map(|k| k.spec.iter().chain(k.extension).map(move |key| (k.section, *key)))
        .filter_map(|(sec, key)| Some((near(word, key)?, sec, key)))
        .min_by_key(|&(d, _, _)| d)
        .map(|(_, sec, key)| format!(" (did you mean {key} in [{sec}]?)"))
        .unwrap_or_default()
}

/// Whether `key` is one of the keys of section `section` (any case).
fn is_key_of(section: &str, key: &str) -> bool {
    keys_of(section).is_some_and(|k| k.spec.iter().chain(k.extension).any(|x| x.eq_ignore_ascii_case(key)))
}

/// The first key, in file order, that only [Game] has (`Decks`) standing
/// under another section: where a file lacks [Game], its header line was
/// most likely lost above that key, and the keys after it read as the
/// section before's.
fn stray_game_key(doc: &IniDoc) -> Option<(&Section, &Entry)> {
    let only_game = |key: &str| KEYS.iter().all(|k| is_key_of(k.section, key) == (k.section == "Game"));
    doc.sections()
        .iter()
        .flat_map(|sec| sec.entries().iter().map(move |entry| (sec, entry)))
        .filter(|(_, entry)| only_game(&entry.key))
        .min_by_key(|(_, entry)| entry.line)
}

/// A numbered section written with leading zeros ([Tableau03]) as the
/// one it means ([Tableau3]); None for any other name.
fn unpadded(name: &str) -> Option<String> {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &name[stem.len()..];
    let number = digits.trim_start_matches('0');
    (digits.starts_with('0') && !number.is_empty() && !stem.is_empty()).then(|| format!("{stem}{number}"))
}

/// A section name read as `StockN`, `TableauN`, `DealtCardN`...
enum Numbered {
    Pile(PileKind, usize),
    Dealt(usize),
}

fn numbered(name: &str) -> Option<Result<Numbered, Why>> {
    let lower = name.to_ascii_lowercase();
    let prefixes = [
        ("dealtcard", None),
        ("stock", Some(PileKind::Stock)),
        ("waste", Some(PileKind::Waste)),
        ("foundation", Some(PileKind::Foundation)),
        ("tableau", Some(PileKind::Tableau)),
        ("reserve", Some(PileKind::Reserve)),
    ];
    for (prefix, kind) in prefixes {
        let Some(rest) = lower.strip_prefix(prefix) else { continue };
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let stem = &name[..prefix.len()];
        let n = rest.parse::<usize>().unwrap_or(usize::MAX);
        if n == 0 {
            return Some(Err(format!("[{name}]: numbers start at 1, as in [{stem}1]")));
        }
        if rest.starts_with('0') {
            return Some(Err(format!("[{name}]: write the number without leading zeros, as in [{stem}{n}]")));
        }
        return Some(Ok(match kind {
            Some(k) => Numbered::Pile(k, n),
            None => Numbered::Dealt(n),
        }));
    }
    None
}

impl Reader<'_> {
    fn error(&mut self, line: usize, message: impl Into<String>) {
        self.diags.push(Diagnostic::error(self.path, line, message));
    }

    /// A required section the file lacks, told of on line 1, or where
    /// `lost` shows its header was most likely lost: on the line of a key
    /// of its own standing `place` ("under [General]").
    fn missing_section(&mut self, section: &str, required: &str, lost: Option<(&Entry, String)>) {
        match lost {
            Some((entry, place)) => self.error(
                entry.line,
                format!(
                    "{required}: {} stands here {place}, so the line [{section}] may be missing above it",
                    entry.key
                ),
            ),
            None => self.error(1, required),
        }
    }

    fn warn(&mut self, line: usize, message: impl Into<String>) {
        self.diags.push(Diagnostic::warning(self.path, line, message));
    }

    /// The entry for `key`, when it has a value; an empty value draws a
    /// warning and counts as missing (the default applies).
    fn entry<'s>(&mut self, sec: Option<&'s Section>, key: &str, default: &str) -> Option<&'s Entry> {
        let sec = sec?;
        let e = sec.get(key)?;
        if e.value.is_empty() {
            self.warn(e.line, format!("[{}] {} has no value; {default} is used", sec.name, e.key));
            return None;
        }
        Some(e)
    }

    fn int_in(&mut self, sec: &Section, e: &Entry, lo: i64, hi: i64) -> Option<i64> {
        match parse_int(&e.value) {
            Ok(v) if (lo..=hi).contains(&v) => Some(v),
            Ok(_) => {
                let msg = format!(
                    "[{}] {}={} is out of range: it must be {}",
                    sec.name,
                    e.key,
                    e.shown(),
                    range_words(lo, hi)
                );
                self.error(e.line, msg);
                None
            }
            Err(why) => {
                let why = with_range(&why, &range_words(lo, hi));
                self.error(e.line, format!("[{}] {}={} {why}", sec.name, e.key, e.shown()));
                None
            }
        }
    }

    fn dec_in(&mut self, sec: &Section, e: &Entry, lo: f64, hi: f64) -> Option<f64> {
        let positive = lo == POSITIVE;
        let words = if positive { format!("more than 0 and at most {hi}") } else { format!("from {lo} to {hi}") };
        match parse_dec(&e.value) {
            Ok(v) if (if positive { v > 0.0 } else { v >= lo }) && v <= hi => Some(v),
            Ok(_) => {
                self.error(
                    e.line,
                    format!("[{}] {}={} is out of range: it must be {words}", sec.name, e.key, e.shown()),
                );
                None
            }
            Err(why) => {
                let why = with_range(&why, &words);
                self.error(e.line, format!("[{}] {}={} {why}", sec.name, e.key, e.shown()));
                None
            }
        }
    }

    /// An optional whole number.
    fn int(&mut self, sec: Option<&Section>, key: &str, default: i64, lo: i64, hi: i64) -> i64 {
        let Some(s) = sec else { return default };
        match self.entry(sec, key, &format!("the default {default}")) {
            Some(e) => self.int_in(s, e, lo, hi).unwrap_or(default),
            None => default,
        }
    }

    /// A required key's section and entry: None (after an error) when the
    /// key is missing or empty.
    fn required<'s>(&mut self, sec: Option<&'s Section>, key: &str) -> Option<(&'s Section, &'s Entry)> {
        let s = sec?;
        match s.get(key) {
            Some(e) if !e.value.is_empty() => Some((s, e)),
            Some(e) => {
                self.error(e.line, format!("[{}] {} has no value; it is required", s.name, e.key));
                None
            }
            None => {
                self.error(s.line, format!("[{}] has no {key}; it is required", s.name));
                None
            }
        }
    }

    /// A required whole number: None (after an error) when missing or bad.
    fn req_int(&mut self, sec: Option<&Section>, key: &str, lo: i64, hi: i64) -> Option<i64> {
        let (s, e) = self.required(sec, key)?;
        self.int_in(s, e, lo, hi)
    }

    /// An optional whole number without a default value (None when absent,
    /// empty or wrong).
    fn opt_int(&mut self, sec: Option<&Section>, key: &str, lo: i64, hi: i64, absent: &str) -> Option<i64> {
        let s = sec?;
        let e = self.entry(sec, key, absent)?;
        self.int_in(s, e, lo, hi)
    }

    fn count(&mut self, sec: Option<&Section>, key: &str, default: usize, hi: usize) -> usize {
        self.int(sec, key, default as i64, 0, hi as i64) as usize
    }

    /// A 0/1 switch.
    fn flag(&mut self, sec: Option<&Section>, key: &str, default: bool) -> bool {
        self.int(sec, key, i64::from(default), 0, 1) == 1
    }

    /// An optional decimal; `lo` may be [`POSITIVE`].
    fn dec(&mut self, sec: Option<&Section>, key: &str, default: f64, lo: f64, hi: f64) -> f64 {
        let Some(s) = sec else { return default };
        match self.entry(sec, key, &format!("the default {default}")) {
            Some(e) => self.dec_in(s, e, lo, hi).unwrap_or(default),
            None => default,
        }
    }

    /// A required decimal: None (after an error) when missing or bad.
    fn req_dec(&mut self, sec: Option<&Section>, key: &str, lo: f64, hi: f64) -> Option<f64> {
        let (s, e) = self.required(sec, key)?;
        self.dec_in(s, e, lo, hi)
    }

    /// One word out of a list (any case).
    fn word<T: Copy + PartialEq>(&mut self, sec: Option<&Section>, key: &str, default: T, choices: &[(&str, T)]) -> T {
        let names: Vec<&str> = choices.iter().map(|c| c.0).collect();
        let Some(s) = sec else { return default };
        let default_name = choices.iter().find(|c| c.1 == default).map_or("the default", |c| c.0);
        let Some(e) = self.entry(sec, key, default_name) else { return default };
        if let Some(&(_, v)) = choices.iter().find(|c| c.0.eq_ignore_ascii_case(&e.value)) {
            return v;
        }
        let list = match names.split_last() {
            Some((last, first)) if !first.is_empty() => format!("{} or {last}", first.join(", ")),
            Some((last, _)) => last.to_string(),
            None => String::new(),
        };
        self.error(e.line, format!("[{}] {}={} is not one of {list}", s.name, e.key, e.shown()));
        default
    }

    /// The size of a pile or of the playing area, in cards.
    fn size(&mut self, sec: Option<&Section>, key: &str) -> f64 {
        self.dec(sec, key, 1.0, POSITIVE, 100.0)
    }

    fn offset(&mut self, sec: Option<&Section>, key: &str, default: f64) -> f64 {
        self.dec(sec, key, default, -10.0, 10.0)
    }

    fn text(&mut self, sec: Option<&Section>, key: &str) -> Option<String> {
        sec.and_then(|s| s.get(key)).map(|e| e.value.clone()).filter(|v| !v.is_empty())
    }

    /// Warns about keys this section does not have, and adds the line
    /// meant to the error on a line that misses its `=` (`Piles 7`). The
    /// keys of a required section the file lacks (`headerless`: [Game],
    /// its header lost) are told of once, by that section's error, not
    /// one by one here.
    fn check_keys(&mut self, sec: &Section, keys: &SectionKeys, headerless: &[&str]) {
        let is_key = |key: &str| keys.spec.iter().chain(keys.extension).any(|k| k.eq_ignore_ascii_case(key));
        for (line, text) in sec.unread() {
            let Some((key, value)) = without_equals(text).filter(|(key, _)| is_key(key)) else { continue };
            if let Some(d) = self.diags.iter_mut().find(|d| d.line == line && d.is_error()) {
                d.message.push_str(&format!(" (did you mean `{key}={value}`?)"));
            }
        }
        for e in sec.entries() {
            let known = is_key(&e.key) || headerless.iter().any(|lacked| is_key_of(lacked, &e.key));
            if !known {
                let mut hint = suggest(&e.key, keys.spec.iter().chain(keys.extension).copied());
                if hint.is_empty() {
                    hint = elsewhere(&e.key, keys.section);
                }
                self.warn(
                    e.line,
                    format!("[{}] {} is not a key of [{}] and is ignored{hint}", sec.name, e.key, keys.section),
                );
            }
        }
    }

    fn read(&mut self, doc: IniDoc, hash: u64) -> GameSpec {
        let doc = self.mend_misspelt_sections(doc);
        let headerless: Vec<&str> = ["General", "Game"].into_iter().filter(|s| doc.section(s).is_none()).collect();
        // Sort the sections out.
        let mut piles: BTreeMap<PileKind, BTreeMap<usize, &Section>> = BTreeMap::new();
        let mut dealt: BTreeMap<usize, &Section> = BTreeMap::new();
        let mut unused = Vec::new();
        for sec in doc.sections() {
            if let Some(keys) = keys_of(&sec.name) {
                self.check_keys(sec, keys, &headerless);
                continue;
            }
            if let Some(&name) = UNUSED_SECTIONS.iter().find(|u| u.eq_ignore_ascii_case(&sec.name)) {
                if read_by_parlour(name) {
                    // Parlour's meaning for these (winnable deals only):
                    // Only is their one key, 0 or 1 like every flag.
                    self.check_keys(sec, &SectionKeys { section: name, spec: &[], extension: &["Only"] }, &headerless);
                    self.flag(Some(sec), "Only", false);
                }
                unused.push(sec.clone());
                continue;
            }
            match numbered(&sec.name) {
                Some(Ok(n)) => {
                    let (map, keys) = match n {
                        Numbered::Pile(kind, n) => {
                            (piles.entry(kind).or_default().entry(n), format!("{}N", kind.title()))
                        }
                        Numbered::Dealt(n) => (dealt.entry(n), "DealtCardN".to_string()),
                    };
                    map.or_insert(sec);
                    if let Some(keys) = keys_of(&keys) {
                        self.check_keys(sec, keys, &headerless);
                    }
                }
                Some(Err(why)) => self.error(sec.line, why),
                None => {
                    let hint = meant_section(&sec.name).map(|n| format!(" (did you mean {n}?)")).unwrap_or_default();
                    self.warn(sec.line, format!("[{}] is not a section of game.ini and is ignored{hint}", sec.name));
                }
            }
        }

        let general_sec = doc.section("General");
        let game_sec = doc.section("Game");
        if doc.sections().is_empty() {
            // One error for the one thing wrong: a file left empty (or
            // holding only comments) lacks every section alike.
            self.error(
                1,
                "the file holds no sections: a game.ini needs [General] (Name, Author) and [Game] (Decks, \
                 NumCardsDealt and the rest) at least",
            );
        } else {
            if general_sec.is_none() {
                let required = "there is no [General] section; it is required (it holds Name and Author)";
                let lost = doc.before_sections().iter().find(|e| is_key_of("General", &e.key));
                self.missing_section("General", required, lost.map(|entry| (entry, "before any section".to_string())));
            }
            if game_sec.is_none() {
                let required =
                    "there is no [Game] section; it is required (it holds Decks, NumCardsDealt and the rest)";
                let lost = stray_game_key(&doc).map(|(sec, entry)| (entry, format!("under [{}]", sec.name)));
                self.missing_section("Game", required, lost);
            }
        }

        let general = self.read_general(general_sec);
        let game = self.read_game(game_sec);
        let easy = self.read_mode(doc.section("EasyMode"));
        let hard = self.read_mode(doc.section("HardMode"));
        self.check_mode_names(doc.section("EasyMode"), doc.section("HardMode"), &easy, &hard);
        let stock = self.read_stock(doc.section("Stock"));
        let waste = self.read_waste(doc.section("Waste"));
        let foundation = self.read_foundation(doc.section("Foundation"));
        let tableau = self.read_tableau(doc.section("Tableau"));
        let reserve = self.read_reserve(doc.section("Reserve"));
        let layout = Layout {
            image: self.text(doc.section("Layout"), "Image"),
            alpha: self.text(doc.section("Layout"), "Alpha"),
        };

        // The numbered sections, counted against Piles and NumCardsDealt.
        let empty = BTreeMap::new();
        let mut places: BTreeMap<PileKind, Vec<PilePlace>> = BTreeMap::new();
        let mut counts: BTreeMap<PileKind, usize> = BTreeMap::new();
        for kind in PileKind::ALL {
            let sections = piles.get(&kind).unwrap_or(&empty);
            let count = self.pile_count(&doc, kind, sections);
            counts.insert(kind, count.value);
            let list = self.read_places(kind, &count, sections, &game);
            places.insert(kind, list);
        }
        let dealt_count = self.dealt_count(game_sec, &game, &dealt);
        let dealt_cards = self.read_dealt(&dealt_count, &dealt, &game, &counts, &piles);

        let mut spec = GameSpec {
            path: PathBuf::new(),
            hash,
            general,
            game,
            easy,
            hard,
            stock,
            waste,
            foundation,
            tableau,
            reserve,
            stock_piles: places.remove(&PileKind::Stock).unwrap_or_default(),
            waste_piles: places.remove(&PileKind::Waste).unwrap_or_default(),
            foundation_piles: places.remove(&PileKind::Foundation).unwrap_or_default(),
            tableau_piles: places.remove(&PileKind::Tableau).unwrap_or_default(),
            reserve_piles: places.remove(&PileKind::Reserve).unwrap_or_default(),
            dealt: dealt_cards,
            layout,
            unused,
            doc: IniDoc::default(),
        };
        // Counts follow the sections actually read (a bad Piles value falls
        // back to the sections present).
        spec.stock.piles = spec.stock_piles.len();
        spec.waste.piles = spec.waste_piles.len();
        spec.foundation.piles = spec.foundation_piles.len();
        spec.tableau.piles = spec.tableau_piles.len();
        spec.reserve.piles = spec.reserve_piles.len();
        spec.game.num_cards_dealt = spec.dealt.len();
        self.checks_from = self.diags.len();
        self.cross_checks(&spec, &doc);
        spec.doc = doc;
        spec
    }

    fn read_general(&mut self, sec: Option<&Section>) -> General {
        let name = self.text(sec, "Name");
        let line = sec.map(|s| s.get("Name").map_or(s.line, |e| e.line));
        if let (Some(s), Some(line)) = (sec, line)
            && name.is_none()
        {
            self.error(line, format!("[{}] has no Name; it is required (the name shown in the game list)", s.name));
        }
        // The game list, title bars and menus draw no control character:
        // an escape or a bell in the name shows as a box there.
        if let (Some(s), Some(line), Some(name)) = (sec, line, &name)
            && let Some(c) = name.chars().find(|c| c.is_control())
        {
            self.warn(
                line,
                format!(
                    "[{}] Name holds the control character U+{:04X}, which the game list and title bars show as a box: take it out",
                    s.name,
                    u32::from(c)
                ),
            );
        }
        General { name: name.unwrap_or_default(), author: self.text(sec, "Author").unwrap_or_default() }
    }

    fn read_game(&mut self, sec: Option<&Section>) -> GameSection {
        let d = GameSection::default();
        let decks = self.req_int(sec, "Decks", 1, i64::from(MAX_DECKS)).unwrap_or(1) as u32;
        let wide = self.req_dec(sec, "NumCardWide", POSITIVE, 100.0);
        let high = self.req_dec(sec, "NumCardHigh", POSITIVE, 100.0);
        self.area_known = wide.is_some() && high.is_some();
        let (num_card_wide, num_card_high) = (wide.unwrap_or(d.num_card_wide), high.unwrap_or(d.num_card_high));
        GameSection {
            decks,
            addition: self.int(sec, "Addition", 0, 0, 26) as u32,
            allow_wrap: self.flag(sec, "AllowWrap", d.allow_wrap),
            kings_only: self.flag(sec, "KingsOnly", d.kings_only),
            card_x_offset: self.int(sec, "CardXOffset", 11, 0, 100) as u32,
            card_y_offset: self.int(sec, "CardYOffset", 11, 0, 100) as u32,
            max_rand_deltas: self.flag(sec, "MaxRandDeltas", d.max_rand_deltas),
            num_card_wide,
            num_card_high,
            // Checked with the [DealtCardN] sections.
            num_cards_dealt: 0,
            start_rank_card: self.count(sec, "StartRankCard", 0, MAX_CARDS),
            suits: self.read_suits(sec),
            auto_play: self.flag(sec, "AutoPlay", false),
            ace_high: self.flag(sec, "AceHigh", false),
            kings_to_bottom: self.flag(sec, "KingsToBottom", false),
            win_when: self.word(
                sec,
                "WinWhen",
                WinWhen::Foundations,
                &[("Foundations", WinWhen::Foundations), ("TableauEmpty", WinWhen::TableauEmpty)],
            ),
        }
    }

    fn read_suits(&mut self, sec: Option<&Section>) -> Vec<Suit> {
        let all = Suit::ALL.to_vec();
        let Some(s) = sec else { return all };
        let Some(e) = self.entry(sec, "Suits", "CDHS") else { return all };
        let mut suits = Vec::new();
        for c in e.value.chars().filter(|c| !matches!(c, ' ' | ',' | '\t')) {
            match Suit::from_letter(c) {
                Some(suit) if suits.contains(&suit) => {
                    self.error(e.line, format!("[{}] {}={} names {} twice", s.name, e.key, e.shown(), suit.name()));
                    return all;
                }
                Some(suit) => suits.push(suit),
                None => {
                    self.error(
                        e.line,
                        format!("[{}] {}={}: `{c}` is not a suit (C, D, H or S)", s.name, e.key, e.shown()),
                    );
                    return all;
                }
            }
        }
        if !matches!(suits.len(), 1 | 2 | 4) {
            self.error(
                e.line,
                format!(
                    "[{}] {}={} must name 1, 2 or 4 suits (each deck's 52 cards are shared equally among them)",
                    s.name,
                    e.key,
                    e.shown()
                ),
            );
            return all;
        }
        suits
    }

    fn read_mode(&mut self, sec: Option<&Section>) -> ModeSection {
        let given = sec.and_then(|s| s.get("AutoRemove")).is_some_and(|e| !e.value.is_empty());
        ModeSection {
            check_free: self.flag(sec, "CheckFree", false),
            kings_only: self.flag(sec, "KingsOnly", false),
            take3: self.flag(sec, "Take3", false),
            name: self.mode_name(sec),
            auto_remove: given.then(|| self.flag(sec, "AutoRemove", true)),
        }
    }

    /// [EasyMode] or [HardMode] Name: a warning when menus must shorten it,
    /// and when it is given empty (the mode is then called Easy or Hard,
    /// as with no Name).
    fn mode_name(&mut self, sec: Option<&Section>) -> Option<String> {
        let default = sec.map_or("Easy", |s| mode_default_name(&s.name));
        let name = self.entry(sec, "Name", default)?.value.clone();
        let length = name.chars().count();
        if let Some(s) = sec
            && let Some(e) = s.get("Name")
            && length > MODE_NAME_SHOWN
        {
            self.warn(
                e.line,
                format!(
                    "[{}] Name={} is {length} characters long: menus show at most {MODE_NAME_SHOWN} (what fits \
                     the Amiga's screen), so it is cut after a whole word",
                    s.name,
                    e.shown()
                ),
            );
        }
        Some(name)
    }

    /// A warning when [EasyMode] and [HardMode] go by one name (in any
    /// case, or alike as far as the menus show them): the Game menu would
    /// offer two items no one can tell apart. A mode that gives no Name is
    /// called Easy or Hard. The warning stands on the later Name's line and
    /// names the other's.
    fn check_mode_names(
        &mut self,
        easy_sec: Option<&Section>,
        hard_sec: Option<&Section>,
        easy: &ModeSection,
        hard: &ModeSection,
    ) {
        // The name each mode goes by, and its Name entry when it gives one.
        let named = |sec: Option<&'_ Section>, mode: &ModeSection, default: &str| {
            let entry = sec.and_then(|s| s.get("Name")).filter(|_| mode.name.is_some()).cloned();
            (mode.name.clone().unwrap_or_else(|| default.to_string()), entry)
        };
        let (easy_name, easy_entry) = named(easy_sec, easy, mode_default_name("EasyMode"));
        let (hard_name, hard_entry) = named(hard_sec, hard, mode_default_name("HardMode"));
        let shown = |name: &str| crate::core::shortened(name, MODE_NAME_SHOWN).to_lowercase();
        if shown(&easy_name) != shown(&hard_name) {
            return;
        }
        let alike = if easy_name.to_lowercase() == hard_name.to_lowercase() {
            "the same name".to_string()
        } else {
            format!("alike as the menus show them (`{}`)", crate::core::shortened(&hard_name, MODE_NAME_SHOWN))
        };
        let tail = "the Game menu would show two items no one can tell apart; give each mode a name of its own";
        let (line, message) = match (easy_entry, hard_entry) {
            (Some(e), Some(h)) => (
                e.line.max(h.line),
                format!(
                    "[EasyMode] Name={} (line {}) and [HardMode] Name={} (line {}) are {alike}: {tail}",
                    e.shown(),
                    e.line,
                    h.shown(),
                    h.line
                ),
            ),
            (Some(given), None) | (None, Some(given)) => {
                // Easy and Hard are short, so only the same name is alike.
                let (this, other) =
                    if easy.name.is_some() { ("EasyMode", "HardMode") } else { ("HardMode", "EasyMode") };
                let message =
                    format!("[{this}] Name={} is what [{other}] is called, as it gives no Name: {tail}", given.shown());
                (given.line, message)
            }
            (None, None) => return,
        };
        self.warn(line, message);
    }

    fn read_stock(&mut self, sec: Option<&Section>) -> StockSection {
        let d = StockSection::default();
        let deal_piles = self.opt_int(sec, "DealPiles", 1, MAX_PILES as i64, "all piles").map(|n| n as usize);
        let redeals = self.int(sec, "Redeals", -1, -1, 1000);
        StockSection {
            piles: self.count(sec, "Piles", 0, MAX_PILES),
            num_card_wide: self.size(sec, "NumCardWide"),
            num_card_high: self.size(sec, "NumCardHigh"),
            visibility: self.flag(sec, "Visibility", d.visibility),
            deal_to: self.word(
                sec,
                "DealTo",
                DealTo::Waste,
                &[("Waste", DealTo::Waste), ("Tableau", DealTo::Tableau), ("Foundation", DealTo::Foundation)],
            ),
            deal_piles,
            deal_count: self.int(sec, "DealCount", 1, 1, 52) as u32,
            redeals: u32::try_from(redeals).ok(),
            deal_needs_no_gaps: self.flag(sec, "DealNeedsNoGaps", false),
        }
    }

    fn read_waste(&mut self, sec: Option<&Section>) -> WasteSection {
        WasteSection {
            piles: self.count(sec, "Piles", 0, MAX_PILES),
            num_card_wide: self.size(sec, "NumCardWide"),
            num_card_high: self.size(sec, "NumCardHigh"),
        }
    }

    fn read_foundation(&mut self, sec: Option<&Section>) -> FoundationSection {
        let d = FoundationSection::default();
        let start = self.int(sec, "StartRank", 1, 1, 13);
        FoundationSection {
            piles: self.count(sec, "Piles", 0, MAX_PILES),
            num_card_wide: self.size(sec, "NumCardWide"),
            num_card_high: self.size(sec, "NumCardHigh"),
            allow_wrap: self.flag(sec, "AllowWrap", false),
            max_cards_shown: self.int(sec, "MaxCardsShown", 13, 0, MAX_CARDS as i64) as u32,
            max_visible: self.int(sec, "MaxVisible", 13, 0, MAX_CARDS as i64) as u32,
            max_x_rand_delta: self.dec(sec, "MaxXRandDelta", 0.0, 0.0, 10.0),
            max_y_rand_delta: self.dec(sec, "MaxYRandDelta", 0.0, 0.0, 10.0),
            origin_x_off: self.offset(sec, "OriginXOff", 0.0),
            origin_y_off: self.offset(sec, "OriginYOff", 0.0),
            build: self.word(
                sec,
                "Build",
                Build::Up,
                &[("Up", Build::Up), ("Down", Build::Down), ("UpDown", Build::UpDown)],
            ),
            suit_check: self.flag(sec, "SuitCheck", d.suit_check),
            start_rank: Rank::new(start as u8).unwrap_or(Rank::ACE),
            take_back: self.flag(sec, "TakeBack", false),
            complete_sequences: self.flag(sec, "CompleteSequences", false),
            auto_remove: self.flag(sec, "AutoRemove", true),
            discard: self.flag(sec, "Discard", false),
        }
    }

    fn read_tableau(&mut self, sec: Option<&Section>) -> TableauSection {
        let d = TableauSection::default();
        let color = self.int(sec, "ColorCheck", 0, 0, 2);
        let sequence = self.int(sec, "SequenceCheck", 0, 0, 3);
        let max_move = self.opt_int(sec, "MaxMove", 1, MAX_CARDS as i64, "no limit").map(|n| n as u32);
        TableauSection {
            piles: self.count(sec, "Piles", 0, MAX_PILES),
            num_card_wide: self.size(sec, "NumCardWide"),
            num_card_high: self.size(sec, "NumCardHigh"),
            card_x_down_off: self.offset(sec, "CardXDownOff", 0.0),
            card_y_down_off: self.offset(sec, "CardYDownOff", 0.0),
            card_x_up_off: self.offset(sec, "CardXUpOff", 0.0),
            card_y_up_off: self.offset(sec, "CardYUpOff", 0.0),
            check_free: self.flag(sec, "CheckFree", false),
            check_in_order: self.flag(sec, "CheckInOrder", false),
            color_check: [ColourCheck::Any, ColourCheck::Same, ColourCheck::Different][color as usize],
            max_allowed: self.int(sec, "MaxAllowed", 13, 0, MAX_CARDS as i64) as u32,
            max_cards: self.int(sec, "MaxCards", 13, 0, MAX_CARDS as i64) as u32,
            sequence_check: [Sequence::Any, Sequence::Higher, Sequence::Lower, Sequence::Either][sequence as usize],
            suit_check: self.flag(sec, "SuitCheck", false),
            max_move,
            stack_suit_check: self.flag(sec, "StackSuitCheck", false),
            fill_empty: self.flag(sec, "FillEmpty", d.fill_empty),
            fill_from: self.word(sec, "FillFrom", None, &[("Reserve", Some(PileKind::Reserve)), ("None", None)]),
        }
    }

    fn read_reserve(&mut self, sec: Option<&Section>) -> ReserveSection {
        ReserveSection {
            piles: self.count(sec, "Piles", 0, MAX_PILES),
            num_card_wide: self.size(sec, "NumCardWide"),
            num_card_high: self.size(sec, "NumCardHigh"),
            card_x_up_off: self.offset(sec, "CardXUpOff", 0.0),
            card_y_up_off: self.offset(sec, "CardYUpOff", 0.0),
            max_allowed: self.int(sec, "MaxAllowed", 1, 0, MAX_CARDS as i64) as u32,
            max_x_rand_delta: self.dec(sec, "MaxXRandDelta", 0.0, 0.0, 10.0),
            max_y_rand_delta: self.dec(sec, "MaxYRandDelta", 0.0, 0.0, 10.0),
            max_visible: self.int(sec, "MaxVisible", 1, 0, MAX_CARDS as i64) as u32,
        }
    }

    /// [Kind] Piles, read again for its line and validity (read_* already
    /// reported a bad value): a bad or missing value falls back to the
    /// highest numbered section present.
    fn pile_count(&mut self, doc: &IniDoc, kind: PileKind, present: &BTreeMap<usize, &Section>) -> Count {
        let highest = present.keys().next_back().copied().unwrap_or(0).min(MAX_PILES);
        let sec = doc.section(kind.title());
        let Some(s) = sec else {
            return Count::phrase(0, format!("there is no [{}] section, so no {}", kind.title(), kind.piles_word()), 1);
        };
        let meant =
            s.unread().find(|(_, text)| without_equals(text).is_some_and(|(key, _)| key.eq_ignore_ascii_case("Piles")));
        match s.get("Piles") {
            // Told on its line already: what follows from it is not told again.
            None if let Some((line, _)) = meant => {
                Count::phrase(highest, format!("[{}] Piles is unread", s.name), line)
            }
            None => Count::phrase(0, format!("[{}] has no Piles key, so no {}", s.name, kind.piles_word()), s.line),
            Some(e) => match parse_int(&e.value) {
                Ok(v) if (0..=MAX_PILES as i64).contains(&v) => Count {
                    value: v as usize,
                    source: format!("[{}] {}={}", s.name, e.key, e.shown()),
                    line: e.line,
                    quotes_key: true,
                },
                _ if e.value.is_empty() => {
                    Count::phrase(0, format!("[{}] {} is empty, so no {}", s.name, e.key, kind.piles_word()), e.line)
                }
                _ => Count::phrase(highest, format!("[{}] {} is wrong", s.name, e.key), e.line),
            },
        }
    }

    /// Reports missing and extra numbered sections.
    fn check_numbering(&mut self, stem: &str, count: &Count, present: &BTreeMap<usize, &Section>) {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for n in 1..=count.value {
            if present.contains_key(&n) {
                continue;
            }
            match runs.last_mut() {
                Some(r) if r.1 + 1 == n => r.1 = n,
                _ => runs.push((n, n)),
            }
        }
        if !count.quotes_key {
            // No count was read (no [Game], NumCardsDealt wrong): it is
            // the highest section present, so each gap is one in the
            // sections' own numbering, told at the section after it. Set
            // against the phrase it read "there is no [Game] section, but
            // [DealtCard10] is missing".
            for (a, b) in runs {
                let Some((_, after)) = present.range(b + 1..).next() else { continue };
                let said = match b - a + 1 {
                    1 => format!("[{stem}{a}] is missing before [{}]", after.name),
                    _ => format!("[{stem}{a}] to [{stem}{b}] are missing before [{}]", after.name),
                };
                self.error(after.line, said);
            }
        } else if !runs.is_empty() {
            let names: Vec<String> = runs
                .iter()
                .map(|&(a, b)| if a == b { format!("[{stem}{a}]") } else { format!("[{stem}{a}] to [{stem}{b}]") })
                .collect();
            let missing: usize = runs.iter().map(|&(a, b)| b - a + 1).sum();
            let verb = if missing == 1 { "is" } else { "are" };
            // Told on the count's own line, which is not named again.
            self.error(count.line, format!("{}, but {} {verb} missing", count.source, names.join(", ")));
        }
        // Extra sections numbered one after another are told of as one
        // run: a file of 45,000 too many says so in a line.
        let mut extra = present.range(count.value + 1..).peekable();
        while let Some((&first_n, first)) = extra.next() {
            let (mut last_n, mut last) = (first_n, first);
            while let Some((&n, sec)) = extra.next_if(|&(&n, _)| n == last_n + 1) {
                (last_n, last) = (n, sec);
            }
            let source = count.source_told_at(first.line);
            let said = match last_n - first_n + 1 {
                1 => format!("[{}] is one too many: {source}", first.name),
                run => format!("[{}] to [{}] are {run} too many: {source}", first.name, last.name),
            };
            self.error(first.line, said);
        }
    }

    fn read_places(
        &mut self,
        kind: PileKind,
        count: &Count,
        present: &BTreeMap<usize, &Section>,
        game: &GameSection,
    ) -> Vec<PilePlace> {
        self.check_numbering(kind.title(), count, present);
        let mut list = Vec::with_capacity(count.value);
        for n in 1..=count.value {
            let Some(&sec) = present.get(&n) else {
                list.push(PilePlace::default());
                continue;
            };
            let s = Some(sec);
            let x = self.req_dec(s, "X", 0.0, 100.0).unwrap_or(0.0);
            let y = self.req_dec(s, "Y", 0.0, 100.0).unwrap_or(0.0);
            if self.area_known && (x > game.num_card_wide || y > game.num_card_high) {
                // On the line of the coordinate past the edge, where the
                // author mends it.
                let past = if x > game.num_card_wide { "X" } else { "Y" };
                self.warn(
                    sec.get(past).map_or(sec.line, |e| e.line),
                    format!(
                        "[{}] X={x} Y={y} is outside the playing area ([Game] NumCardWide={} NumCardHigh={})",
                        sec.name, game.num_card_wide, game.num_card_high
                    ),
                );
            }
            let covered_by = if kind == PileKind::Tableau { self.covered_by(sec, n, count.value) } else { Vec::new() };
            list.push(PilePlace { x, y, covered_by, line: sec.line });
        }
        list
    }

    fn covered_by(&mut self, sec: &Section, own: usize, piles: usize) -> Vec<usize> {
        let Some(e) = sec.get("CoveredBy") else { return Vec::new() };
        let mut list = Vec::new();
        for part in e.value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match parse_int(part) {
                Ok(v) if v >= 1 && (v as usize) <= piles && v as usize != own => list.push(v as usize),
                Ok(v) if v as usize == own => {
                    self.error(e.line, format!("[{}] {}={}: a pile cannot cover itself", sec.name, e.key, e.shown()))
                }
                Ok(v) => self.error(
                    e.line,
                    format!("[{}] {}={}: there is no tableau pile {v} (there are {piles})", sec.name, e.key, e.shown()),
                ),
                Err(why) => self.error(e.line, format!("[{}] {}={}: `{part}` {why}", sec.name, e.key, e.shown())),
            }
        }
        list
    }

    fn dealt_count(
        &mut self,
        game_sec: Option<&Section>,
        game: &GameSection,
        present: &BTreeMap<usize, &Section>,
    ) -> Count {
        let highest = present.keys().next_back().copied().unwrap_or(0).min(MAX_CARDS);
        let Some(s) = game_sec else {
            return Count::phrase(highest, "there is no [Game] section", 1);
        };
        let Some(e) = s.get("NumCardsDealt") else {
            self.error(s.line, format!("[{}] has no NumCardsDealt; it is required", s.name));
            return Count::phrase(highest, format!("[{}] has no NumCardsDealt", s.name), s.line);
        };
        match parse_int(&e.value) {
            Ok(v) if v >= 0 && v as usize <= game.total_cards() => Count {
                value: v as usize,
                source: format!("[{}] {}={}", s.name, e.key, e.shown()),
                line: e.line,
                quotes_key: true,
            },
            Ok(v) if v >= 0 => {
                let decks =
                    if game.decks == 1 { "1 deck holds".to_string() } else { format!("{} decks hold", game.decks) };
                self.error(
                    e.line,
                    format!(
                        "[{}] {}={} deals more cards than {decks} ({})",
                        s.name,
                        e.key,
                        e.shown(),
                        game.total_cards()
                    ),
                );
                Count::phrase(highest.min(game.total_cards()), format!("[{}] {} is wrong", s.name, e.key), e.line)
            }
            Ok(_) => {
                self.error(e.line, format!("[{}] {}={} cannot be negative", s.name, e.key, e.shown()));
                Count::phrase(highest, format!("[{}] {} is wrong", s.name, e.key), e.line)
            }
            Err(_) if e.value.is_empty() => {
                self.error(e.line, format!("[{}] {} has no value; it is required", s.name, e.key));
                Count::phrase(highest, format!("[{}] {} is empty", s.name, e.key), e.line)
            }
            Err(why) => {
                // The cards the decks hold bound it, as any key's range
                // is said: "is far too large: it must be from 0 to 52".
                let why = with_range(&why, &range_words(0, game.total_cards() as i64));
                self.error(e.line, format!("[{}] {}={} {why}", s.name, e.key, e.shown()));
                Count::phrase(highest, format!("[{}] {} is wrong", s.name, e.key), e.line)
            }
        }
    }

    fn read_dealt(
        &mut self,
        count: &Count,
        present: &BTreeMap<usize, &Section>,
        game: &GameSection,
        counts: &BTreeMap<PileKind, usize>,
        sections: &BTreeMap<PileKind, BTreeMap<usize, &Section>>,
    ) -> Vec<DealtCard> {
        self.check_numbering("DealtCard", count, present);
        let mut list = Vec::with_capacity(count.value);
        let mut to_no_pile = Vec::new();
        // Specific cards: where each was dealt.
        let mut seen: BTreeMap<Card, Vec<String>> = BTreeMap::new();
        for n in 1..=count.value {
            let Some(&sec) = present.get(&n) else {
                list.push(DealtCard {
                    kind: PileKind::Tableau,
                    pile: 1,
                    face_up: true,
                    card: None,
                    grab_back: false,
                    line: 0,
                });
                continue;
            };
            let s = Some(sec);
            let kind = match sec.get("PileType") {
                None => {
                    self.error(sec.line, format!("[{}] has no PileType; it is required (F, R, T or W)", sec.name));
                    None
                }
                Some(e) => match e.value.to_ascii_uppercase().as_str() {
                    "F" => Some(PileKind::Foundation),
                    "R" => Some(PileKind::Reserve),
                    "T" => Some(PileKind::Tableau),
                    "W" => Some(PileKind::Waste),
                    _ => {
                        let msg = format!(
                            "[{}] {}={} is not a pile type: F (foundation), R (reserve), T (tableau) or W (waste)",
                            sec.name,
                            e.key,
                            e.shown()
                        );
                        self.error(e.line, msg);
                        None
                    }
                },
            };
            let numb = self.req_int(s, "PileNumb", 1, MAX_PILES as i64);
            if let (Some(kind), Some(numb), Some(e)) = (kind, numb, sec.get("PileNumb")) {
                let pile = numb as usize;
                let counted = counts.get(&kind).copied().unwrap_or(0);
                // A pile whose own section is there lies past its count,
                // which was told of as one too many: not told again.
                let told = sections.get(&kind).is_some_and(|s| s.contains_key(&pile));
                if pile > counted && !told {
                    let said = format!("[{}] {}={}", sec.name, e.key, e.shown());
                    to_no_pile.push(ToNoPile { kind, pile, counted, said, line: e.line });
                }
            }
            let face_up = match sec.get("PileFace") {
                None => {
                    self.error(sec.line, format!("[{}] has no PileFace; it is required (U or D)", sec.name));
                    true
                }
                Some(e) => match e.value.to_ascii_uppercase().as_str() {
                    "U" => true,
                    "D" => false,
                    _ => {
                        self.error(
                            e.line,
                            format!("[{}] {}={} must be U (face up) or D (face down)", sec.name, e.key, e.shown()),
                        );
                        true
                    }
                },
            };
            let card = self.dealt_card(sec, game, n, &mut seen);
            list.push(DealtCard {
                kind: kind.unwrap_or(PileKind::Tableau),
                pile: numb.unwrap_or(1) as usize,
                face_up,
                card,
                grab_back: self.flag(s, "GrabBack", false),
                line: sec.line,
            });
        }
        self.tell_dealt_to_no_pile(&to_no_pile);
        list
    }

    /// Tells of cards dealt to piles that do not exist. Where there are no
    /// piles of a kind at all, every card dealt to one follows from that
    /// one fact, told once on the first card's line with how many more
    /// there are; where there are some, each card is a mistake of its own
    /// (a mistyped PileNumb), told on its own line.
    fn tell_dealt_to_no_pile(&mut self, cards: &[ToNoPile]) {
        for kind in PileKind::ALL {
            let of_kind: Vec<&ToNoPile> = cards.iter().filter(|c| c.kind == kind).collect();
            let Some(first) = of_kind.first() else { continue };
            if first.counted > 0 {
                for card in of_kind {
                    self.error(card.line, card.message());
                }
                continue;
            }
            let more = match of_kind.len() - 1 {
                0 => String::new(),
                1 => format!(", and 1 more card is dealt to a {}", kind.noun()),
                n => format!(", and {n} more cards are dealt to {}", kind.piles_word()),
            };
            let told = format!("{}{more}", first.message());
            self.error(first.line, told);
        }
    }

    /// PileRank and PileSuit: a specific card, or none (both blank).
    fn dealt_card(
        &mut self,
        sec: &Section,
        game: &GameSection,
        n: usize,
        seen: &mut BTreeMap<Card, Vec<String>>,
    ) -> Option<Card> {
        let rank_e = sec.get("PileRank").filter(|e| !e.value.is_empty());
        let suit_e = sec.get("PileSuit").filter(|e| !e.value.is_empty());
        let rank = rank_e.and_then(|e| self.int_in(sec, e, 1, 13)).and_then(|v| Rank::new(v as u8));
        let suit = suit_e.and_then(|e| {
            let mut chars = e.value.chars();
            let suit = match (chars.next(), chars.next()) {
                (Some(c), None) => Suit::from_letter(c),
                _ => None,
            };
            if suit.is_none() {
                self.error(
                    e.line,
                    format!("[{}] {}={} is not a suit: C, D, H or S (or blank)", sec.name, e.key, e.shown()),
                );
            }
            suit
        });
        match (rank_e, suit_e) {
            (Some(e), None) => {
                self.error(
                    e.line,
                    format!(
                        "[{}] {}={} has no PileSuit: a specific card needs both, a random one neither",
                        sec.name,
                        e.key,
                        e.shown()
                    ),
                );
                return None;
            }
            (None, Some(e)) => {
                self.error(
                    e.line,
                    format!(
                        "[{}] {}={} has no PileRank: a specific card needs both, a random one neither",
                        sec.name,
                        e.key,
                        e.shown()
                    ),
                );
                return None;
            }
            _ => {}
        }
        let (rank, suit) = (rank?, suit?);
        let card = Card::new(rank, suit);
        let line = suit_e.map_or(sec.line, |e| e.line);
        if !game.suits.contains(&suit) {
            let suits: String = game.suits.iter().map(|s| s.letter()).collect();
            self.error(
                line,
                format!(
                    "[{}] deals {}, but the decks hold no {} ([Game] Suits={suits})",
                    sec.name,
                    card.describe(),
                    suit.name()
                ),
            );
            return Some(card);
        }
        let dealt_by = seen.entry(card).or_default();
        let copies = game.copies_per_card();
        if dealt_by.len() >= copies {
            let holds = match game.decks {
                1 => format!("1 deck holds only {copies}"),
                d => format!("{d} decks hold only {copies}"),
            };
            self.error(
                line,
                format!(
                    "[{}] deals {} again (already dealt by {}); {holds}",
                    sec.name,
                    card.describe(),
                    dealt_by.join(", ")
                ),
            );
        }
        dealt_by.push(format!("[DealtCard{n}]"));
        Some(card)
    }

    /// Checks between sections: what the extension keys need, StartRankCard,
    /// cards with nowhere to go.
    fn cross_checks(&mut self, spec: &GameSpec, doc: &IniDoc) {
        let stock = &spec.stock;
        let need = |kind: PileKind| spec.piles(kind).is_empty();
        let left = spec.game.total_cards().saturating_sub(spec.dealt.len());
        // A stock that can be clicked needs somewhere to deal to even when
        // every card is dealt and it starts empty (play refuses it so), and
        // one hidden too when it holds cards that could never leave it.
        if !spec.stock_piles.is_empty() && (stock.visibility || left > 0) {
            let (target, word) = match stock.deal_to {
                DealTo::Waste => (PileKind::Waste, "Waste"),
                DealTo::Tableau => (PileKind::Tableau, "Tableau"),
                DealTo::Foundation => (PileKind::Foundation, "Foundation"),
            };
            if need(target) {
                // The DealTo key, or the [Stock] header when it is not given.
                let given = doc.section("Stock").and_then(|s| s.get("DealTo")).is_some();
                self.error(
                    doc.line_of("Stock", "DealTo"),
                    format!(
                        "[Stock] DealTo={word}{}: the stock deals to the {} but there are no {}",
                        if given { "" } else { " (the default)" },
                        target.title().to_ascii_lowercase(),
                        target.piles_word()
                    ),
                );
            }
        }
        if let Some(n) = stock.deal_piles {
            if stock.deal_to != DealTo::Tableau {
                self.warn(doc.line_of("Stock", "DealPiles"), "[Stock] DealPiles matters only with DealTo=Tableau");
            } else if n > spec.tableau_piles.len() {
                self.error(
                    doc.line_of("Stock", "DealPiles"),
                    format!("[Stock] DealPiles={n}, but there are only {} tableau piles", spec.tableau_piles.len()),
                );
            }
        }
        if spec.tableau.fill_from == Some(PileKind::Reserve) && spec.reserve_piles.is_empty() {
            self.error(
                doc.line_of("Tableau", "FillFrom"),
                "[Tableau] FillFrom=Reserve, but there are no reserve piles",
            );
        }
        if spec.game.addition > 0 && spec.foundation_piles.is_empty() {
            self.error(
                doc.line_of("Game", "Addition"),
                format!(
                    "[Game] Addition={}: pairs go to foundation 1, but there are no foundation piles",
                    spec.game.addition
                ),
            );
        }
        if spec.game.win_when == WinWhen::Foundations
            && spec.foundation_piles.is_empty()
            && doc.section("Game").is_some()
        {
            self.error(
                doc.line_of("Foundation", "Piles"),
                "there are no foundation piles, so the game cannot be won ([Game] WinWhen=Foundations, the default)",
            );
        }
        if spec.game.win_when == WinWhen::TableauEmpty && spec.tableau_piles.is_empty() {
            self.error(doc.line_of("Game", "WinWhen"), "[Game] WinWhen=TableauEmpty, but there are no tableau piles");
        } else if spec.game.win_when == WinWhen::TableauEmpty
            && spec.foundation_piles.is_empty()
            && spec.reserve_piles.is_empty()
        {
            // A tableau card moves only to a foundation, a reserve pile or
            // another tableau pile: with neither of the first two, every
            // card stays on the tableau.
            self.error(
                doc.line_of("Game", "WinWhen"),
                "[Game] WinWhen=TableauEmpty, but there are no foundation or reserve piles for the tableau's cards \
                 to go to, so the game cannot be won",
            );
        }
        let start = spec.game.start_rank_card;
        if start > spec.dealt.len() {
            self.error(
                doc.line_of("Game", "StartRankCard"),
                format!(
                    "[Game] StartRankCard={start}, but there is no [DealtCard{start}] ({} cards are dealt)",
                    spec.dealt.len()
                ),
            );
        } else if start > 0 && doc.section("Foundation").and_then(|s| s.get("StartRank")).is_some() {
            self.warn(
                doc.line_of("Foundation", "StartRank"),
                "[Foundation] StartRank is ignored: [Game] StartRankCard sets the starting rank",
            );
        }
        // Take3 sets how many cards the stock deals to the waste.
        let deals_to_waste = !spec.stock_piles.is_empty() && spec.stock.deal_to == DealTo::Waste;
        for (name, mode) in [("EasyMode", &spec.easy), ("HardMode", &spec.hard)] {
            if mode.take3 && !deals_to_waste {
                self.warn(
                    doc.line_of(name, "Take3"),
                    format!(
                        "[{name}] Take3=1 does nothing here: it makes the stock deal three cards to the waste, and {}",
                        if spec.stock_piles.is_empty() {
                            "there is no stock"
                        } else {
                            "this stock deals elsewhere ([Stock] DealTo)"
                        }
                    ),
                );
            }
        }
        if left > 0 && spec.stock_piles.is_empty() && doc.section("Game").is_some() {
            self.error(
                doc.line_of("Game", "NumCardsDealt"),
                format!(
                    "{} not dealt and there is no stock pile to hold {}: deal {}, or add a [Stock] with Piles=1",
                    crate::core::plural(left as u64, "card is", "cards are"),
                    if left == 1 { "it" } else { "them" },
                    if left == 1 { "it" } else { "them all" },
                ),
            );
        }
        self.check_cover_loops(spec, doc);
        let spoiled = self.sections_in_error(doc);
        self.check_piles_inside(spec, spoiled.as_ref());
        self.check_piles_apart(spec, spoiled.as_ref());
    }

    /// The sections (by name in lower case) holding an error, whose
    /// values may have been read as their defaults: a place left out, or
    /// not a number, reads as 0, which is no place to measure or compare.
    /// None where an error lies outside every section.
    fn sections_in_error(&self, doc: &IniDoc) -> Option<BTreeSet<String>> {
        let sections = doc.sections();
        let mut spoiled = BTreeSet::new();
        for d in self.diags.iter().filter(|d| d.severity == Severity::Error) {
            let holder = sections.iter().rev().find(|s| s.line <= d.line)?;
            spoiled.insert(holder.name.to_lowercase());
        }
        Some(spoiled)
    }

    /// A pile that starts inside the playing area but runs past its edge
    /// (one placed outside is told as it is read): the table is drawn
    /// smaller to take it in, or the pile is cut off at the edge. A
    /// twentieth of a card, a few pixels, is rounding (eight columns of
    /// 1.03 cards).
    fn check_piles_inside(&mut self, spec: &GameSpec, spoiled: Option<&BTreeSet<String>>) {
        // Without [Game] NumCardWide and NumCardHigh there is no playing
        // area to measure against, only its defaults.
        let Some(spoiled) = spoiled.filter(|s| !s.contains("game") && self.area_known) else { return };
        let (area_w, area_h) = (spec.game.num_card_wide, spec.game.num_card_high);
        for kind in PileKind::ALL.into_iter().filter(|k| !spoiled.contains(&k.title().to_lowercase())) {
            let (w, h) = spec.room(kind);
            for (i, place) in spec.piles(kind).iter().enumerate().filter(|&(i, p)| sound(spoiled, kind, i, p)) {
                let inside = place.x <= area_w && place.y <= area_h;
                if inside && (place.x + w > area_w + 0.05 || place.y + h > area_h + 0.05) {
                    self.warn(
                        place.line,
                        format!(
                            "[{}{}] at X={} Y={}, {w} wide and {h} high ([{}] NumCardWide, NumCardHigh), runs past the playing area ([Game] NumCardWide={area_w} NumCardHigh={area_h})",
                            kind.title(),
                            i + 1,
                            place.x,
                            place.y,
                            kind.title(),
                        ),
                    );
                }
            }
        }
    }

    /// Two piles whose first cards lie (all but) at one place hide one
    /// another: one of them has the other's X and Y copied by mistake, or
    /// nearly (a waste at Y=1.1 under a tableau at Y=1.15). Piles may
    /// overlap, as a pyramid's rows do, leaving part of each card in sight;
    /// only the first cards are compared, as a tableau's fan running down
    /// over the table is its own to draw.
    fn check_piles_apart(&mut self, spec: &GameSpec, spoiled: Option<&BTreeSet<String>>) {
        let Some(spoiled) = spoiled else { return };
        let mut seen: Vec<(PileKind, usize, &PilePlace)> = Vec::new();
        for kind in PileKind::ALL {
            for (i, place) in spec.piles(kind).iter().enumerate().filter(|&(i, p)| sound(spoiled, kind, i, p)) {
                let hides = |(_, _, p): &&(PileKind, usize, &PilePlace)| {
                    (p.x - place.x).abs() < HIDING_GAP && (p.y - place.y).abs() < HIDING_GAP
                };
                if let Some((k, j, other)) = seen.iter().find(hides) {
                    let (this, that) = (format!("[{}{}]", kind.title(), i + 1), format!("[{}{}]", k.title(), j + 1));
                    let said = if other.x == place.x && other.y == place.y {
                        format!("{this} lies at the same place as {that} (X={}, Y={})", place.x, place.y)
                    } else {
                        format!(
                            "{this} at X={} Y={} lies less than a tenth of a card from {that} at X={} Y={}, across and down",
                            place.x, place.y, other.x, other.y
                        )
                    };
                    self.warn(place.line, format!("{said}: one would hide the other"));
                }
                seen.push((kind, i, place));
            }
        }
    }

    /// CoveredBy must not make a loop (no card of the loop could ever be
    /// played).
    fn check_cover_loops(&mut self, spec: &GameSpec, doc: &IniDoc) {
        let piles = &spec.tableau_piles;
        // 0 unvisited, 1 on the path, 2 done.
        let mut state = vec![0u8; piles.len()];
        for start in 0..piles.len() {
            if state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            state[start] = 1;
            while let Some(top) = stack.last_mut() {
                let node = top.0;
                if let Some(&to) = piles[node].covered_by.get(top.1) {
                    top.1 += 1;
                    let to = to - 1;
                    if to >= piles.len() {
                        continue;
                    }
                    match state[to] {
                        0 => {
                            state[to] = 1;
                            stack.push((to, 0));
                        }
                        1 => {
                            let sec = doc.section(&format!("Tableau{}", node + 1));
                            let line = sec.and_then(|s| s.get("CoveredBy")).map_or(piles[node].line, |e| e.line);
                            let name = sec.map_or("Tableau", |s| s.name.as_str());
                            self.error(
                                line,
                                format!("[{name}] CoveredBy makes a loop through tableau pile {}", to + 1),
                            );
                            return;
                        }
                        _ => {}
                    }
                } else {
                    state[node] = 2;
                    stack.pop();
                }
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A small valid game. Lines: 1 [General], 4 [Game], 8 NumCardsDealt,
    /// 15 [Tableau], 16 Piles, 26 [Tableau1], 29 [Tableau2], 32 [DealtCard1]
    /// (33 PileType, 34 PileNumb, 35 PileFace), 36 [DealtCard2].
    const MINI: &str = "[General]
Name=Mini
Author=Me
[Game]
Decks=1
NumCardWide=3
NumCardHigh=2
NumCardsDealt=2
[Stock]
Piles=1
[Waste]
Piles=1
[Foundation]
Piles=1
[Tableau]
Piles=2
[Stock1]
X=0
Y=0
[Waste1]
X=1
Y=0
[Foundation1]
X=2
Y=0
[Tableau1]
X=0
Y=1
[Tableau2]
X=1
Y=1
[DealtCard1]
PileType=T
PileNumb=1
PileFace=U
[DealtCard2]
PileType=T
PileNumb=2
PileFace=D
";

    /// Klondike, written out the long way (about 200 lines).
    pub(crate) fn klondike() -> String {
        let mut s = String::from(
            "; Klondike\n[General]\nName=Klondike\nAuthor=Parlour\n\n[Game]\nDecks=1\nAddition=0\nAllowWrap=0\n\
             KingsOnly=1\nCardXOffset=11\nCardYOffset=11\nMaxRandDeltas=1\nNumCardWide=7.5\nNumCardHigh=4.75\n\
             NumCardsDealt=28\nStartRankCard=0\n\n[EasyMode]\nCheckFree=0\nKingsOnly=1\nTake3=0\n\n[HardMode]\n\
             CheckFree=0\nKingsOnly=1\nTake3=1\n\n[Stock]\nPiles=1\nNumCardWide=1\nNumCardHigh=1\nVisibility=1\n\n\
             [Waste]\nPiles=1\nNumCardWide=1.5\nNumCardHigh=1\n\n[Foundation]\nPiles=4\nNumCardWide=1\nNumCardHigh=1\n\
             AllowWrap=0\nMaxCardsShown=13\nMaxVisible=2\nMaxXRandDelta=0.02\nMaxYRandDelta=0.02\nOriginXOff=0\n\
             OriginYOff=0\n\n[Tableau]\nPiles=7\nNumCardWide=1\nNumCardHigh=3.5\nCardXDownOff=0\nCardYDownOff=0.08\n\
             CardXUpOff=0\nCardYUpOff=0.22\nCheckFree=0\nCheckInOrder=1\nColorCheck=2\nMaxAllowed=13\nMaxCards=13\n\
             SequenceCheck=2\nSuitCheck=0\n\n[Reserve]\nPiles=0\n\n[Stock1]\nX=0.1\nY=0.1\n\n[Waste1]\nX=1.2\nY=0.1\n",
        );
        for f in 1..=4 {
            s.push_str(&format!("\n[Foundation{f}]\nX={}\nY=0.1\n", 2.3 + 1.05 * f as f64));
        }
        for t in 1..=7 {
            s.push_str(&format!("\n[Tableau{t}]\nX={:.2}\nY=1.25\n", 0.1 + 1.05 * (t - 1) as f64));
        }
        let mut n = 0;
        for row in 0..7 {
            for pile in row..7 {
                n += 1;
                let face = if pile == row { 'U' } else { 'D' };
                s.push_str(&format!(
                    "\n[DealtCard{n}]\nPileType=T\nPileNumb={}\nPileFace={face}\nPileRank=\nPileSuit=\nGrabBack=0\n",
                    pile + 1
                ));
            }
        }
        s.push_str(
            "\n[Layout]\nImage=game.bmp\n\n[Rules]\n\n[EasyOnOptions]\n\n[EasyOffOptions]\n\n[HardOnOptions]\n\n",
        );
        s.push_str("[HardOffOptions]\n\n[EasyWinnable]\n\n[HardWinnable]\n");
        s
    }

    fn parse(text: &str) -> Result<(GameSpec, Vec<Diagnostic>), Vec<Diagnostic>> {
        GameSpec::parse(Path::new("g.ini"), text.as_bytes())
    }

    /// [EasyMode] and [HardMode] of one name, in any case, draw a warning
    /// naming both lines (the Game menu would show two items alike), as
    /// does a Name that is what the other mode is called by default.
    #[test]
    fn two_modes_of_one_name_are_told_of() {
        let named = |easy: &str, hard: &str| {
            let text = klondike().replacen("[EasyMode]\n", &format!("[EasyMode]\n{easy}"), 1).replacen(
                "[HardMode]\n",
                &format!("[HardMode]\n{hard}"),
                1,
            );
            problems(&text)
        };
        // [EasyMode] is line 19, [HardMode] line 25 (24 with no Easy Name).
        let found = named("Name=Hard\n", "Name=hard\n");
        has_start(
            &found,
            "g.ini:26: warning: [EasyMode] Name=Hard (line 20) and [HardMode] Name=hard (line 26) are the same name: the Game menu would show two items no one can tell apart",
        );
        let found = named("Name=Hard\n", "");
        has_start(&found, "g.ini:20: warning: [EasyMode] Name=Hard is what [HardMode] is called, as it gives no Name");
        let found = named("", "Name=EASY\n");
        has_start(&found, "g.ini:25: warning: [HardMode] Name=EASY is what [EasyMode] is called, as it gives no Name");
        let long = "Patience for the Patient Ones";
        let found = named(&format!("Name={long}, Easy\n"), &format!("Name={long}, Hard\n"));
        has_start(&found, "g.ini:26: warning: [EasyMode] Name=");
        assert!(
            found.iter().any(|f| f.contains("are alike as the menus show them (`Patience for the...`)")),
            "{found:#?}"
        );
        // Names of their own, or none, are fine.
        assert!(named("Name=Gentle\n", "Name=Stern\n").is_empty());
        assert!(named("", "").is_empty());
    }

    /// An empty mode Name warns like any key given with nothing after the
    /// =, and the mode keeps its default name.
    #[test]
    fn an_empty_mode_name_warns_and_takes_the_default() {
        let text = klondike().replacen("[EasyMode]\n", "[EasyMode]\nName=\n", 1).replacen(
            "[HardMode]\n",
            "[HardMode]\nName=\n",
            1,
        );
        let (spec, warnings) = parse(&text).unwrap();
        let said: Vec<String> = warnings.iter().map(|d| d.to_string()).collect();
        has(&said, "g.ini:20: warning: [EasyMode] Name has no value; Easy is used");
        has(&said, "g.ini:26: warning: [HardMode] Name has no value; Hard is used");
        assert_eq!(said.len(), 2, "{said:#?}");
        assert_eq!((spec.easy.name, spec.hard.name), (None, None));
    }

    /// A name with a control character in it (an escape, a bell) is
    /// warned of by its line: the game list would show a box.
    #[test]
    fn a_control_character_in_the_name_is_warned_of() {
        let text = klondike().replacen("Name=Klondike", "Name=Klon\u{1b}dike", 1);
        assert_ne!(text, klondike(), "the name was edited");
        let (spec, warnings) = parse(&text).unwrap();
        let said: Vec<String> = warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            ["g.ini:3: warning: [General] Name holds the control character U+001B, which the game list and title \
              bars show as a box: take it out"]
        );
        assert_eq!(spec.general.name, "Klon\u{1b}dike", "the name is still read");
    }

    /// Every problem, as printed.
    fn problems(text: &str) -> Vec<String> {
        match parse(text) {
            Ok((_, w)) => w,
            Err(e) => e,
        }
        .iter()
        .map(|d| d.to_string())
        .collect()
    }

    /// Replaces whole lines (1-based); a replacement may hold several lines
    /// or none ("").
    fn edit(text: &str, changes: &[(usize, &str)]) -> String {
        let mut out = String::new();
        for (i, l) in text.lines().enumerate() {
            match changes.iter().find(|c| c.0 == i + 1) {
                Some((_, "")) => {}
                Some((_, new)) => {
                    out.push_str(new);
                    out.push('\n');
                }
                None => {
                    out.push_str(l);
                    out.push('\n');
                }
            }
        }
        out
    }

    fn has(found: &[String], wanted: &str) {
        assert!(found.iter().any(|f| f == wanted), "wanted `{wanted}` among {found:#?}");
    }

    fn has_start(found: &[String], wanted: &str) {
        assert!(found.iter().any(|f| f.starts_with(wanted)), "wanted `{wanted}...` among {found:#?}");
    }

    /// A value read wrong comes first among the problems, before the
    /// checks of the whole game, blamed on line 1 where no line is to
    /// blame (a game type with no [Foundation]): a list of games names the
    /// first error alone, and it must be one to mend first.
    #[test]
    fn what_reading_a_line_finds_comes_before_the_whole_games_checks() {
        let no_foundation = [(13, ""), (14, ""), (23, ""), (24, ""), (25, "")];
        let found = problems(&edit(MINI, &[&no_foundation[..], &[(5, "Decks=x")]].concat()));
        assert_eq!(found[0], "g.ini:5: [Game] Decks=x is not a number: it must be 1, 2, 3 or 4");
        has_start(&found[1..], "g.ini:1: there are no foundation piles, so the game cannot be won");
    }

    /// A game won by clearing the tableau needs somewhere for its cards
    /// to go: a foundation or a reserve pile.
    #[test]
    fn a_tableau_with_nowhere_to_go_cannot_be_cleared() {
        let no_foundation = [(13, ""), (14, ""), (23, ""), (24, ""), (25, "")];
        let tableau_empty = [(5, "Decks=1\nWinWhen=TableauEmpty")];
        let found = problems(&edit(MINI, &[&no_foundation[..], &tableau_empty[..]].concat()));
        has_start(&found, "g.ini:6: [Game] WinWhen=TableauEmpty, but there are no foundation or reserve piles");
        let with_reserve = "[Reserve]\nPiles=1\n[Reserve1]\nX=2\nY=0\n";
        let found = problems(&(edit(MINI, &[&no_foundation[..], &tableau_empty[..]].concat()) + with_reserve));
        assert!(!found.iter().any(|f| f.contains("WinWhen")), "a reserve pile takes them: {found:#?}");
    }

    /// A mode's Name too long for the menus is quoted cut after a whole
    /// word: "long n..." would read as a typing slip.
    #[test]
    fn a_long_mode_name_is_quoted_in_whole_words() {
        let name = "Très facile et vraiment très très long nom pour un mode";
        let (_, warnings) =
            parse(&klondike().replacen("[EasyMode]\n", &format!("[EasyMode]\nName={name}\n"), 1)).unwrap();
        let said = warnings.iter().map(|d| d.message.as_str()).find(|m| m.contains("characters long")).unwrap();
        assert!(
            said.starts_with("[EasyMode] Name=Très facile et vraiment très très long... is 55 characters long"),
            "{said}"
        );
    }

    #[test]
    fn mini_reads_with_defaults() {
        let (spec, warnings) = parse(MINI).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(spec.general.name, "Mini");
        assert_eq!(spec.general.author, "Me");
        assert_eq!(spec.game.decks, 1);
        assert_eq!(spec.game.addition, 0);
        assert_eq!(spec.game.card_x_offset, 11);
        assert!(spec.game.max_rand_deltas);
        assert_eq!(spec.game.suits, Suit::ALL.to_vec());
        assert_eq!(spec.game.win_when, WinWhen::Foundations);
        assert_eq!(spec.easy, ModeSection::default());
        assert!(spec.stock.visibility);
        assert_eq!(spec.stock.deal_to, DealTo::Waste);
        assert_eq!(spec.stock.deal_count, 1);
        assert_eq!(spec.stock.redeals, None);
        assert_eq!(spec.foundation.max_cards_shown, 13);
        assert_eq!(spec.foundation.max_visible, 13);
        assert!(spec.foundation.suit_check);
        assert_eq!(spec.foundation.start_rank, Rank::ACE);
        assert_eq!(spec.tableau.max_allowed, 13);
        assert_eq!(spec.tableau.max_cards, 13);
        assert!(spec.tableau.fill_empty);
        assert_eq!(spec.tableau.max_move, None);
        assert_eq!(spec.reserve, ReserveSection::default());
        assert_eq!(spec.reserve.max_allowed, 1);
        assert_eq!(spec.reserve.max_visible, 1);
        assert_eq!(spec.tableau_piles.len(), 2);
        assert_eq!((spec.tableau_piles[1].x, spec.tableau_piles[1].y, spec.tableau_piles[1].line), (1.0, 1.0, 29));
        assert_eq!(spec.dealt.len(), 2);
        assert_eq!(
            spec.dealt[1],
            DealtCard { kind: PileKind::Tableau, pile: 2, face_up: false, card: None, grab_back: false, line: 36 }
        );
        assert_eq!(spec.hash, fnv1a64(MINI.as_bytes()));
    }

    #[test]
    fn klondike_reads_every_spec_key() {
        let text = klondike();
        let (spec, warnings) = parse(&text).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(spec.game.num_card_wide, 7.5);
        assert_eq!(spec.game.num_card_high, 4.75);
        assert!(spec.game.kings_only);
        assert!(spec.hard.take3 && !spec.easy.take3);
        assert_eq!(spec.waste.num_card_wide, 1.5);
        assert_eq!(spec.foundation.max_visible, 2);
        assert_eq!(spec.foundation.max_x_rand_delta, 0.02);
        assert_eq!(spec.tableau.card_y_up_off, 0.22);
        assert_eq!(spec.tableau.color_check, ColourCheck::Different);
        assert_eq!(spec.tableau.sequence_check, Sequence::Lower);
        assert!(spec.tableau.check_in_order);
        assert_eq!(spec.foundation_piles.len(), 4);
        assert_eq!(spec.tableau_piles.len(), 7);
        assert_eq!(spec.dealt.len(), 28);
        assert_eq!(spec.dealt.iter().filter(|d| d.face_up).count(), 7);
        assert_eq!(spec.layout.image.as_deref(), Some("game.bmp"));
        let unused: Vec<&str> = spec.unused.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(unused, UNUSED_SECTIONS.to_vec());
    }

    /// [EasyWinnable] and [HardWinnable] are kept as they are, but their
    /// Only (winnable deals only) is a flag like any other. (The Klondike
    /// text ends with an empty [HardWinnable].)
    #[test]
    fn a_winnable_section_says_only_0_or_1() {
        assert!(klondike().ends_with("[HardWinnable]\n"));
        let text = format!("{}Only=banana\n", klondike());
        let said = problems(&text);
        assert!(said.iter().any(|p| p.contains("[HardWinnable] Only=banana is not a number")), "{said:?}");
        let said = problems(&klondike().replace("[HardWinnable]\n", "[HardWinnable]\nOnyl=1\n"));
        has(
            &said,
            "g.ini:363: warning: [HardWinnable] Onyl is not a key of [HardWinnable] and is ignored (did you mean Only?)",
        );
        let text = format!("{}Only=1\n", klondike());
        assert!(problems(&text).is_empty(), "{:?}", problems(&text));
    }

    /// A misspelt winnable section ([HardWinable]) would drop its Only=1
    /// without a word, so it is an error as a misspelt [Layout] is, with
    /// the same words; Rules and the Options sections, which nothing
    /// reads, only warn when misspelt.
    #[test]
    fn a_misspelt_winnable_section_is_an_error() {
        let text = format!("{}Only=1\n", klondike()).replace("[HardWinnable]", "[HardWinable]");
        assert_eq!(
            problems(&text),
            ["g.ini:362: [HardWinable] is not a section of game.ini, and there is no [HardWinnable]: \
                 did you mean [HardWinnable]?"]
        );
        let ends = |text: &str, end: &str| {
            let found = problems(text);
            assert!(found.iter().any(|f| f.ends_with(end)), "wanted `...{end}` among {found:#?}");
        };
        let easy =
            "[EasyWinable] is not a section of game.ini, and there is no [EasyWinnable]: did you mean [EasyWinnable]?";
        ends(&klondike().replace("[EasyWinnable]", "[EasyWinable]"), easy);
        let rules = klondike().replace("[Rules]", "[Rulse]");
        ends(&rules, "warning: [Rulse] is not a section of game.ini and is ignored (did you mean Rules?)");
    }

    #[test]
    fn spelling_does_not_matter() {
        // Lower-case sections, upper-case keys, spaces around `=`, comments,
        // CRLF, a BOM: the same game.
        let mut text = String::from("\u{feff}; a comment\r\n# another\r\n");
        for line in MINI.lines() {
            if let Some(name) = line.strip_prefix('[') {
                text.push_str(&format!("  [ {} ]  ; section\r\n", name.trim_end_matches(']').to_lowercase()));
            } else {
                let (k, v) = line.split_once('=').unwrap();
                text.push_str(&format!("\t{} =  {v}   ; why not\r\n", k.to_uppercase()));
            }
        }
        let (a, wa) = parse(MINI).unwrap();
        let (b, wb) = parse(&text).unwrap();
        assert!(wa.is_empty() && wb.is_empty(), "{wb:?}");
        assert_eq!(a.general, b.general);
        assert_eq!(a.game, b.game);
        assert_eq!(a.tableau, b.tableau);
        assert_eq!(a.dealt.len(), b.dealt.len());
        assert_eq!(b.dealt[0].line, a.dealt[0].line + 2);
        assert_eq!(b.tableau_piles[1].x, 1.0);
    }

    #[test]
    fn latin1_text() {
        let mut bytes = MINI.replace("Name=Mini", "Name=Caf?").into_bytes();
        let at = bytes.iter().position(|&b| b == b'?').unwrap();
        bytes[at] = 0xe9;
        let (spec, _) = GameSpec::parse(Path::new("g.ini"), &bytes).unwrap();
        assert_eq!(spec.general.name, "Café");
    }

    #[test]
    fn not_text() {
        let e = GameSpec::parse(Path::new("x/game.ini"), b"\x00\x01BM\x00\x00").unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].to_string(), "x/game.ini:1: not a text file (it holds NUL bytes)");
    }

    /// A gap in the numbered sections where no count was read is told on
    /// its own terms at the section after it: set against the missing
    /// count it read "there is no [Game] section, but [DealtCard2] is
    /// missing". A count read is still the measure.
    #[test]
    fn a_gap_without_a_count_is_told_at_the_section_after_it() {
        let renamed = (36, "[DealtCard3]");
        let found = problems(&edit(MINI, &[(4, ""), (5, ""), (6, ""), (7, ""), (8, ""), renamed]));
        has_start(&found, "g.ini:1: there is no [Game] section; it is required");
        has_start(&found, "g.ini:31: [DealtCard2] is missing before [DealtCard3]");
        assert!(!found.iter().any(|p| p.contains(", but")), "{found:#?}");
        let found = problems(&edit(MINI, &[(8, "NumCardsDealt=two"), renamed]));
        has_start(&found, "g.ini:36: [DealtCard2] is missing before [DealtCard3]");
        assert!(!found.iter().any(|p| p.contains(", but")), "{found:#?}");
        let found = problems(&edit(MINI, &[renamed]));
        has_start(&found, "g.ini:8: [Game] NumCardsDealt=2, but [DealtCard2] is missing");
        has_start(&found, "g.ini:36: [DealtCard3] is one too many: [Game] NumCardsDealt=2 (line 8)");
    }

    #[test]
    fn missing_sections() {
        let found = problems(&edit(MINI, &[(1, ""), (2, ""), (3, "")]));
        has_start(&found, "g.ini:1: there is no [General] section; it is required");
        // A [General] header lost: its keys come before any section.
        let found = problems(&edit(MINI, &[(1, "; my game")]));
        has_start(
            &found,
            "g.ini:2: there is no [General] section; it is required (it holds Name and Author): Name stands here \
             before any section, so the line [General] may be missing above it",
        );
        // A [Game] header lost: its keys read as [General]'s, and the
        // error stands on the first of them, saying where the line goes.
        let found = problems(&edit(MINI, &[(4, "")]));
        has_start(
            &found,
            "g.ini:4: there is no [Game] section; it is required (it holds Decks, NumCardsDealt and the rest): \
             Decks stands here under [General], so the line [Game] may be missing above it",
        );
        // That one slip is told once: not its keys one by one as not
        // [General]'s, nor piles measured against a playing area never read.
        let told = parse(&edit(MINI, &[(4, "")])).unwrap_err();
        assert_eq!(told.iter().filter(|d| !d.is_error()).count(), 0, "{told:#?}");
        // With none of its keys anywhere, it is told of on line 1.
        let found = problems(&edit(MINI, &[(4, ""), (5, ""), (8, "")]));
        has_start(
            &found,
            "g.ini:1: there is no [Game] section; it is required (it holds Decks, NumCardsDealt and the rest)",
        );
        assert!(!found.iter().any(|f| f.contains("missing above")), "{found:#?}");
        // A file with no sections at all is told so once, not section by
        // section.
        for empty in ["", "; a comment\n\n"] {
            let found = problems(empty);
            assert_eq!(found.len(), 1, "{found:?}");
            has_start(&found, "g.ini:1: the file holds no sections: a game.ini needs [General]");
        }
        // The section meant is missing: the misspelling is the cause, the
        // one error, on its line (what it holds is read as meant).
        let found = problems(&MINI.replace("[Game]", "[Gmae]"));
        assert_eq!(
            found,
            ["g.ini:4: [Gmae] is not a section of game.ini, and there is no [Game]: did you mean [Game]?"]
        );
        let found = problems(&MINI.replace("[Tableau]", "[Tablaeu]"));
        assert_eq!(
            found,
            ["g.ini:15: [Tablaeu] is not a section of game.ini, and there is no [Tableau]: did you mean [Tableau]?"]
        );
        // A name spelt too far off is known by its keys: one error, not
        // one for each pile the missing section would have counted.
        let found = problems(&MINI.replace("[Tableau]", "[Tabletop]"));
        assert_eq!(
            found,
            ["g.ini:15: [Tabletop] is not a section of game.ini, and there is no [Tableau]; its keys are those of \
                 [Tableau]: did you mean [Tableau]?"]
        );
        // What is wrong in it is still told.
        let found = problems(&MINI.replace("[Tableau]\nPiles=2", "[Tabletop]\nPiles=x"));
        assert_eq!(found.len(), 2, "{found:#?}");
        has(&found, "g.ini:16: [Tableau] Piles=x is not a number: it must be from 0 to 255");
        // Keys that fit no missing section leave it ignored, as before.
        let found = problems(&MINI.replace("[Tableau]\nPiles=2", "[Tabletop]\nPiles=2\nDecks=1"));
        has(&found, "g.ini:15: warning: [Tabletop] is not a section of game.ini and is ignored");
        // Beside the section it was meant for, a stray one is only ignored.
        let found = problems(&format!("{MINI}\n[Gmae]\n"));
        assert!(
            found.iter().any(
                |f| f.ends_with("warning: [Gmae] is not a section of game.ini and is ignored (did you mean Game?)")
            ),
            "{found:#?}"
        );
        // A numbered section is known by its name without the number.
        let found = problems(&MINI.replace("[Tableau1]", "[Tablaeu1]"));
        assert!(
            found.iter().any(|f| f.ends_with(
                "[Tablaeu1] is not a section of game.ini, and there is no [Tableau1]: did you mean [Tableau1]?"
            )),
            "{found:#?}"
        );
        // A letter typed after the number, or the number padded with a
        // nought: one error, the section read as the one meant.
        let found = problems(&MINI.replace("[Tableau1]", "[Tableau1x]"));
        assert_eq!(
            found,
            [
                "g.ini:26: [Tableau1x] is not a section of game.ini, and there is no [Tableau1]: did you mean [Tableau1]?"
            ]
        );
        let found = problems(&MINI.replace("[Tableau1]", "[Tableau01]"));
        assert_eq!(found, ["g.ini:26: [Tableau01]: write the number without leading zeros, as in [Tableau1]"]);
        let found = problems(&edit(MINI, &[(2, "")]));
        has(&found, "g.ini:1: [General] has no Name; it is required (the name shown in the game list)");
        let found = problems(&edit(MINI, &[(5, "Decks=1\nColourCheck=2")]));
        has(
            &found,
            "g.ini:6: warning: [Game] ColourCheck is not a key of [Game] and is ignored (did you mean ColorCheck in [Tableau]?)",
        );
    }

    /// Unknown sections and keys by the ten thousand are read in time in
    /// proportion to them (each took seconds a thousand when every unknown
    /// section looked through all the sections for the kinds of pile the
    /// file numbers, now found once, and each unknown key's hint was
    /// measured against every known key, now only against those of a
    /// length within two).
    #[test]
    fn thousands_of_unknown_sections_and_keys_are_read_in_proportion() {
        let sections: String = (0..40_000).map(|i| format!("[S{i}]\nK=1\n")).collect();
        let found = problems(&format!("{MINI}{sections}"));
        assert_eq!(found.len(), 40_000);
        assert!(found[39_999].contains("warning: [S39999] is not a section of game.ini and is ignored"), "{found:?}");
        let keys: String = (0..40_000).map(|i| format!("Q{i}=1\n")).collect();
        let found = problems(&MINI.replace("[Game]\n", &format!("[Game]\n{keys}")));
        assert_eq!(found.len(), 40_000);
        assert!(found[0].contains("warning: [Game] Q0 is not a key of [Game] and is ignored"), "{found:?}");
        assert_eq!(near("Q39999", "NumCardsDealt"), None, "too far by length alone");
        assert_eq!(near("Addtion", "addition"), Some(1));
    }

    #[test]
    fn numbered_sections_are_counted() {
        // [Tableau2] missing.
        let found = problems(&edit(MINI, &[(29, ""), (30, ""), (31, "")]));
        assert_eq!(found, vec!["g.ini:16: [Tableau] Piles=2, but [Tableau2] is missing"]);
        // Several missing, grouped.
        let found = problems(&MINI.replace("[Tableau]\nPiles=2", "[Tableau]\nPiles=6"));
        assert_eq!(found, vec!["g.ini:16: [Tableau] Piles=6, but [Tableau3] to [Tableau6] are missing"]);
        // One too many.
        let found = problems(&format!("{MINI}[Tableau3]\nX=2\nY=1\n"));
        assert_eq!(found, vec!["g.ini:40: [Tableau3] is one too many: [Tableau] Piles=2 (line 16)"]);
        // A run of them is told of once, however long.
        let many: String = (3..45_003).map(|n| format!("[Tableau{n}]\nX=1\nY=1\n")).collect();
        let found = problems(&format!("{MINI}{many}"));
        assert_eq!(
            found,
            vec!["g.ini:40: [Tableau3] to [Tableau45002] are 45000 too many: [Tableau] Piles=2 (line 16)"]
        );
        let found = problems(&format!("{MINI}[Reserve1]\nX=2\nY=1\n"));
        assert_eq!(
            found,
            vec!["g.ini:40: [Reserve1] is one too many: there is no [Reserve] section, so no reserve piles"]
        );
        // Dealt cards.
        let found = problems(&MINI.replace("NumCardsDealt=2", "NumCardsDealt=99999999999999999999"));
        assert_eq!(
            found,
            vec!["g.ini:8: [Game] NumCardsDealt=99999999999999999999 is far too large: it must be from 0 to 52"]
        );
        let found = problems(&MINI.replace("NumCardsDealt=2", "NumCardsDealt=3"));
        assert_eq!(found, vec!["g.ini:8: [Game] NumCardsDealt=3, but [DealtCard3] is missing"]);
        let found = problems(&MINI.replace("NumCardsDealt=2", "NumCardsDealt=1"));
        assert_eq!(found, vec!["g.ini:36: [DealtCard2] is one too many: [Game] NumCardsDealt=1 (line 8)"]);
        // Bad numbers in names.
        let found = problems(&format!("{MINI}[Tableau0]\n[tableau01]\n"));
        has(&found, "g.ini:40: [Tableau0]: numbers start at 1, as in [Tableau1]");
        has(&found, "g.ini:41: [tableau01]: write the number without leading zeros, as in [tableau1]");
    }

    #[test]
    fn values_out_of_range_or_not_numbers() {
        let found = problems(&edit(MINI, &[(16, "Piles=2\nColorCheck=3\nSequenceCheck=4\nSuitCheck=2")]));
        assert_eq!(
            found,
            vec![
                "g.ini:17: [Tableau] ColorCheck=3 is out of range: it must be 0, 1 or 2",
                "g.ini:18: [Tableau] SequenceCheck=4 is out of range: it must be 0, 1, 2 or 3",
                "g.ini:19: [Tableau] SuitCheck=2 is out of range: it must be 0 or 1",
            ]
        );
        let found = problems(&edit(MINI, &[(16, "Piles=-1")]));
        assert_eq!(found, vec!["g.ini:16: [Tableau] Piles=-1 is out of range: it must be from 0 to 255"]);
        let found = problems(&edit(MINI, &[(5, "Decks=1.5")]));
        assert_eq!(found, vec!["g.ini:5: [Game] Decks=1.5 must be a whole number: 1, 2, 3 or 4"]);
        let found = problems(&edit(MINI, &[(5, "Decks=5")]));
        assert_eq!(found, vec!["g.ini:5: [Game] Decks=5 is out of range: it must be 1, 2, 3 or 4"]);
        let found = problems(&edit(MINI, &[(6, "NumCardWide=wide"), (7, "NumCardHigh=1,5")]));
        assert_eq!(
            found,
            vec![
                "g.ini:6: [Game] NumCardWide=wide is not a number: it must be more than 0 and at most 100",
                "g.ini:7: [Game] NumCardHigh=1,5 is not a number (write decimals with a point, as in 1.5)",
            ]
        );
        let found = problems(&edit(MINI, &[(6, "NumCardWide=0")]));
        has(&found, "g.ini:6: [Game] NumCardWide=0 is out of range: it must be more than 0 and at most 100");
        let found = problems(&edit(MINI, &[(27, "X=1e308")]));
        assert_eq!(found, vec!["g.ini:27: [Tableau1] X=1e308 has an exponent: write the number out, as in 1.5"]);
        let found = problems(&edit(MINI, &[(27, "X=--1")]));
        assert_eq!(found, vec!["g.ini:27: [Tableau1] X=--1 is not a number: it must be from 0 to 100"]);
        let found = problems(&edit(MINI, &[(27, "X=-0.5")]));
        assert_eq!(found, vec!["g.ini:27: [Tableau1] X=-0.5 is out of range: it must be from 0 to 100"]);
        let found = problems(&edit(MINI, &[(10, "Piles=99999999999999999999999")]));
        has(&found, "g.ini:10: [Stock] Piles=99999999999999999999999 is far too large: it must be from 0 to 255");
        let found = problems(&edit(MINI, &[(5, "Decks=yes")]));
        assert_eq!(found, vec!["g.ini:5: [Game] Decks=yes is not a number: it must be 1, 2, 3 or 4"]);
        // A long value is repeated only in part: the message stays readable.
        let found = problems(&edit(MINI, &[(5, &format!("Decks={}", "9".repeat(100_000)))]));
        let forty = "9".repeat(40);
        assert_eq!(found, vec![format!("g.ini:5: [Game] Decks={forty}... is far too large: it must be 1, 2, 3 or 4")]);
    }

    /// `#` after a value is part of it, as the spec has it: the error on
    /// such a value says so, for authors used to other INI files.
    #[test]
    fn a_hash_after_a_value_is_told_it_is_no_comment() {
        let found = problems(&edit(MINI, &[(5, "Decks=1 # one pack")]));
        assert_eq!(
            found,
            vec![
                "g.ini:5: [Game] Decks=1 # one pack is not a number: it must be 1, 2, 3 or 4 (only `;` starts a \
                 comment after a value; `#` starts one only at the start of a line)"
            ]
        );
        let found = problems(&edit(MINI, &[(5, "Decks=x#1")]));
        assert_eq!(found, vec!["g.ini:5: [Game] Decks=x#1 is not a number: it must be 1, 2, 3 or 4"]);
        // A `;` with no space before it is kept in the value too.
        let found = problems(&edit(MINI, &[(5, "Decks=1;one deck")]));
        assert_eq!(
            found,
            vec![
                "g.ini:5: [Game] Decks=1;one deck is not a number: it must be 1, 2, 3 or 4 (a `;` after a value \
                 starts a comment only after a space or tab: `Decks=1 ; one deck`)"
            ]
        );
    }

    #[test]
    fn missing_keys() {
        let found = problems(&edit(MINI, &[(28, "")]));
        assert_eq!(found, vec!["g.ini:26: [Tableau1] has no Y; it is required"]);
        let found = problems(&edit(MINI, &[(5, "")]));
        assert_eq!(found, vec!["g.ini:4: [Game] has no Decks; it is required"]);
        let found = problems(&edit(MINI, &[(8, "")]));
        has(&found, "g.ini:4: [Game] has no NumCardsDealt; it is required");
        let found = problems(&edit(MINI, &[(33, ""), (35, "")]));
        assert_eq!(
            found,
            vec![
                "g.ini:32: [DealtCard1] has no PileType; it is required (F, R, T or W)",
                "g.ini:32: [DealtCard1] has no PileFace; it is required (U or D)",
            ]
        );
    }

    /// Klondike without its [Tableau] section: the tableau piles' own
    /// sections are told of as too many, and the cards dealt to them,
    /// which follows from it, are not told of as well.
    #[test]
    fn a_deleted_section_is_told_once_not_for_each_card_dealt_to_it() {
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike/game.ini");
        let text = std::fs::read_to_string(shipped).unwrap();
        let start = text.find("[Tableau]").unwrap();
        let end = start + text[start..].find("\n[").unwrap() + 1;
        let without = format!("{}{}", &text[..start], &text[end..]);
        let found = problems(&without);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].contains("[Tableau1] to [Tableau7] are 7 too many: there is no [Tableau] section"),
            "{found:?}"
        );
    }

    #[test]
    fn dealt_card_problems() {
        let found = problems(&edit(MINI, &[(33, "PileType=S")]));
        assert_eq!(
            found,
            vec![
                "g.ini:33: [DealtCard1] PileType=S is not a pile type: F (foundation), R (reserve), T (tableau) or W (waste)"
            ]
        );
        let found = problems(&edit(MINI, &[(34, "PileNumb=3")]));
        assert_eq!(
            found,
            vec!["g.ini:34: [DealtCard1] PileNumb=3: tableau pile 3 does not exist (there are only 2 tableau piles)"]
        );
        let found = problems(&edit(MINI, &[(33, "PileType=R")]));
        assert_eq!(
            found,
            vec!["g.ini:34: [DealtCard1] PileNumb=1: reserve 1 does not exist (there are no reserve piles)"]
        );
        let found = problems(&edit(MINI, &[(33, "PileType=R"), (37, "PileType=R")]));
        let told = "g.ini:34: [DealtCard1] PileNumb=1: reserve 1 does not exist (there are no reserve piles), \
            and 1 more card is dealt to a reserve";
        assert_eq!(found, vec![told], "cards dealt to a kind with no piles follow from one mistake");
        let found = problems(&edit(MINI, &[(33, "PileType=R"), (37, "PileType=R"), (38, "PileNumb=3")]));
        assert_eq!(found.len(), 1, "{found:#?}");
        let found = problems(&edit(MINI, &[(34, "PileNumb=3"), (38, "PileNumb=4")]));
        assert_eq!(found.len(), 2, "each a mistyped PileNumb of its own: {found:#?}");
        let found = problems(&edit(MINI, &[(35, "PileFace=X")]));
        assert_eq!(found, vec!["g.ini:35: [DealtCard1] PileFace=X must be U (face up) or D (face down)"]);
        let found = problems(&edit(MINI, &[(35, "PileFace=U\nPileRank=7")]));
        assert_eq!(
            found,
            vec!["g.ini:36: [DealtCard1] PileRank=7 has no PileSuit: a specific card needs both, a random one neither"]
        );
        let found = problems(&edit(MINI, &[(35, "PileFace=U\nPileRank=14\nPileSuit=X")]));
        has(&found, "g.ini:36: [DealtCard1] PileRank=14 is out of range: it must be from 1 to 13");
        has(&found, "g.ini:37: [DealtCard1] PileSuit=X is not a suit: C, D, H or S (or blank)");
        // Blank (a space) is a random card.
        let (spec, w) = parse(&edit(MINI, &[(35, "PileFace=U\nPileRank= \nPileSuit=")])).unwrap();
        assert!(w.is_empty() && spec.dealt[0].card.is_none(), "{w:?}");
    }

    #[test]
    fn a_specific_card_dealt_too_often() {
        let seven = |face: &str| format!("PileFace={face}\nPileRank=7\nPileSuit=h");
        let text = edit(MINI, &[(35, &seven("U")), (39, &seven("D"))]);
        let found = problems(&text);
        assert_eq!(
            found,
            vec![
                "g.ini:43: [DealtCard2] deals the 7 of hearts again (already dealt by [DealtCard1]); 1 deck holds only 1"
            ]
        );
        // Two decks hold two.
        let (spec, _) = parse(&text.replace("Decks=1", "Decks=2")).unwrap();
        assert_eq!(spec.dealt[1].card, Card::parse("7H"));
        // One suit: a deck holds four sevens of hearts, and no clubs.
        let (spec, _) = parse(&text.replace("Decks=1", "Decks=1\nSuits=H")).unwrap();
        assert_eq!(spec.game.copies_per_card(), 4);
        let found = problems(&text.replace("Decks=1", "Decks=1\nSuits=S"));
        has(&found, "g.ini:38: [DealtCard1] deals the 7 of hearts, but the decks hold no hearts ([Game] Suits=S)");
    }

    #[test]
    fn more_cards_than_the_decks_hold() {
        let found = problems(&edit(MINI, &[(8, "NumCardsDealt=53")]));
        has(&found, "g.ini:8: [Game] NumCardsDealt=53 deals more cards than 1 deck holds (52)");
        let found = problems(&edit(MINI, &[(5, "Decks=2"), (8, "NumCardsDealt=105")]));
        has(&found, "g.ini:8: [Game] NumCardsDealt=105 deals more cards than 2 decks hold (104)");
    }

    /// A pile that starts inside the playing area but runs past its edge
    /// is warned of; one a few pixels over is not.
    #[test]
    fn a_pile_running_past_the_area_is_warned_of() {
        let past = klondike().replace("[Tableau7]\nX=6.40", "[Tableau7]\nX=7.00");
        assert_ne!(past, klondike());
        let found = problems(&past);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].ends_with("warning: [Tableau7] at X=7 Y=1.25, 1 wide and 3.5 high ([Tableau] NumCardWide, NumCardHigh), runs past the playing area ([Game] NumCardWide=7.5 NumCardHigh=4.75)"), "{found:?}");
        let close = klondike().replace("[Tableau7]\nX=6.40", "[Tableau7]\nX=6.53");
        assert!(problems(&close).is_empty(), "{:?}", problems(&close));
    }

    /// The engine cannot play cards that are neither dealt nor in a stock,
    /// so lint refuses them as the game would.
    #[test]
    fn cards_left_with_no_stock_are_an_error() {
        let text = klondike().replace("[Stock]\nPiles=1", "[Stock]\nPiles=0").replace("Visibility=1", "Visibility=0");
        let found = problems(&text);
        has(
            &found,
            "g.ini:16: 24 cards are not dealt and there is no stock pile to hold them: deal them all, or add a [Stock] with Piles=1",
        );
        assert!(parse(&text).is_err());
        let mut all_but_one = text.replace("NumCardsDealt=28", "NumCardsDealt=51");
        for n in 29..=51 {
            all_but_one.push_str(&format!("\n[DealtCard{n}]\nPileType=T\nPileNumb=1\nPileFace=U\n"));
        }
        has(
            &problems(&all_but_one),
            "g.ini:16: 1 card is not dealt and there is no stock pile to hold it: deal it, or add a [Stock] with Piles=1",
        );
    }

    #[test]
    fn warnings_keep_the_spec() {
        let text = edit(MINI, &[(7, "NumCardHigh=2\nNumCardWidth=3\nAddition=\nDecks=2"), (31, "Y=9")]);
        let (spec, w) = parse(&format!("{text}[Extra]\nA=1\n[Rules]\nAnything=goes\n")).unwrap();
        let w: Vec<String> = w.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            w,
            vec![
                "g.ini:8: warning: [Game] NumCardWidth is not a key of [Game] and is ignored (did you mean NumCardWide?)",
                "g.ini:9: warning: [Game] Addition has no value; the default 0 is used",
                "g.ini:10: warning: [Game] Decks is given again (first on line 5); only the first value is used",
                "g.ini:34: warning: [Tableau2] X=1 Y=9 is outside the playing area ([Game] NumCardWide=3 NumCardHigh=2)",
                "g.ini:43: warning: [Extra] is not a section of game.ini and is ignored",
            ]
        );
        assert_eq!(spec.game.decks, 1);
        assert_eq!(spec.unused[0].value("anything"), Some("goes"));
    }

    #[test]
    fn extension_keys() {
        let text = edit(
            MINI,
            &[
                (5, "Decks=2\nSuits=HS\nAutoPlay=1\nAceHigh=1\nKingsToBottom=1\nWinWhen=tableauempty"),
                (
                    10,
                    "Piles=1\nDealTo=Tableau\nDealPiles=2\nDealCount=3\nRedeals=2\nDealNeedsNoGaps=1\n[Reserve]\nPiles=1\n[Reserve1]\nX=2\nY=1",
                ),
                (14, "Piles=1\nBuild=Down\nSuitCheck=0\nStartRank=13\nTakeBack=1\nCompleteSequences=1\nDiscard=1"),
                (16, "Piles=2\nMaxMove=1\nStackSuitCheck=1\nFillEmpty=0\nFillFrom=Reserve"),
                (28, "Y=1\nCoveredBy=2"),
            ],
        );
        let (spec, w) = parse(&text).unwrap();
        assert!(w.is_empty(), "{w:?}");
        let g = &spec.game;
        assert_eq!(g.suits, vec![Suit::Hearts, Suit::Spades]);
        assert_eq!(g.copies_per_card(), 4);
        assert!(g.auto_play && g.ace_high && g.kings_to_bottom);
        assert_eq!(g.win_when, WinWhen::TableauEmpty);
        let s = &spec.stock;
        assert_eq!((s.deal_to, s.deal_piles, s.deal_count, s.redeals), (DealTo::Tableau, Some(2), 3, Some(2)));
        assert!(s.deal_needs_no_gaps);
        let f = &spec.foundation;
        assert_eq!((f.build, f.suit_check, f.start_rank), (Build::Down, false, Rank::KING));
        assert!(f.take_back && f.complete_sequences && f.discard);
        let t = &spec.tableau;
        assert_eq!((t.max_move, t.stack_suit_check, t.fill_empty), (Some(1), true, false));
        assert_eq!(t.fill_from, Some(PileKind::Reserve));
        assert_eq!(spec.tableau_piles[0].covered_by, vec![2]);
        assert_eq!(spec.reserve_piles.len(), 1);
        // Unlimited redeals.
        let (spec, _) = parse(&text.replace("Redeals=2", "Redeals=-1")).unwrap();
        assert_eq!(spec.stock.redeals, None);
    }

    /// A stock with nowhere to deal to is an error even when every card
    /// is dealt and it starts empty: it can still be clicked, and play
    /// refuses such rules. Only a hidden stock holding nothing may.
    #[test]
    fn an_empty_stock_still_needs_somewhere_to_deal() {
        let mut all_dealt = edit(MINI, &[(8, "NumCardsDealt=52"), (12, "Piles=0"), (20, ""), (21, ""), (22, "")]);
        for n in 3..=52 {
            all_dealt.push_str(&format!("[DealtCard{n}]\nPileType=T\nPileNumb=1\nPileFace=U\n"));
        }
        has(
            &problems(&all_dealt),
            "g.ini:9: [Stock] DealTo=Waste (the default): the stock deals to the waste but there are no waste piles",
        );
        let with_key = all_dealt.replacen("[Stock]\n", "[Stock]\nDealTo=Waste\n", 1);
        has(
            &problems(&with_key),
            "g.ini:10: [Stock] DealTo=Waste: the stock deals to the waste but there are no waste piles",
        );
        let hidden = all_dealt.replacen("[Stock]\n", "[Stock]\nVisibility=0\n", 1);
        assert!(parse(&hidden).is_ok(), "{:#?}", problems(&hidden));
    }

    #[test]
    fn extension_key_problems() {
        let found = problems(&edit(MINI, &[(5, "Decks=1\nSuits=CDH")]));
        has(
            &found,
            "g.ini:6: [Game] Suits=CDH must name 1, 2 or 4 suits (each deck's 52 cards are shared equally among them)",
        );
        let found = problems(&edit(MINI, &[(5, "Decks=1\nSuits=HH")]));
        has(&found, "g.ini:6: [Game] Suits=HH names hearts twice");
        let found = problems(&edit(MINI, &[(5, "Decks=1\nWinWhen=Never")]));
        has(&found, "g.ini:6: [Game] WinWhen=Never is not one of Foundations or TableauEmpty");
        let found = problems(&edit(MINI, &[(10, "Piles=1\nDealTo=Tableau\nDealPiles=3")]));
        has(&found, "g.ini:12: [Stock] DealPiles=3, but there are only 2 tableau piles");
        let found = problems(&edit(MINI, &[(12, "Piles=0"), (20, ""), (21, ""), (22, "")]));
        has(
            &found,
            "g.ini:9: [Stock] DealTo=Waste (the default): the stock deals to the waste but there are no waste piles",
        );
        let found =
            problems(&edit(MINI, &[(10, "Piles=1\nDealTo=Foundation"), (14, "Piles=0"), (23, ""), (24, ""), (25, "")]));
        has(
            &found,
            "g.ini:11: [Stock] DealTo=Foundation: the stock deals to the foundation but there are no foundation piles",
        );
        let found = problems(&edit(MINI, &[(16, "Piles=2\nFillFrom=Reserve")]));
        has(&found, "g.ini:17: [Tableau] FillFrom=Reserve, but there are no reserve piles");
        let found = problems(&edit(MINI, &[(28, "Y=1\nCoveredBy=2, 3, 1, x")]));
        has(&found, "g.ini:29: [Tableau1] CoveredBy=2, 3, 1, x: there is no tableau pile 3 (there are 2)");
        has(&found, "g.ini:29: [Tableau1] CoveredBy=2, 3, 1, x: a pile cannot cover itself");
        has(&found, "g.ini:29: [Tableau1] CoveredBy=2, 3, 1, x: `x` is not a number");
        let found = problems(&edit(MINI, &[(28, "Y=1\nCoveredBy=2"), (31, "Y=1\nCoveredBy=1")]));
        has(&found, "g.ini:33: [Tableau2] CoveredBy makes a loop through tableau pile 1");
        let found = problems(&edit(MINI, &[(30, "X=0")]));
        has(
            &found,
            "g.ini:29: warning: [Tableau2] lies at the same place as [Tableau1] (X=0, Y=1): one would hide the other",
        );
        // An error elsewhere leaves the places as written: still told.
        let found = problems(&edit(MINI, &[(16, "Piles=2\nColorCheck=3"), (30, "X=0")]));
        assert!(found.iter().any(|f| f.contains("ColorCheck") && !f.contains("warning")), "{found:?}");
        assert!(found.iter().any(|f| f.contains("[Tableau2] lies at the same place as [Tableau1]")), "{found:?}");
        // An error in a pile's own section may have left its place at 0.
        let found = problems(&edit(MINI, &[(30, "X=0"), (31, "Y=one")]));
        assert!(found.iter().any(|f| f.starts_with("g.ini:31:") && !f.contains("warning")), "{found:?}");
        assert!(found.iter().all(|f| !f.contains("same place")), "{found:?}");
        let found = problems(&edit(MINI, &[(24, "X=0"), (25, "Y=1")]));
        has(
            &found,
            "g.ini:26: warning: [Tableau1] lies at the same place as [Foundation1] (X=0, Y=1): one would hide the other",
        );
        // All but at the same place: the one drawn over hides the other.
        let found = problems(&edit(MINI, &[(24, "X=0.05"), (25, "Y=1.05")]));
        has(
            &found,
            "g.ini:26: warning: [Tableau1] at X=0 Y=1 lies less than a tenth of a card from [Foundation1] at X=0.05 Y=1.05, across and down: one would hide the other",
        );
        // Take3 is the number a stock deals to the waste.
        let tableau_dealt = edit(MINI, &[(10, "Piles=1\nDealTo=Tableau\nDealPiles=2")]) + "[HardMode]\nTake3=1\n";
        let found = problems(&tableau_dealt);
        assert!(
            found.iter().any(|f| f.contains("warning: [HardMode] Take3=1 does nothing here")
                && f.ends_with("this stock deals elsewhere ([Stock] DealTo)")),
            "{found:?}"
        );
        let found = problems(&format!("{MINI}[HardMode]\nTake3=1\n"));
        assert!(found.iter().all(|f| !f.contains("Take3")), "{found:?}");
        // A pyramid's rows overlap, each card still in sight.
        let found = problems(&edit(MINI, &[(24, "X=0.5"), (25, "Y=0.5")]));
        assert!(found.iter().all(|f| !f.contains("hide")), "{found:?}");
        let found = problems(&edit(MINI, &[(8, "NumCardsDealt=2\nStartRankCard=3")]));
        has(&found, "g.ini:9: [Game] StartRankCard=3, but there is no [DealtCard3] (2 cards are dealt)");
    }

    #[test]
    fn ini_syntax_errors_come_through() {
        let found = problems(&edit(MINI, &[(2, "Name=Mini\njust words")]));
        assert_eq!(found, vec!["g.ini:3: `just words` is neither a [Section] header nor a Key=Value line"]);
    }

    /// `Piles 2` is told once, with the line meant: the piles it would
    /// have made are not then told as [Tableau1] and [Tableau2] too many.
    #[test]
    fn a_key_line_without_its_equals_is_told_once_with_the_line_meant() {
        let found = problems(&edit(MINI, &[(14, "Piles: 1"), (16, "Piles 2")]));
        assert_eq!(
            found,
            vec![
                "g.ini:14: `Piles: 1` is neither a [Section] header nor a Key=Value line (did you mean `Piles=1`?)",
                "g.ini:16: `Piles 2` is neither a [Section] header nor a Key=Value line (did you mean `Piles=2`?)",
            ]
        );
    }

    #[test]
    fn diagnostics_are_sorted_by_line() {
        let e = parse(&edit(MINI, &[(34, "PileNumb=9"), (5, "Decks=0"), (16, "Piles=2\nColorCheck=7")])).unwrap_err();
        let lines: Vec<usize> = e.iter().map(|d| d.line).collect();
        let mut sorted = lines.clone();
        sorted.sort();
        assert_eq!(lines, sorted);
    }

    #[test]
    fn load_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.ini");
        std::fs::write(&path, edit(MINI, &[(5, "Decks=x")])).unwrap();
        let e = GameSpec::load(&path).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            format!("{}:5: [Game] Decks=x is not a number: it must be 1, 2, 3 or 4", path.display())
        );
        let e = GameSpec::load(&dir.path().join("nope.ini")).unwrap_err();
        assert!(e[0].message.starts_with("cannot be read"), "{e:?}");
    }

    /// Mutated Klondikes and random bytes: never a panic.
    #[test]
    fn no_input_panics() {
        let base = klondike();
        let lines: Vec<&str> = base.lines().collect();
        let junk = [
            "Piles=255",
            "Piles=-3",
            "Piles=99999999999999999999",
            "NumCardsDealt=208",
            "NumCardsDealt=0",
            "Decks=4",
            "Decks=0",
            "PileRank=13",
            "PileSuit=H",
            "PileRank=0",
            "PileType=F",
            "PileType=R",
            "PileNumb=255",
            "CoveredBy=1,2,3",
            "CoveredBy=999",
            "StartRankCard=9999",
            "Suits=S",
            "Suits=",
            "X=1e308",
            "Y=-.",
            "[Tableau",
            "[Tableau255]",
            "[DealtCard208]",
            "[DealtCard0]",
            "[]",
            "=",
            "\u{0}",
            "é=é",
            "[Game]",
            "[General]",
            "DealTo=Foundation",
            "DealPiles=0",
            "FillFrom=Reserve",
            "MaxMove=0",
            "WinWhen=TableauEmpty",
            "Addition=13",
            "Redeals=-2",
            "\\",
        ];
        let mut rng = crate::core::GameRng::new(2024);
        for round in 0..3000 {
            let mut ls: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            for _ in 0..1 + rng.below(6) {
                let at = rng.below(ls.len() as u32) as usize;
                match rng.below(5) {
                    0 => ls[at] = junk[rng.below(junk.len() as u32) as usize].to_string(),
                    1 => {
                        ls.remove(at);
                    }
                    2 => ls.insert(at, junk[rng.below(junk.len() as u32) as usize].to_string()),
                    3 => {
                        let l = ls[at].clone();
                        ls.insert(at, l);
                    }
                    _ => {
                        let mut b = ls[at].clone().into_bytes();
                        if !b.is_empty() {
                            let i = rng.below(b.len() as u32) as usize;
                            b[i] = rng.below(256) as u8;
                        }
                        ls[at] = String::from_utf8_lossy(&b).into_owned();
                    }
                }
            }
            let text = ls.join(if round % 2 == 0 { "\n" } else { "\r\n" });
            read_or_refused(text.as_bytes());
        }
        for len in 0..400 {
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            read_or_refused(&bytes);
            let printable: Vec<u8> =
                bytes.iter().map(|b| b"[]=;\n\r0123456789.-TabluePiles"[*b as usize % 29]).collect();
            read_or_refused(&printable);
        }
    }

    /// What [`GameSpec::parse`] promises for any bytes: a spec with only
    /// warnings, whose rules build a game; or at least one error; every
    /// problem on a line of the file.
    fn read_or_refused(bytes: &[u8]) {
        match GameSpec::parse(Path::new("g.ini"), bytes) {
            Ok((spec, warnings)) => {
                assert!(warnings.iter().all(|w| !w.is_error() && w.points_into(bytes)), "{warnings:?}");
                let rules = crate::solitaire::rules::Rules::from_spec(&spec, crate::solitaire::rules::Mode::Easy);
                assert!(rules.is_ok(), "{:?}: {rules:?}", String::from_utf8_lossy(bytes));
            }
            Err(problems) => {
                assert!(problems.iter().any(Diagnostic::is_error), "{problems:?}");
                assert!(problems.iter().all(|p| p.points_into(bytes)), "{problems:?}");
            }
        }
    }

    /// The text of the guide's node `name`, up to its @ENDNODE.
    fn node_text<'a>(guide: &'a str, name: &str) -> &'a str {
        let start = guide.find(&format!("@NODE {name} ")).unwrap_or_else(|| panic!("guide: no node {name}"));
        let rest = &guide[start..];
        &rest[..rest.find("@ENDNODE").unwrap_or(rest.len())]
    }

    /// Whether `text` has an entry for `key`: a line of the guide's key
    /// lists, two spaces in, the key alone (its type and meaning on the
    /// lines under it) or followed by its type.
    fn has_entry(text: &str, key: &str) -> bool {
        text.lines().any(|l| {
            l.strip_prefix("  ").and_then(|r| r.strip_prefix(key)).is_some_and(|r| r.is_empty() || r.starts_with(' '))
        })
    }

    /// The guide has an entry for every key in its section's node (the
    /// extensions in their section's part of the Extensions node), and the
    /// README's table a row for every extension.
    #[test]
    fn every_key_is_documented() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let guide = std::fs::read_to_string(root.join("guide/game-ini.guide")).unwrap();
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        let section = readme.split("## Writing a game type").nth(1).expect("README has a Writing a game type section");
        let extensions = node_text(&guide, "Extensions");
        for keys in KEYS {
            let node = node_text(&guide, keys.section);
            for key in keys.spec {
                assert!(has_entry(node, key), "guide: node {} has no entry for {key}", keys.section);
            }
            let part = extensions.split(&format!("@{{b}}[{}]@{{ub}}", keys.section)).nth(1).unwrap_or("");
            let part = &part[..part.find("@{b}[").unwrap_or(part.len())];
            for key in keys.extension {
                assert!(has_entry(part, key), "guide: no entry for [{}] {key} in Extensions", keys.section);
                let row = format!("| [{}] | `{key}` |", keys.section);
                assert!(section.contains(&row), "README: no row {row}");
            }
        }
        for s in UNUSED_SECTIONS {
            assert!(guide.contains(&format!("[{s}]")), "guide: [{s}] is not mentioned");
        }
    }
}
