//! The engine's rules: a game type's game.ini resolved for one mode into plain
//! values, one struct per pile kind, so the engine never looks at INI text.
//!
//! Every value here has its game.ini meaning written beside it; where the
//! YaZZle spec is silent, the choice made is written down too (these notes
//! are the source of the game.ini guide's "how Parlour reads it" remarks).
//!
//! Pile and card positions are 0-based here and in the engine; texts (move
//! texts, messages, game.ini) number piles from 1.

use crate::cards::{Card, Rank, Suit};
use crate::core::plural;

use super::spec::{self, GameSpec};
pub use super::spec::{Build, ColourCheck, DealTo, MAX_PILES, PileKind, Sequence, WinWhen};

/// Easy or Hard: which of [EasyMode] and [HardMode] is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    #[default]
    Easy,
    Hard,
}

impl Mode {
    /// `easy` or `hard`, as the variant's options spell it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Easy => "easy",
            Mode::Hard => "hard",
        }
    }

    /// The mode that is not this one.
    pub fn other(self) -> Mode {
        match self {
            Mode::Easy => Mode::Hard,
            Mode::Hard => Mode::Easy,
        }
    }

    /// Reads `easy` or `hard` (any case).
    pub fn parse(text: &str) -> Option<Mode> {
        [Mode::Easy, Mode::Hard].into_iter().find(|m| m.name().eq_ignore_ascii_case(text))
    }
}

/// Where the foundations' starting rank comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoundationStart {
    /// [Foundation] StartRank (extension; default 1 = ace).
    Rank(Rank),
    /// [Game] StartRankCard=N: the rank of the card dealt as DealtCardN
    /// (0-based here), e.g. Canfield's first foundation card.
    DealtCard(usize),
}

/// The stock: where undealt cards wait.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StockRules {
    /// [Stock] Piles. Undealt cards all go into stock 1.
    pub piles: usize,
    /// [Stock] Visibility. An invisible stock cannot be clicked: it only
    /// holds cards the deal did not use.
    pub visible: bool,
    /// [Stock] DealTo.
    pub deal_to: DealTo,
    /// [Stock] DealPiles: with DealTo=Tableau, how many tableau piles (from
    /// pile 1) receive a card; `None` = all of them.
    pub deal_piles: Option<usize>,
    /// Cards per deal to the waste: [Stock] DealCount, or 3 when the mode's
    /// Take3=1.
    pub deal_count: usize,
    /// [Stock] Redeals: how often the waste may be turned back into the
    /// stock; `None` = without limit (Redeals=-1, the default).
    pub redeals: Option<u32>,
    /// [Stock] DealNeedsNoGaps: no deal to the tableau while a tableau pile
    /// is empty (Spider).
    pub deal_needs_no_gaps: bool,
}

impl Default for StockRules {
    fn default() -> Self {
        StockRules {
            piles: 0,
            visible: true,
            deal_to: DealTo::Waste,
            deal_piles: None,
            deal_count: 1,
            redeals: None,
            deal_needs_no_gaps: false,
        }
    }
}

/// The foundations: where cards are laid off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundationRules {
    /// [Foundation] Piles.
    pub piles: usize,
    /// [Foundation] Build (extension).
    pub build: Build,
    /// [Foundation] SuitCheck (extension, default on): a foundation takes
    /// one suit only.
    pub suit_check: bool,
    /// The rank an empty foundation takes.
    pub start: FoundationStart,
    /// [Foundation] AllowWrap: the rank order is circular on foundations
    /// (a king goes on an ace going up, an ace on a king going down).
    pub allow_wrap: bool,
    /// [Foundation] TakeBack (extension): a foundation's top card may go back
    /// to the tableau.
    pub take_back: bool,
    /// [Foundation] CompleteSequences (extension): a foundation takes only
    /// a whole 13-card run in one suit, highest rank at the bottom, from one
    /// tableau pile, onto an empty foundation; it goes by itself as soon as
    /// it is complete (Spider, Scorpion).
    pub complete_sequences: bool,
    /// [Foundation] AutoRemove (extension, default on; a mode's section may
    /// override it): with CompleteSequences, a complete run goes to a
    /// foundation by itself. Off, it stays on the tableau until the
    /// player moves it (Oberon Spider's harder way).
    pub auto_remove: bool,
    /// [Foundation] Discard (extension): a tableau pile's top card may go to
    /// any foundation when another tableau pile's top card has the same suit
    /// and a higher rank (Aces Up). Discard foundations take nothing else.
    /// With WinWhen=Foundations such a game is won when the stock and waste
    /// are empty and every card left outside the foundations is of the
    /// highest rank (the aces, with AceHigh).
    pub discard: bool,
}

impl Default for FoundationRules {
    fn default() -> Self {
        FoundationRules {
            piles: 0,
            build: Build::Up,
            suit_check: true,
            start: FoundationStart::Rank(Rank::ACE),
            allow_wrap: false,
            take_back: false,
            complete_sequences: false,
            auto_remove: true,
            discard: false,
        }
    }
}

/// The tableau: where cards are built on each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableauRules {
    /// [Tableau] Piles.
    pub piles: usize,
    /// [Tableau] SequenceCheck, the spec's words read literally: the first
    /// moved card is 1 "next in rank sequence from" the card it goes onto,
    /// i.e. one rank higher; 2 "just prior", one rank lower (Klondike and
    /// FreeCell use 2); 3 either.
    pub sequence: Sequence,
    /// [Tableau] ColorCheck.
    pub colour: ColourCheck,
    /// [Tableau] SuitCheck: the moved card has the suit of the card it goes on.
    pub suit_check: bool,
    /// [Tableau] CheckInOrder: a moved stack must itself follow the build
    /// rules (SequenceCheck, ColorCheck, SuitCheck), each card on the one
    /// below it. Without it any face-up cards move together (Yukon).
    pub check_in_order: bool,
    /// CheckFree, from [Tableau] or the mode's section: a stack of n > 1
    /// cards moves only if n <= free + 1, where free counts the empty
    /// reserve piles that can take a card and the empty tableau piles that
    /// may be filled, not counting the destination.
    pub check_free: bool,
    /// KingsOnly, from [Game] or the mode's section: only a stack whose
    /// first card is a king may go onto an empty tableau pile.
    pub kings_only: bool,
    /// [Game] AllowWrap: the rank order is circular on the tableau, so a
    /// king may go on an ace (descending builds) or an ace on a king
    /// (ascending builds).
    pub allow_wrap: bool,
    /// [Tableau] MaxAllowed / MaxCards: the most face-up cards a tableau
    /// pile may hold after cards are moved onto it (face-down cards and
    /// cards dealt from the stock do not count; see the module notes of
    /// the engine). Default 13.
    pub max_allowed: usize,
    /// [Tableau] MaxMove (extension): at most this many cards per move.
    pub max_move: Option<usize>,
    /// [Tableau] StackSuitCheck (extension): a moved stack of two or more
    /// cards is all one suit (Spider).
    pub stack_suit_check: bool,
    /// [Tableau] FillEmpty (extension, default on): empty tableau piles may
    /// be filled by moves. Off in Baker's Dozen.
    pub fill_empty: bool,
    /// [Tableau] FillFrom=Reserve (extension): an empty tableau pile is at
    /// once refilled with the top card of reserve 1 (Canfield).
    pub fill_from_reserve: bool,
    /// [TableauN] CoveredBy (extension), per pile: the piles (0-based) that
    /// must all be empty before this pile's cards can be played or covered.
    /// Empty lists for uncovered piles; shorter than `piles` is allowed.
    pub covered_by: Vec<Vec<usize>>,
}

impl TableauRules {
    /// Whether some pile covers another (CoveredBy): emptying one pile
    /// can then free another.
    pub fn piles_cover(&self) -> bool {
        self.covered_by.iter().any(|cover| !cover.is_empty())
    }

    /// Whether an empty tableau pile is room for CheckFree: a place a
    /// run's cards may wait on while it moves. Not where only a king may
    /// go there (KingsOnly): the cards of a run but its bottom one are
    /// never kings, so such a pile could hold none of them.
    pub fn spaces_are_room(&self) -> bool {
        self.fill_empty && !self.kings_only
    }
}

impl Default for TableauRules {
    fn default() -> Self {
        TableauRules {
            piles: 0,
            sequence: Sequence::Any,
            colour: ColourCheck::Any,
            suit_check: false,
            check_in_order: false,
            check_free: false,
            kings_only: false,
            allow_wrap: false,
            max_allowed: 13,
            max_move: None,
            stack_suit_check: false,
            fill_empty: true,
            fill_from_reserve: false,
            covered_by: Vec::new(),
        }
    }
}

/// Reserve piles: free cells and the like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReserveRules {
    /// [Reserve] Piles.
    pub piles: usize,
    /// [Reserve] MaxAllowed: the most face-up cards a reserve pile may hold
    /// after a card is moved onto it. Default 1 (a free cell); 0 = cards
    /// only leave it (Canfield's reserve).
    pub max_allowed: usize,
}

impl Default for ReserveRules {
    fn default() -> Self {
        ReserveRules { piles: 0, max_allowed: 1 }
    }
}

impl ReserveRules {
    /// Whether the reserve piles are free cells: there are some, and cards
    /// may be put in them.
    pub fn are_free_cells(&self) -> bool {
        self.piles > 0 && self.max_allowed > 0
    }
}

/// One [DealtCardN]: where the Nth card of the deal goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealtCard {
    /// PileType: Foundation, Reserve, Tableau or Waste.
    pub pile: PileKind,
    /// PileNumb, 0-based.
    pub index: usize,
    /// PileFace: U (true) or D.
    pub face_up: bool,
    /// PileRank + PileSuit when both are given: this very card, drawn out of
    /// the shuffled decks before the random cards are dealt.
    pub card: Option<Card>,
}

/// A game type's rules for one mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// [Game] Decks, 1 to 4.
    pub decks: usize,
    /// [Game] Suits (extension): the suits each 52-card deck is made of, in
    /// equal numbers: 1, 2 or 4 different suits.
    pub suits: Vec<Suit>,
    /// [Game] Addition: 0, or the sum two removed cards must make (13 in
    /// Pyramid; a single card of that rank is removed alone). Addition games
    /// have no other card moves: pairs go to foundation 1.
    pub addition: u8,
    /// [Game] AutoPlay (extension): every card that can go to a foundation
    /// goes there by itself after each move.
    pub auto_play: bool,
    /// Not of game.ini: the player's "Auto-play to Foundations" option, as
    /// the solver must play it to find lines the table can follow. After
    /// each move, a card goes to a foundation by itself where no winning
    /// line needs it where it lies (the solver's
    /// [`safe_lay_off`](super::solver::safe_lay_off)).
    pub safe_auto_play: bool,
    /// [Game] AceHigh (extension): aces rank above kings.
    pub ace_high: bool,
    /// [Game] KingsToBottom (extension): after the deal each tableau pile's
    /// kings go to its bottom, in their order (Baker's Dozen).
    pub kings_to_bottom: bool,
    /// [Game] WinWhen (extension).
    pub win_when: WinWhen,
    pub stock: StockRules,
    /// [Waste] Piles. Stock N deals to waste N (or the last waste).
    pub waste_piles: usize,
    pub foundation: FoundationRules,
    pub tableau: TableauRules,
    pub reserve: ReserveRules,
    /// [DealtCard1..NumCardsDealt], in order. Cards not dealt stay in stock 1.
    pub deal: Vec<DealtCard>,
    /// The mode section's Name (extension): what menus call this mode,
    /// if not Easy or Hard.
    pub mode_name: Option<String>,
    /// [EasyWinnable]/[HardWinnable] Only=1 (Parlour's meaning for sections
    /// YaZZle left unused): only deals the solver proves winnable are dealt.
    pub winnable_only: bool,
}

impl Default for Rules {
    /// The rules of a game.ini that gives no keys: one deck, no piles.
    fn default() -> Self {
        Rules {
            decks: 1,
            suits: Suit::ALL.to_vec(),
            addition: 0,
            auto_play: false,
            safe_auto_play: false,
            ace_high: false,
            kings_to_bottom: false,
            win_when: WinWhen::Foundations,
            stock: StockRules::default(),
            waste_piles: 0,
            foundation: FoundationRules::default(),
            tableau: TableauRules::default(),
            reserve: ReserveRules::default(),
            deal: Vec::new(),
            mode_name: None,
            winnable_only: false,
        }
    }
}

/// A [DealtCardN] in engine terms (0-based pile number).
fn dealt_card(d: &spec::DealtCard) -> DealtCard {
    DealtCard { pile: d.kind, index: d.pile.saturating_sub(1), face_up: d.face_up, card: d.card }
}

impl Rules {
    /// Whether cards go to the foundations by themselves after a move (the
    /// game's AutoPlay or the player's option), so that the moves a search
    /// bundles into one step could be interrupted.
    pub fn lays_off_by_itself(&self) -> bool {
        self.auto_play || self.safe_auto_play
    }

    /// How messages name one pile of `kind` before its number, as the
    /// game calls it: a reserve pile that holds one card is a free cell
    /// (FreeCell, Eight Off), any other a reserve (Canfield's).
    pub fn pile_noun(&self, kind: PileKind) -> &'static str {
        if kind == PileKind::Reserve && self.reserve.max_allowed == 1 { "free cell" } else { kind.noun() }
    }

    /// Whether a lay-off can be judged to lose nothing in this game (the
    /// solver's safe lay-offs, which the player's auto-play makes):
    /// foundations built one way in suit card by card (up, or down from
    /// the king), so a card going up only opens its foundation to the
    /// next of its suit, and a tableau built in
    /// sequence, so the cards that could want to lie on it are known. Not
    /// a foundation built both ways in any suit (Golf: which card goes up
    /// decides which may follow, so laying one off is a choice that can
    /// lose), a discard (Aces Up), whole runs (Spider) or pairs (Pyramid).
    pub fn lay_offs_judged(&self) -> bool {
        let f = &self.foundation;
        f.piles > 0
            && f.build != Build::UpDown
            && f.suit_check
            && !f.discard
            && !f.complete_sequences
            && self.addition == 0
            && self.tableau.sequence != Sequence::Any
    }

    /// The rules of `spec` in `mode`, checked with [`validate`](Rules::validate).
    pub fn from_spec(spec: &GameSpec, mode: Mode) -> Result<Rules, String> {
        let rules = Self::unchecked(spec, mode);
        rules.validate()?;
        Ok(rules)
    }

    /// The rules of `spec` in `mode` as they are written, unchecked: only
    /// for what lint can say of them alone (what the foundations hold)
    /// while they have another error; play takes [`from_spec`](Rules::from_spec).
    ///
    /// The mode's section overrides: CheckFree ([Tableau] CheckFree) and
    /// KingsOnly ([Game] KingsOnly) when the mode's section gives the key;
    /// Take3=1 makes the stock deal 3 cards (else [Stock] DealCount). Tableau
    /// MaxAllowed and MaxCards say the same thing: the one given is used, the
    /// smaller if both are, else 13.
    pub fn unchecked(spec: &GameSpec, mode: Mode) -> Rules {
        /// Whether the mode's Winnable section says Only=1.
        fn winnable_only(spec: &GameSpec, mode: Mode) -> bool {
            let name = if mode == Mode::Easy { "EasyWinnable" } else { "HardWinnable" };
            spec.unused
                .iter()
                .find(|s| s.name.eq_ignore_ascii_case(name))
                .and_then(|s| s.value("Only"))
                .is_some_and(|v| v.trim().parse::<i64>() == Ok(1))
        }
        let (section, m) = match mode {
            Mode::Easy => ("EasyMode", &spec.easy),
            Mode::Hard => ("HardMode", &spec.hard),
        };
        let given = |section: &str, key: &str| {
            spec.doc.section(section).and_then(|s| s.value(key)).is_some_and(|v| !v.is_empty())
        };
        let t = &spec.tableau;
        let max_allowed = match (given("Tableau", "MaxAllowed"), given("Tableau", "MaxCards")) {
            (true, true) => t.max_allowed.min(t.max_cards),
            (false, true) => t.max_cards,
            _ => t.max_allowed,
        };
        let f = &spec.foundation;
        Rules {
            decks: spec.game.decks as usize,
            suits: spec.game.suits.clone(),
            addition: u8::try_from(spec.game.addition).unwrap_or(u8::MAX),
            auto_play: spec.game.auto_play,
            safe_auto_play: false,
            ace_high: spec.game.ace_high,
            kings_to_bottom: spec.game.kings_to_bottom,
            win_when: spec.game.win_when,
            stock: StockRules {
                piles: spec.stock.piles,
                visible: spec.stock.visibility,
                deal_to: spec.stock.deal_to,
                deal_piles: spec.stock.deal_piles,
                deal_count: if m.take3 { 3 } else { spec.stock.deal_count as usize },
                redeals: spec.stock.redeals,
                deal_needs_no_gaps: spec.stock.deal_needs_no_gaps,
            },
            waste_piles: spec.waste.piles,
            foundation: FoundationRules {
                piles: f.piles,
                build: f.build,
                suit_check: f.suit_check,
                start: match spec.game.start_rank_card {
                    0 => FoundationStart::Rank(f.start_rank),
                    n => FoundationStart::DealtCard(n - 1),
                },
                allow_wrap: f.allow_wrap,
                take_back: f.take_back,
                complete_sequences: f.complete_sequences,
                auto_remove: m.auto_remove.unwrap_or(f.auto_remove),
                discard: f.discard,
            },
            tableau: TableauRules {
                piles: t.piles,
                sequence: t.sequence_check,
                colour: t.color_check,
                suit_check: t.suit_check,
                check_in_order: t.check_in_order,
                check_free: if given(section, "CheckFree") { m.check_free } else { t.check_free },
                kings_only: if given(section, "KingsOnly") { m.kings_only } else { spec.game.kings_only },
                allow_wrap: spec.game.allow_wrap,
                max_allowed: max_allowed as usize,
                max_move: t.max_move.map(|n| n as usize),
                stack_suit_check: t.stack_suit_check,
                fill_empty: t.fill_empty,
                fill_from_reserve: t.fill_from == Some(PileKind::Reserve),
                covered_by: spec
                    .tableau_piles
                    .iter()
                    .map(|p| p.covered_by.iter().map(|n| n.saturating_sub(1)).collect())
                    .collect(),
            },
            reserve: ReserveRules { piles: spec.reserve.piles, max_allowed: spec.reserve.max_allowed as usize },
            deal: spec.dealt.iter().map(dealt_card).collect(),
            mode_name: m.name.clone(),
            winnable_only: winnable_only(spec, mode),
        }
    }

    /// How many piles of `kind` the game has.
    pub fn pile_count(&self, kind: PileKind) -> usize {
        match kind {
            PileKind::Stock => self.stock.piles,
            PileKind::Waste => self.waste_piles,
            PileKind::Foundation => self.foundation.piles,
            PileKind::Tableau => self.tableau.piles,
            PileKind::Reserve => self.reserve.piles,
        }
    }

    /// The number of cards in play.
    pub fn pack_size(&self) -> usize {
        self.decks * 52
    }

    /// The unshuffled pack: per deck, the 52 cards of `Card::deck()` with
    /// suit number i (clubs 0 .. spades 3) replaced by `suits[i % len]`.
    /// With the standard suits it is `decks` copies of `Card::deck()`.
    pub fn suit_for(&self, standard: Suit) -> Suit {
        let i = Suit::ALL.iter().position(|&s| s == standard).unwrap_or(0);
        self.suits[i % self.suits.len()]
    }

    /// How many copies of `card` the pack holds.
    pub fn copies(&self, card: Card) -> usize {
        if self.suits.contains(&card.suit) { self.decks * 4 / self.suits.len() } else { 0 }
    }

    /// A rank's place in the rank order: ace 1 (14 with AceHigh), 2..13.
    pub fn order(&self, rank: Rank) -> u8 {
        if self.ace_high && rank == Rank::ACE { 14 } else { rank.value() }
    }

    /// The lowest and highest places in the rank order.
    pub fn order_range(&self) -> (u8, u8) {
        if self.ace_high { (2, 14) } else { (1, 13) }
    }

    /// Whether `upper` is exactly one rank above `lower` (with `wrap`, the
    /// lowest rank is also one above the highest).
    pub fn one_above(&self, upper: Rank, lower: Rank, wrap: bool) -> bool {
        let (lo, hi) = self.order_range();
        let (u, l) = (self.order(upper), self.order(lower));
        u == l + 1 || (wrap && l == hi && u == lo)
    }

    /// The rank one above `rank`, if any (with `wrap`, the lowest is above
    /// the highest): the `upper` that [`one_above`](Self::one_above) takes.
    pub fn rank_above(&self, rank: Rank, wrap: bool) -> Option<Rank> {
        let (lo, hi) = self.order_range();
        let order = self.order(rank);
        let up = if order < hi {
            order + 1
        } else if wrap {
            lo
        } else {
            return None;
        };
        Self::rank_at(up)
    }

    /// The rank one below `rank`, if any: the `lower` that
    /// [`one_above`](Self::one_above) takes.
    pub fn rank_below(&self, rank: Rank, wrap: bool) -> Option<Rank> {
        let (lo, hi) = self.order_range();
        let order = self.order(rank);
        let down = if order > lo {
            order - 1
        } else if wrap {
            hi
        } else {
            return None;
        };
        Self::rank_at(down)
    }

    /// The rank at a place in the rank order (1 and 14 are the ace).
    pub fn rank_at(order: u8) -> Option<Rank> {
        if order == 14 { Some(Rank::ACE) } else { Rank::new(order) }
    }

    /// The highest rank in the rank order (king, or ace with AceHigh).
    pub fn top_rank(&self) -> Rank {
        if self.ace_high { Rank::ACE } else { Rank::KING }
    }

    /// The most cards the foundations can ever hold together when their
    /// empty piles take `start` (the deal's rank with StartRankCard), if
    /// that bounds a game won with every card on them; `None` when they
    /// hold any number or the game is won another way.
    ///
    /// A foundation built card by card one way holds at most 13 (the
    /// engine refuses a 14th), and without AllowWrap only the ranks from
    /// `start` to the end of that way; one that takes whole runs holds one
    /// run of 13. Built both ways, discarding (Aces Up), fed by pairs
    /// (Addition) or by the stock (DealTo=Foundation), there is no bound.
    /// Cards a [DealtCardN] lays on a foundation bypass its order, so a
    /// deal that lays any holds up to 13 each, or what was laid there.
    pub fn foundation_room(&self, start: Rank) -> Option<usize> {
        let f = &self.foundation;
        let unbounded = f.build == Build::UpDown
            || f.discard
            || self.addition > 0
            || (self.stock.piles > 0 && self.stock.deal_to == DealTo::Foundation);
        if self.win_when != WinWhen::Foundations || unbounded {
            return None;
        }
        let (lo, hi) = self.order_range();
        let way = match f.build {
            Build::Down => self.order(start).saturating_sub(lo) + 1,
            _ => (hi + 1).saturating_sub(self.order(start)),
        };
        let each = if f.complete_sequences || f.allow_wrap { 13 } else { usize::from(way).min(13) };
        let laid = |pile: usize| self.deal.iter().filter(|d| d.pile == PileKind::Foundation && d.index == pile).count();
        if self.deal.iter().any(|d| d.pile == PileKind::Foundation) {
            return Some((0..f.piles).map(|p| laid(p).max(13)).sum());
        }
        Some(f.piles * each)
    }

    /// Checks that the rules can be played: pile numbers in range, a home
    /// for every card, specific dealt cards that the pack holds. The message
    /// names the first problem.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=4).contains(&self.decks) {
            return Err(format!("Decks must be 1 to 4, not {}.", self.decks));
        }
        let n = self.suits.len();
        let distinct = (0..n).all(|i| !self.suits[..i].contains(&self.suits[i]));
        if !matches!(n, 1 | 2 | 4) || !distinct {
            return Err("Suits must name 1, 2 or 4 different suits (C, D, H, S).".to_string());
        }
        for kind in PileKind::ALL {
            if self.pile_count(kind) > MAX_PILES {
                return Err(format!("{} has more than {MAX_PILES} piles.", kind.title()));
            }
        }
        if self.deal.len() > self.pack_size() {
            return Err(format!("{} cards are dealt but the pack has only {}.", self.deal.len(), self.pack_size()));
        }
        let mut wanted: Vec<(Card, usize)> = Vec::new();
        for (i, d) in self.deal.iter().enumerate() {
            if d.pile == PileKind::Stock {
                return Err(format!("DealtCard{} cannot go to the stock.", i + 1));
            }
            if d.index >= self.pile_count(d.pile) {
                return Err(format!(
                    "DealtCard{} goes to {} {}, but there are only {}.",
                    i + 1,
                    d.pile.noun(),
                    d.index + 1,
                    self.pile_count(d.pile)
                ));
            }
            if let Some(card) = d.card {
                match wanted.iter_mut().find(|(c, _)| *c == card) {
                    Some((_, k)) => *k += 1,
                    None => wanted.push((card, 1)),
                }
            }
        }
        for (card, k) in wanted {
            if k > self.copies(card) {
                return Err(format!(
                    "The deal asks for {k} of {} but the pack holds {}.",
                    card.describe().trim_start_matches("the "),
                    self.copies(card)
                ));
            }
        }
        if self.deal.len() < self.pack_size() && self.stock.piles == 0 {
            let left = self.pack_size() - self.deal.len();
            let them = if left == 1 { "it" } else { "them" };
            return Err(format!(
                "{} not dealt and there is no stock to hold {them}.",
                plural(left as u64, "card is", "cards are")
            ));
        }
        if let FoundationStart::DealtCard(i) = self.foundation.start
            && i >= self.deal.len()
        {
            return Err(format!("StartRankCard is {} but only {} cards are dealt.", i + 1, self.deal.len()));
        }
        self.validate_piles()
    }

    fn validate_piles(&self) -> Result<(), String> {
        let t = &self.tableau;
        if self.stock.piles > 0 && self.stock.visible {
            let (needed, what) = match self.stock.deal_to {
                DealTo::Waste => (PileKind::Waste, "DealTo=Waste"),
                DealTo::Tableau => (PileKind::Tableau, "DealTo=Tableau"),
                DealTo::Foundation => (PileKind::Foundation, "DealTo=Foundation"),
            };
            if self.pile_count(needed) == 0 {
                return Err(format!("The stock deals with {what} but there is no {} pile.", needed.noun()));
            }
        }
        if self.stock.deal_count == 0 {
            return Err("DealCount must be at least 1.".to_string());
        }
        if t.max_move == Some(0) {
            return Err("MaxMove must be at least 1.".to_string());
        }
        if self.addition > 0 && self.foundation.piles == 0 {
            return Err("An Addition game needs a foundation for the removed cards.".to_string());
        }
        if t.fill_from_reserve && self.reserve.piles == 0 {
            return Err("FillFrom=Reserve needs a reserve pile.".to_string());
        }
        if t.covered_by.len() > t.piles {
            return Err(format!(
                "CoveredBy is given for {} tableau piles but there are {}.",
                t.covered_by.len(),
                t.piles
            ));
        }
        for (i, cover) in t.covered_by.iter().enumerate() {
            if let Some(&bad) = cover.iter().find(|&&c| c >= t.piles || c == i) {
                return Err(format!("Tableau{} cannot be covered by tableau pile {}.", i + 1, bad + 1));
            }
        }
        Ok(())
    }
}

/// Rules of well-known games built in code, for tests across the module.
#[cfg(test)]
pub(crate) mod examples {
    use super::*;

    /// A deal row by row: pile p gets `heights[p]` cards, the first
    /// `down[p]` of them face down.
    pub fn rows(heights: &[usize], down: &[usize]) -> Vec<DealtCard> {
        let mut deal = Vec::new();
        for row in 0..heights.iter().copied().max().unwrap_or(0) {
            for (p, &h) in heights.iter().enumerate() {
                if row < h {
                    deal.push(DealtCard { pile: PileKind::Tableau, index: p, face_up: row >= down[p], card: None });
                }
            }
        }
        deal
    }

    pub fn one(pile: PileKind, index: usize, face_up: bool) -> DealtCard {
        DealtCard { pile, index, face_up, card: None }
    }

    fn alternate_down() -> TableauRules {
        TableauRules {
            sequence: Sequence::Lower,
            colour: ColourCheck::Different,
            check_in_order: true,
            ..TableauRules::default()
        }
    }

    pub fn klondike() -> Rules {
        Rules {
            stock: StockRules { piles: 1, ..StockRules::default() },
            waste_piles: 1,
            foundation: FoundationRules { piles: 4, ..FoundationRules::default() },
            tableau: TableauRules { piles: 7, kings_only: true, ..alternate_down() },
            deal: rows(&[1, 2, 3, 4, 5, 6, 7], &[0, 1, 2, 3, 4, 5, 6]),
            ..Rules::default()
        }
    }

    /// The Chance: Klondike dealing three, laying off by itself.
    pub fn the_chance() -> Rules {
        let mut r = klondike();
        r.auto_play = true;
        r.stock.deal_count = 3;
        r
    }

    pub fn freecell() -> Rules {
        Rules {
            foundation: FoundationRules { piles: 4, ..FoundationRules::default() },
            tableau: TableauRules { piles: 8, check_free: true, max_allowed: 52, ..alternate_down() },
            reserve: ReserveRules { piles: 4, max_allowed: 1 },
            deal: rows(&[7, 7, 7, 7, 6, 6, 6, 6], &[0; 8]),
            ..Rules::default()
        }
    }

    pub fn spider_one_suit() -> Rules {
        Rules {
            decks: 2,
            suits: vec![Suit::Spades],
            stock: StockRules { piles: 1, deal_to: DealTo::Tableau, deal_needs_no_gaps: true, ..StockRules::default() },
            foundation: FoundationRules { piles: 8, complete_sequences: true, ..FoundationRules::default() },
            tableau: TableauRules {
                piles: 10,
                sequence: Sequence::Lower,
                check_in_order: true,
                stack_suit_check: true,
                max_allowed: 104,
                ..TableauRules::default()
            },
            deal: rows(&[6, 6, 6, 6, 5, 5, 5, 5, 5, 5], &[5, 5, 5, 5, 4, 4, 4, 4, 4, 4]),
            ..Rules::default()
        }
    }

    pub fn golf() -> Rules {
        let mut deal = rows(&[5; 7], &[0; 7]);
        deal.push(one(PileKind::Foundation, 0, true));
        Rules {
            win_when: WinWhen::TableauEmpty,
            stock: StockRules { piles: 1, deal_to: DealTo::Foundation, ..StockRules::default() },
            foundation: FoundationRules {
                piles: 1,
                build: Build::UpDown,
                suit_check: false,
                ..FoundationRules::default()
            },
            tableau: TableauRules { piles: 7, max_allowed: 0, ..TableauRules::default() },
            deal,
            ..Rules::default()
        }
    }

    pub fn pyramid() -> Rules {
        let mut covered_by = Vec::new();
        for row in 0..7 {
            for j in 0..=row {
                let below = (row + 1) * (row + 2) / 2 + j;
                covered_by.push(if row < 6 { vec![below, below + 1] } else { Vec::new() });
            }
        }
        Rules {
            addition: 13,
            win_when: WinWhen::TableauEmpty,
            stock: StockRules { piles: 1, redeals: Some(2), ..StockRules::default() },
            waste_piles: 1,
            foundation: FoundationRules { piles: 1, suit_check: false, ..FoundationRules::default() },
            tableau: TableauRules { piles: 28, covered_by, ..TableauRules::default() },
            deal: (0..28).map(|p| one(PileKind::Tableau, p, true)).collect(),
            ..Rules::default()
        }
    }

    pub fn aces_up() -> Rules {
        Rules {
            ace_high: true,
            stock: StockRules { piles: 1, deal_to: DealTo::Tableau, ..StockRules::default() },
            foundation: FoundationRules { piles: 1, discard: true, suit_check: false, ..FoundationRules::default() },
            tableau: TableauRules { piles: 4, max_allowed: 1, max_move: Some(1), ..TableauRules::default() },
            deal: rows(&[1; 4], &[0; 4]),
            ..Rules::default()
        }
    }

    pub fn yukon() -> Rules {
        Rules {
            foundation: FoundationRules { piles: 4, ..FoundationRules::default() },
            tableau: TableauRules {
                piles: 7,
                check_in_order: false,
                kings_only: true,
                max_allowed: 52,
                ..alternate_down()
            },
            deal: rows(&[1, 6, 7, 8, 9, 10, 11], &[0, 1, 2, 3, 4, 5, 6]),
            ..Rules::default()
        }
    }

    pub fn bakers_dozen() -> Rules {
        Rules {
            kings_to_bottom: true,
            foundation: FoundationRules { piles: 4, ..FoundationRules::default() },
            tableau: TableauRules {
                piles: 13,
                sequence: Sequence::Lower,
                max_move: Some(1),
                fill_empty: false,
                ..TableauRules::default()
            },
            deal: rows(&[4; 13], &[0; 13]),
            ..Rules::default()
        }
    }

    pub fn canfield() -> Rules {
        let mut deal: Vec<DealtCard> = (0..13).map(|i| one(PileKind::Reserve, 0, i == 12)).collect();
        deal.push(one(PileKind::Foundation, 0, true));
        deal.extend((0..4).map(|t| one(PileKind::Tableau, t, true)));
        Rules {
            stock: StockRules { piles: 1, deal_count: 3, ..StockRules::default() },
            waste_piles: 1,
            foundation: FoundationRules {
                piles: 4,
                start: FoundationStart::DealtCard(13),
                allow_wrap: true,
                ..FoundationRules::default()
            },
            tableau: TableauRules { piles: 4, allow_wrap: true, fill_from_reserve: true, ..alternate_down() },
            reserve: ReserveRules { piles: 1, max_allowed: 0 },
            deal,
            ..Rules::default()
        }
    }

    pub fn scorpion() -> Rules {
        Rules {
            stock: StockRules { piles: 1, deal_to: DealTo::Tableau, deal_piles: Some(3), ..StockRules::default() },
            foundation: FoundationRules { piles: 4, complete_sequences: true, ..FoundationRules::default() },
            tableau: TableauRules {
                piles: 7,
                sequence: Sequence::Lower,
                suit_check: true,
                kings_only: true,
                max_allowed: 52,
                ..TableauRules::default()
            },
            deal: rows(&[7; 7], &[3, 3, 3, 3, 0, 0, 0]),
            ..Rules::default()
        }
    }

    /// Every example, by name.
    pub fn all() -> Vec<(&'static str, Rules)> {
        vec![
            ("klondike", klondike()),
            ("the-chance", the_chance()),
            ("freecell", freecell()),
            ("spider-one-suit", spider_one_suit()),
            ("golf", golf()),
            ("pyramid", pyramid()),
            ("aces-up", aces_up()),
            ("yukon", yukon()),
            ("bakers-dozen", bakers_dozen()),
            ("canfield", canfield()),
            ("scorpion", scorpion()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_winnable_section_with_only_1_asks_for_winnable_deals_in_its_mode() {
        use crate::solitaire::spec::GameSpec;
        let klondike = include_str!("../../game-types/Klondike/game.ini");
        let read = |extra: &str| {
            let text = format!("{klondike}\n{extra}");
            let (spec, _) = GameSpec::parse(std::path::Path::new("game.ini"), text.as_bytes()).unwrap();
            let only = |mode| Rules::from_spec(&spec, mode).unwrap().winnable_only;
            (only(Mode::Easy), only(Mode::Hard))
        };
        assert_eq!(read(""), (false, false));
        assert_eq!(read("[HardWinnable]\nOnly=1\n"), (false, true));
        assert_eq!(read("[EasyWinnable]\nOnly=1\n[HardWinnable]\nOnly=0\n"), (true, false));
    }

    #[test]
    fn modes_read_and_print() {
        assert_eq!(Mode::parse("HARD"), Some(Mode::Hard));
        assert_eq!(Mode::parse(Mode::Easy.name()), Some(Mode::Easy));
        assert_eq!(Mode::parse("medium"), None);
    }

    #[test]
    fn rank_order_with_and_without_ace_high() {
        let mut r = Rules::default();
        let (a, two, k) = (Rank::ACE, Rank::new(2).unwrap(), Rank::KING);
        assert!(r.one_above(two, a, false));
        assert!(!r.one_above(a, k, false));
        assert!(r.one_above(a, k, true));
        r.ace_high = true;
        assert!(r.one_above(a, k, false));
        assert!(!r.one_above(two, a, false));
        assert!(r.one_above(two, a, true));
        assert_eq!(r.top_rank(), Rank::ACE);
    }

    #[test]
    fn the_ranks_above_and_below_are_the_ones_one_above_takes() {
        let mut r = Rules::default();
        for ace_high in [false, true] {
            r.ace_high = ace_high;
            for wrap in [false, true] {
                for lower in Rank::all() {
                    let above: Vec<Rank> = Rank::all().filter(|&upper| r.one_above(upper, lower, wrap)).collect();
                    assert_eq!(r.rank_above(lower, wrap), above.first().copied(), "{lower:?} {ace_high} {wrap}");
                    assert!(above.len() <= 1);
                    let below: Vec<Rank> = Rank::all().filter(|&under| r.one_above(lower, under, wrap)).collect();
                    assert_eq!(r.rank_below(lower, wrap), below.first().copied(), "{lower:?} {ace_high} {wrap}");
                    assert!(below.len() <= 1);
                }
            }
        }
        assert_eq!(r.rank_above(Rank::KING, false), Some(Rank::ACE));
    }

    #[test]
    fn suits_make_the_pack() {
        let mut r = Rules { suits: vec![Suit::Spades], decks: 2, ..Rules::default() };
        let spade = Card::new(Rank::ACE, Suit::Spades);
        assert_eq!(r.copies(spade), 8);
        assert_eq!(r.copies(Card::new(Rank::ACE, Suit::Hearts)), 0);
        assert_eq!(r.suit_for(Suit::Clubs), Suit::Spades);
        r.suits = vec![Suit::Hearts, Suit::Spades];
        assert_eq!(r.copies(spade), 4);
        assert_eq!(r.suit_for(Suit::Diamonds), Suit::Spades);
        assert_eq!(r.suit_for(Suit::Hearts), Suit::Hearts);
        r.suits = vec![Suit::Hearts, Suit::Spades, Suit::Clubs];
        assert!(r.validate().unwrap_err().contains("Suits"));
    }

    #[test]
    fn validation_names_the_problem() {
        let mut r = Rules { stock: StockRules { piles: 1, ..StockRules::default() }, ..Rules::default() };
        assert!(r.validate().unwrap_err().contains("no waste"), "{:?}", r.validate());
        r.waste_piles = 1;
        assert_eq!(r.validate(), Ok(()));
        r.deal.push(DealtCard { pile: PileKind::Tableau, index: 0, face_up: true, card: None });
        assert!(r.validate().unwrap_err().contains("tableau pile 1, but there are only 0"));
        r.tableau.piles = 1;
        let ace = Card::new(Rank::ACE, Suit::Hearts);
        r.deal = vec![DealtCard { pile: PileKind::Tableau, index: 0, face_up: true, card: Some(ace) }; 2];
        assert!(r.validate().unwrap_err().contains("asks for 2 of ace of hearts"));
        r.deal.pop();
        r.foundation.start = FoundationStart::DealtCard(3);
        assert!(r.validate().unwrap_err().contains("StartRankCard"));
        r.foundation.start = FoundationStart::DealtCard(0);
        r.tableau.covered_by = vec![vec![0]];
        assert!(r.validate().unwrap_err().contains("cannot be covered"));
        r.tableau.covered_by.clear();
        r.stock.piles = 0;
        assert!(r.validate().unwrap_err().contains("51 cards are not dealt"));
    }

    #[test]
    fn the_examples_are_valid() {
        for (name, rules) in examples::all() {
            assert_eq!(rules.validate(), Ok(()), "{name}");
        }
    }

    const INI: &str = "\
[General]
Name=Test
[Game]
Decks=1
NumCardWide=8
NumCardHigh=4
NumCardsDealt=2
KingsOnly=1
StartRankCard=2
[EasyMode]
Take3=0
[HardMode]
KingsOnly=0
CheckFree=1
Take3=1
[Stock]
Piles=1
Redeals=2
[Stock1]
X=0
Y=0
[Waste]
Piles=1
[Waste1]
X=1
Y=0
[Foundation]
Piles=1
AllowWrap=1
[Foundation1]
X=3
Y=0
[Tableau]
Piles=2
SequenceCheck=2
ColorCheck=2
MaxCards=20
[Tableau1]
X=0
Y=1
CoveredBy=2
[Tableau2]
X=1
Y=1
[DealtCard1]
PileType=T
PileNumb=2
PileFace=D
PileRank=13
PileSuit=H
[DealtCard2]
PileType=F
PileNumb=1
PileFace=U
";

    #[test]
    fn rules_come_from_the_spec_per_mode() {
        let (spec, _) = GameSpec::parse(std::path::Path::new("game.ini"), INI.as_bytes()).expect("valid game.ini");
        let easy = Rules::from_spec(&spec, Mode::Easy).unwrap();
        let hard = Rules::from_spec(&spec, Mode::Hard).unwrap();
        assert!(easy.tableau.kings_only && !hard.tableau.kings_only);
        assert!(!easy.tableau.check_free && hard.tableau.check_free);
        assert_eq!((easy.stock.deal_count, hard.stock.deal_count), (1, 3));
        assert_eq!(easy.stock.redeals, Some(2));
        assert_eq!(easy.tableau.max_allowed, 20);
        assert_eq!(easy.tableau.sequence, Sequence::Lower);
        assert_eq!(easy.tableau.colour, ColourCheck::Different);
        assert_eq!(easy.tableau.covered_by, vec![vec![1], vec![]]);
        assert_eq!(easy.foundation.start, FoundationStart::DealtCard(1));
        assert!(easy.foundation.allow_wrap && !easy.tableau.allow_wrap);
        let king = Card::new(Rank::KING, Suit::Hearts);
        assert_eq!(easy.deal[0], DealtCard { pile: PileKind::Tableau, index: 1, face_up: false, card: Some(king) });
        assert_eq!(easy.deal[1], DealtCard { pile: PileKind::Foundation, index: 0, face_up: true, card: None });
    }

    /// Lay-offs are judged safe (and the player's auto-play lays cards
    /// off) only where each card has a foundation of its own built up in
    /// suit: not on Golf's one foundation built both ways in any suit,
    /// whose lay-offs are the game's choices, nor on discards, whole runs
    /// or pairs.
    #[test]
    fn lay_offs_are_judged_where_each_card_has_its_own_place() {
        use super::examples::*;
        for (name, rules) in [("FreeCell", freecell()), ("Klondike", klondike()), ("Yukon", yukon())] {
            assert!(rules.lay_offs_judged(), "{name}");
        }
        for (name, rules) in
            [("Golf", golf()), ("Aces Up", aces_up()), ("Spider", spider_one_suit()), ("Pyramid", pyramid())]
        {
            assert!(!rules.lay_offs_judged(), "{name}");
        }
    }
}
