//! The pile engine: one [`Solitaire`] state plays every game type, driven by
//! its [`Rules`].
//!
//! A state is a list of piles (stock, waste, foundation, tableau, reserve
//! piles in that order), each a list of cards with a face-up flag, bottom
//! first. Moves ([`SolMove`]) have a short text form (`T3>F1`, `T3:4>T7`,
//! `S1`, `R`, `T3+W1`, `T12`); [`Solitaire::check`](Game::check) refuses a
//! move with a sentence naming the cards.
//!
//! How the engine reads the spec where it is silent (the rest is in
//! [`rules`](super::rules)):
//!
//! - Only tableau piles give stacks of several cards; the waste, reserve
//!   piles and (with TakeBack) foundations give their top card only.
//! - MaxAllowed caps the face-up cards a tableau or reserve pile may hold
//!   after cards are moved onto it. Face-down cards and dealing do not
//!   count, so Klondike keeps the default 13, a free cell is a reserve with
//!   MaxAllowed=1, a Canfield reserve has MaxAllowed=0, and a game that
//!   allows only spaces to be filled (Aces Up) sets Tableau MaxAllowed=1.
//! - Foundations take single cards (CompleteSequences: 13-card runs). An
//!   empty one takes the start rank of any suit; an Up or Down foundation
//!   holds at most 13 cards.
//! - A covered tableau pile (CoveredBy) neither gives nor takes cards.
//!   Face-down top cards turn up by themselves as part of the move that
//!   uncovered them, on every pile but the stock (a covered pile's top turns
//!   up when it is uncovered).
//! - Stock N deals to waste N (or the last waste). Recycling (`R`) needs
//!   every stock empty, turns each waste back onto its stock face down in
//!   reverse order, and counts one redeal. An invisible stock cannot be
//!   dealt from.
//! - Addition games have no other card moves: two available cards (tops of
//!   the waste and of uncovered tableau piles) whose ranks add up to
//!   Addition go to foundation 1 together; a card of rank Addition goes
//!   alone. A card may pair with the single card covering it.
//! - AutoPlay lays off every card that can go to a foundation, from the
//!   waste, then the tableau, then reserve piles, to the first foundation
//!   that takes it (in addition games: single removals).
//! - Lost means no legal move is left, dealing and recycling included.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use crate::cards::{Card, Rank, Suit};
use crate::core::{Game, Refusal, Status, Variant, capitalised, plural};

use super::deal;
use super::rules::{Build, ColourCheck, DealTo, Mode, PileKind, Rules, Sequence, WinWhen};
use super::spec::GameSpec;

/// One card on a pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    pub card: Card,
    pub face_up: bool,
}

/// A pile: its kind and its 0-based number (move texts count from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PileId {
    pub kind: PileKind,
    pub index: u8,
}

impl PileId {
    /// The pile `index` (0-based) of `kind`. Numbers past 255 name no pile.
    pub fn new(kind: PileKind, index: usize) -> PileId {
        PileId { kind, index: u8::try_from(index).unwrap_or(u8::MAX) }
    }

    pub fn index(self) -> usize {
        usize::from(self.index)
    }

    /// "tableau pile 3", for messages.
    fn name(self) -> String {
        format!("{} {}", self.kind.noun(), self.index() + 1)
    }

    fn parse(text: &str) -> Result<PileId, String> {
        let bad = || format!("{text:?} is not a pile: write S, W, F, T or R and a number, e.g. T3");
        let mut chars = text.chars();
        let kind = chars.next().and_then(PileKind::from_letter).ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match digits.parse::<u8>() {
            Ok(n) if n >= 1 => Ok(PileId { kind, index: n - 1 }),
            _ => Err(format!("{text:?} is not a pile: numbers run from 1 to 255")),
        }
    }

    /// Adds the pile's text form (`T3`) to `out`.
    fn push_text(self, out: &mut String) {
        out.push(self.kind.letter());
        push_number(out, self.index() + 1);
    }
}

/// Adds `n` in decimal to `out`. Piles and moves are written so, not
/// through the formatting machinery, which took most of the time of
/// writing out the winning line the solver finds for every deal.
fn push_number(out: &mut String, n: usize) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

impl fmt::Display for PileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(4);
        self.push_text(&mut text);
        f.write_str(&text)
    }
}

/// A move. Text forms: `T3>F1` (one card), `T3:4>T7` (a stack of four),
/// `S1` (deal from stock 1), `R` (turn the waste over), `T3+W1` (remove a
/// pair), `T12` (remove one card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SolMove {
    /// The top `count` cards of `from` onto `to`.
    Move { from: PileId, count: u8, to: PileId },
    /// Deal from the stock pile with this 0-based number.
    Deal(u8),
    /// Turn the waste back into the stock.
    Recycle,
    /// Addition games: remove the top cards of two piles together.
    Pair(PileId, PileId),
    /// Addition games: remove a pile's top card alone.
    Remove(PileId),
}

/// Which build rule a card breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Broken {
    Higher,
    Lower,
    Either,
    SameColour,
    OtherColour,
    Suit,
}

impl Broken {
    fn reason(self) -> &'static str {
        match self {
            Broken::Higher => "it must be one rank higher",
            Broken::Lower => "it must be one rank lower",
            Broken::Either => "it must be one rank higher or lower",
            Broken::SameColour => "it must be the same colour",
            Broken::OtherColour => "it must be the other colour",
            Broken::Suit => "it must be the same suit",
        }
    }
}

/// Why a move is refused; turned into a sentence only when one is wanted,
/// so that enumerating moves stays cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Why {
    NoPile(PileId),
    TakeFrom(PileKind),
    PutOn(PileKind),
    SamePile,
    Empty {
        pile: PileId,
        only_of_its_kind: bool,
    },
    TooFew {
        from: PileId,
        count: usize,
    },
    OnlyTop {
        pile: PileId,
        only_of_its_kind: bool,
    },
    Covered(PileId),
    MaxMove(usize),
    NotFree {
        free: usize,
        room: Room,
    },
    OutOfOrder {
        upper: Card,
        lower: Card,
        broken: Broken,
    },
    MixedSuits,
    Build {
        moving: Card,
        onto: Card,
        broken: Broken,
    },
    NoFill,
    KingsOnly(Card),
    Full {
        to: PileId,
        max: usize,
        only_of_its_kind: bool,
    },
    /// A card moved onto a pile that takes one only when none shows there
    /// (MaxAllowed=1: Aces Up's piles, FreeCell's cells), though the
    /// stock may have dealt it more.
    Occupied(PileId),
    TakeBackTarget,
    FoundationStart {
        moving: Card,
        start: Rank,
    },
    FoundationFull(PileId),
    OneAtATime,
    NotRun,
    RunNeedsEmpty(PileId),
    NoDiscard(Card),
    DiscardSource,
    StockHidden,
    Gaps,
    NoWaste,
    StockNotEmpty,
    NoRedeals(u32),
    NotAddition,
    AdditionOnly(u8),
    PairKind(PileId),
    PairSum {
        a: Card,
        b: Card,
        sum: u8,
    },
    NotAddend {
        card: Card,
        sum: u8,
    },
}

/// What CheckFree counts as room for a run's cards in a game type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Room {
    /// Empty free cells.
    cells: bool,
    /// Empty tableau piles (see
    /// [`TableauRules::spaces_are_room`](super::rules::TableauRules::spaces_are_room)).
    spaces: bool,
}

impl Room {
    fn of(rules: &Rules) -> Room {
        Room { cells: rules.reserve.are_free_cells(), spaces: rules.tableau.spaces_are_room() }
    }

    /// "free cell or empty pile", or only the one the game type has.
    fn noun(self) -> &'static str {
        match (self.cells, self.spaces) {
            (true, true) => "free cell or empty pile",
            (true, false) => "free cell",
            (false, _) => "empty pile",
        }
    }
}

/// "an ace", "a 7", "an 8", "a king".
fn with_article(rank: Rank) -> String {
    let name = rank.name();
    let article = if name.starts_with(['a', '8']) { "an" } else { "a" };
    format!("{article} {name}")
}

/// A pile as a refusal names it: "the waste" where it is the only pile of
/// its kind, else with its number, "waste 2".
fn called(pile: PileId, only_of_its_kind: bool) -> String {
    if only_of_its_kind { format!("the {}", pile.kind.noun()) } else { pile.name() }
}

impl Why {
    fn sentence(self) -> String {
        let s = match self {
            Why::NoPile(p) => format!("there is no {}", p.name()),
            Why::TakeFrom(PileKind::Stock) => "cards are dealt from the stock, not moved from it".into(),
            Why::TakeFrom(kind) => format!("cards cannot be taken from a {}", kind.noun()),
            Why::PutOn(PileKind::Waste) => "cards reach the waste only from the stock".into(),
            Why::PutOn(kind) => format!("nothing can be put on the {}", kind.noun()),
            Why::SamePile => "the cards are already on that pile".into(),
            Why::Empty { pile, only_of_its_kind } => format!("{} is empty", called(pile, only_of_its_kind)),
            Why::TooFew { count: 0, .. } => "a move takes at least one card".into(),
            Why::TooFew { from, count } => {
                format!(
                    "{} does not have {} to move",
                    from.name(),
                    plural(count as u64, "face-up card", "face-up cards")
                )
            }
            Why::OnlyTop { pile, only_of_its_kind } => {
                format!("only the top card of {} can be moved", called(pile, only_of_its_kind))
            }
            Why::Covered(p) => format!("{} is still covered", p.name()),
            Why::MaxMove(m) => format!("at most {} may be moved at once", plural(m as u64, "card", "cards")),
            // The first clause says how far the player may go, for where
            // the status has room for no more.
            Why::NotFree { free, room } => format!(
                "only {} can move at once now: one, and one more for each {}",
                plural(free as u64 + 1, "card", "cards"),
                room.noun()
            ),
            Why::OutOfOrder { upper, lower, broken } => {
                format!("{} is not in sequence on {}: {}", upper.describe(), lower.describe(), broken.reason())
            }
            Why::MixedSuits => "a stack of several cards must be all one suit".into(),
            Why::Build { moving, onto, broken } => {
                format!("{} cannot go on {}: {}", moving.describe(), onto.describe(), broken.reason())
            }
            Why::NoFill => "empty tableau piles cannot be filled in this game".into(),
            Why::KingsOnly(c) => {
                format!("{} cannot go to an empty tableau pile: only a king may fill a space", c.describe())
            }
            Why::Full { to, max: 0, only_of_its_kind } => {
                format!("cards cannot be put on {}", called(to, only_of_its_kind))
            }
            Why::Full { to, max, only_of_its_kind } => format!(
                "{} can hold only {}",
                called(to, only_of_its_kind),
                plural(max as u64, "face-up card", "face-up cards")
            ),
            Why::Occupied(to) => format!("{} is not empty: a card moves there only when it is", to.name()),
            Why::TakeBackTarget => "a card from a foundation can only go back to the tableau".into(),
            Why::FoundationStart { moving, start } => format!(
                "{} cannot start a foundation: foundations start with {}",
                moving.describe(),
                with_article(start)
            ),
            Why::FoundationFull(p) => format!("{} is complete", p.name()),
            Why::OneAtATime => "cards go to a foundation one at a time".into(),
            Why::NotRun => "only a complete run of thirteen cards in one suit can go to a foundation".into(),
            Why::RunNeedsEmpty(p) => {
                format!("a complete run goes onto an empty foundation, and {} is not empty", p.name())
            }
            Why::NoDiscard(c) => format!(
                "{} cannot be discarded: no other tableau pile shows a higher {}",
                c.describe(),
                c.suit.name().trim_end_matches('s')
            ),
            Why::DiscardSource => "only the top card of a tableau pile can be discarded".into(),
            Why::StockHidden => "the stock cannot be dealt from in this game".into(),
            Why::Gaps => "every empty tableau pile must be filled before dealing".into(),
            Why::NoWaste => "there is no waste to turn over in this game".into(),
            Why::StockNotEmpty => "the waste can be turned over only when the stock is empty".into(),
            Why::NoRedeals(0) => "the stock is dealt once only: the waste is never turned over".into(),
            Why::NoRedeals(1) => "no more redeals: the waste may be turned over only once".into(),
            Why::NoRedeals(n) => format!("no more redeals: the waste may be turned over only {n} times"),
            Why::NotAddition => "cards are removed in pairs only in addition games".into(),
            Why::AdditionOnly(sum) => format!("in this game cards are not moved: remove cards that add up to {sum}"),
            Why::PairKind(p) => {
                format!("only the top cards of the waste and the tableau can be removed, not {}", p.name())
            }
            Why::PairSum { a, b, sum } => {
                format!(
                    "{} and {} add up to {}, not {sum}",
                    a.describe(),
                    b.describe(),
                    a.rank.value() + b.rank.value()
                )
            }
            Why::NotAddend { card, sum } => {
                format!("{} cannot be removed alone: only cards worth {sum} can", card.describe())
            }
        };
        capitalised(&s) + "."
    }
}

/// The state of one solitaire game.
#[derive(Debug, PartialEq, Eq)]
pub struct Solitaire {
    rules: Arc<Rules>,
    /// Which card the tableau lets lie on which, worked out once from the
    /// rules: the solver asks millions of times.
    fits: Arc<Fits>,
    /// Every pile, kinds in [`PileKind::ALL`] order.
    piles: Vec<Vec<Slot>>,
    /// The index in `piles` of each kind's first pile.
    base: [usize; 5],
    /// The rank empty foundations take (resolved at the deal).
    start: Rank,
    /// How often the waste has been turned over.
    recycles: u32,
}

impl Clone for Solitaire {
    fn clone(&self) -> Self {
        Solitaire {
            rules: Arc::clone(&self.rules),
            fits: Arc::clone(&self.fits),
            piles: self.piles.clone(),
            base: self.base,
            start: self.start,
            recycles: self.recycles,
        }
    }

    /// Copies `source` into the piles' own buffers: the solver copies
    /// positions by the million, and most of the cost was allocation.
    fn clone_from(&mut self, source: &Self) {
        if !Arc::ptr_eq(&self.rules, &source.rules) {
            self.rules = Arc::clone(&source.rules);
            self.fits = Arc::clone(&source.fits);
        }
        self.piles.clone_from(&source.piles);
        self.base = source.base;
        self.start = source.start;
        self.recycles = source.recycles;
    }
}

/// Whether `moving` may lie on `onto` by the tableau build rules
/// (SequenceCheck, ColorCheck, SuitCheck, AllowWrap); the error says which
/// rule it breaks.
fn tableau_fit(rules: &Rules, moving: Card, onto: Card) -> Result<(), Broken> {
    let t = &rules.tableau;
    let (up, down) =
        (rules.one_above(moving.rank, onto.rank, t.allow_wrap), rules.one_above(onto.rank, moving.rank, t.allow_wrap));
    match t.sequence {
        Sequence::Higher if !up => return Err(Broken::Higher),
        Sequence::Lower if !down => return Err(Broken::Lower),
        Sequence::Either if !up && !down => return Err(Broken::Either),
        _ => {}
    }
    match t.colour {
        ColourCheck::Same if moving.colour() != onto.colour() => return Err(Broken::SameColour),
        ColourCheck::Different if moving.colour() == onto.colour() => return Err(Broken::OtherColour),
        _ => {}
    }
    if t.suit_check && moving.suit != onto.suit {
        return Err(Broken::Suit);
    }
    Ok(())
}

/// Which card may lie on which in the tableau: a bit for each pair of
/// cards (by rank and suit), from [`tableau_fit`].
#[derive(Debug, PartialEq, Eq)]
struct Fits {
    /// By moving card: the cards it may lie on.
    onto: [u64; 64],
    /// By card lain on: the cards that may lie on it.
    under: [u64; 64],
}

/// A card's number in the fit table's bits: its rank's value times four
/// plus its suit's number.
pub(in crate::solitaire) fn card_code(card: Card) -> usize {
    usize::from(card.rank.value()) * 4 + card.suit as usize
}

impl Fits {
    fn of(rules: &Rules) -> Fits {
        let (mut onto, mut under) = ([0; 64], [0; 64]);
        let cards = Card::deck();
        for &moving in &cards {
            for &base in &cards {
                if tableau_fit(rules, moving, base).is_ok() {
                    onto[card_code(moving)] |= 1 << card_code(base);
                    under[card_code(base)] |= 1 << card_code(moving);
                }
            }
        }
        Fits { onto, under }
    }

    /// The table for `rules`, worked out once per thread for the same
    /// build rules: every deal of a game needs it, and a solver surveying
    /// thousands of quick deals spent 3% of its work making it anew.
    fn shared(rules: &Rules) -> Arc<Fits> {
        type Asked = (Sequence, ColourCheck, bool, bool, bool);
        thread_local! {
            static LAST: std::cell::RefCell<Option<(Asked, Arc<Fits>)>> = const { std::cell::RefCell::new(None) };
        }
        let t = &rules.tableau;
        // What `tableau_fit` reads of the rules.
        let asked = (t.sequence, t.colour, t.suit_check, t.allow_wrap, rules.ace_high);
        LAST.with_borrow_mut(|last| match last {
            Some((a, fits)) if *a == asked => Arc::clone(fits),
            _ => Arc::clone(&last.insert((asked, Arc::new(Fits::of(rules)))).1),
        })
    }

    /// The codes of the cards of `rank`, as a mask.
    fn of_rank(rank: Rank) -> u64 {
        0b1111 << (usize::from(rank.value()) * 4)
    }

    /// The codes of the cards of `suit`, as a mask.
    fn of_suit(suit: Suit) -> u64 {
        0x1111_1111_1111_1111 << (suit as usize)
    }

    fn get(&self, moving: Card, onto: Card) -> bool {
        self.onto[card_code(moving)] >> card_code(onto) & 1 == 1
    }

    /// Whether the same cards may lie on `a` as on `b`.
    fn alike(&self, a: Card, b: Card) -> bool {
        self.under[card_code(a)] == self.under[card_code(b)]
    }
}

/// A quick look at a target pile, before [`Solitaire::check_target`]'s
/// full checks, at what they refuse most often: a stack whose bottom card
/// does not build on a tableau top; for a foundation built card by card,
/// more than one card, or a card of another suit (or, on an empty one, not
/// of the start rank); more cards than a reserve has room for. Taken once
/// per target, it is asked about many stacks.
#[derive(Clone, Copy, Debug)]
pub(in crate::solitaire) struct Glance {
    /// The codes ([`card_code`]) of the bottom cards not refused.
    takes: u64,
    /// The most cards not refused.
    most: usize,
}

impl Glance {
    /// True only where the full check refuses too; false says nothing.
    #[inline]
    pub(in crate::solitaire) fn refuses(self, base: Card, count: usize) -> bool {
        count > self.most || self.takes >> card_code(base) & 1 == 0
    }
}

/// The target piles of the card moves, each with its [`Glance`], looked
/// up by the bottom card of a stack: the piles whose glance does not
/// refuse it, in the targets' order.
struct Targets {
    piles: Vec<(PileId, Glance)>,
    /// For each 64 piles, by card code: a bit for each pile whose glance
    /// takes the card.
    by_card: Vec<[u64; 64]>,
}

impl Targets {
    /// The foundation, tableau and reserve piles that `onto` takes.
    fn of(state: &Solitaire, onto: &dyn Fn(PileId) -> bool) -> Targets {
        let piles = state.glances(onto);
        let mut by_card = vec![[0u64; 64]; piles.len().div_ceil(64)];
        for (j, (_, glance)) in piles.iter().enumerate() {
            let mut takes = glance.takes;
            while takes != 0 {
                by_card[j / 64][takes.trailing_zeros() as usize] |= 1 << (j % 64);
                takes &= takes - 1;
            }
        }
        Targets { piles, by_card }
    }

    /// The piles whose glance does not refuse `count` cards from `base` up.
    fn not_refusing(&self, base: Card, count: usize) -> impl Iterator<Item = PileId> + '_ {
        let code = card_code(base);
        let (mut chunk, mut left) = (0, self.by_card.first().map_or(0, |c| c[code]));
        std::iter::from_fn(move || {
            loop {
                if left == 0 {
                    chunk += 1;
                    left = self.by_card.get(chunk)?[code];
                    continue;
                }
                let (to, glance) = self.piles[chunk * 64 + left.trailing_zeros() as usize];
                left &= left - 1;
                if !glance.refuses(base, count) {
                    return Some(to);
                }
            }
        })
    }
}

impl Solitaire {
    /// A state with every pile empty (the deal fills it).
    pub(super) fn empty(rules: Arc<Rules>) -> Solitaire {
        let mut base = [0; 5];
        let mut total = 0;
        for (i, kind) in PileKind::ALL.into_iter().enumerate() {
            base[i] = total;
            total += rules.pile_count(kind);
        }
        let fits = Fits::shared(&rules);
        Solitaire { rules, fits, piles: vec![Vec::new(); total], base, start: Rank::ACE, recycles: 0 }
    }

    pub(super) fn pile_mut(&mut self, kind: PileKind, index: usize) -> &mut Vec<Slot> {
        let i = self.base[kind as usize] + index;
        &mut self.piles[i]
    }

    pub(super) fn set_start(&mut self, start: Rank) {
        self.start = start;
    }

    /// The position in a byte per card (for the solver's memory): the
    /// redeal count, then each pile's length and cards.
    pub(super) fn pack(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.pack_onto(&mut out);
        out
    }

    /// Adds [`pack`](Self::pack)'s bytes to the end of `out`.
    pub(super) fn pack_onto(&self, out: &mut Vec<u8>) {
        out.extend(self.recycles.to_le_bytes());
        for pile in &self.piles {
            out.push(pile.len() as u8);
            out.extend(
                pile.iter().map(|s| (s.card.rank.value() << 3) | ((s.card.suit as u8) << 1) | u8::from(s.face_up)),
            );
        }
    }

    /// The position `packed` (made by [`pack`](Self::pack) in this game).
    pub(super) fn unpack(&self, packed: &[u8]) -> Solitaire {
        let mut state = self.clone();
        state.unpack_from(packed);
        state
    }

    /// Becomes the position `packed` (made by [`pack`](Self::pack) in this
    /// game), keeping the piles' buffers.
    pub(super) fn unpack_from(&mut self, packed: &[u8]) {
        self.recycles = u32::from_le_bytes([packed[0], packed[1], packed[2], packed[3]]);
        let mut at = 4;
        for pile in &mut self.piles {
            let len = usize::from(packed[at]);
            pile.clear();
            pile.extend(packed[at + 1..at + 1 + len].iter().map(|&b| Slot {
                card: Card::new(Rank::new(b >> 3).unwrap_or(Rank::ACE), Suit::ALL[usize::from((b >> 1) & 3)]),
                face_up: b & 1 == 1,
            }));
            at += 1 + len;
        }
    }

    /// The rules this game is played by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Why nothing can be taken from `p`: it is empty.
    fn nothing_in(&self, p: PileId) -> Why {
        Why::Empty { pile: p, only_of_its_kind: self.pile_count(p.kind) == 1 }
    }

    /// Why no more than the top card of `p` can be taken.
    fn only_top_of(&self, p: PileId) -> Why {
        Why::OnlyTop { pile: p, only_of_its_kind: self.pile_count(p.kind) == 1 }
    }

    /// How many piles of `kind` there are.
    pub fn pile_count(&self, kind: PileKind) -> usize {
        self.rules.pile_count(kind)
    }

    /// Pile `index` (0-based) of `kind`, bottom card first.
    ///
    /// # Panics
    /// If there is no such pile (`index >= pile_count(kind)`).
    pub fn pile(&self, kind: PileKind, index: usize) -> &[Slot] {
        assert!(index < self.pile_count(kind), "there is no {} {}", kind.noun(), index + 1);
        &self.piles[self.base[kind as usize] + index]
    }

    fn get(&self, id: PileId) -> Option<&[Slot]> {
        (id.index() < self.pile_count(id.kind)).then(|| self.piles[self.base[id.kind as usize] + id.index()].as_slice())
    }

    fn at(&self, id: PileId) -> &[Slot] {
        &self.piles[self.base[id.kind as usize] + id.index()]
    }

    fn ids(&self, kind: PileKind) -> impl Iterator<Item = PileId> + use<> {
        (0..self.pile_count(kind)).map(move |i| PileId::new(kind, i))
    }

    /// Every pile, as (id, cards).
    pub fn piles(&self) -> impl Iterator<Item = (PileId, &[Slot])> {
        PileKind::ALL.into_iter().flat_map(move |k| self.ids(k).map(move |id| (id, self.at(id))))
    }

    /// The rank an empty foundation takes.
    pub fn start_rank(&self) -> Rank {
        self.start
    }

    /// How often the waste has been turned over.
    pub fn recycles(&self) -> u32 {
        self.recycles
    }

    /// How many more times the waste may be turned over (`None`: no limit).
    pub fn redeals_left(&self) -> Option<u32> {
        self.rules.stock.redeals.map(|n| n.saturating_sub(self.recycles))
    }

    /// Whether tableau pile `index` is covered (CoveredBy piles not empty).
    pub fn is_covered(&self, index: usize) -> bool {
        self.rules
            .tableau
            .covered_by
            .get(index)
            .is_some_and(|cover| cover.iter().any(|&p| !self.pile(PileKind::Tableau, p).is_empty()))
    }

    /// Whether pile `id` is a tableau pile others lie on (Pyramid's rows
    /// above the free cards), so cannot be played yet.
    pub fn covered(&self, id: PileId) -> bool {
        id.kind == PileKind::Tableau && self.is_covered(id.index())
    }

    /// The number of cards left in the stock piles.
    pub fn cards_in_stock(&self) -> usize {
        self.ids(PileKind::Stock).map(|id| self.at(id).len()).sum()
    }

    /// The number of cards on the foundations (the score).
    pub fn cards_on_foundations(&self) -> usize {
        self.ids(PileKind::Foundation).map(|id| self.at(id).len()).sum()
    }

    /// Whether the game must be won with every card on the foundations
    /// and they can never hold them all (two decks on four foundations
    /// built one way): no line of play wins it. See
    /// [`Rules::foundation_room`].
    pub fn foundations_too_small(&self) -> bool {
        self.rules.foundation_room(self.start).is_some_and(|room| room < self.rules.pack_size())
    }

    /// Why the top `count` cards of `id` cannot be picked up together, in
    /// the rules' words ("A stack of several cards must be all one
    /// suit."); `None` where they can, wherever they may go.
    pub fn lift_refusal(&self, id: PileId, count: usize) -> Option<Refusal> {
        let why = if self.rules.addition > 0 {
            Err(Why::AdditionOnly(self.rules.addition))
        } else {
            self.exists(id).and_then(|_| self.check_source(id, count).map(drop)).and_then(|()| {
                match self.most_taken_at_once() {
                    most if count <= most || id.kind != PileKind::Tableau => Ok(()),
                    1 => Err(self.only_top_of(id)),
                    most => Err(Why::MaxMove(most)),
                }
            })
        };
        why.err().map(|why| Refusal::new(why.sentence()))
    }

    /// The most cards any pile takes in one move: where no tableau pile
    /// may be built on (Golf) or takes more than one card (Aces Up), no
    /// reserve more, and the foundations take cards one at a time, a
    /// stack of several cards can go nowhere, and is never lifted.
    fn most_taken_at_once(&self) -> usize {
        let r = &self.rules;
        let tableau = if self.pile_count(PileKind::Tableau) > 1 { r.tableau.max_allowed } else { 0 };
        let reserve = if r.reserve.piles > 0 { r.reserve.max_allowed } else { 0 };
        let foundation = if r.foundation.complete_sequences { usize::MAX } else { 1 };
        tableau.max(reserve).max(foundation)
    }

    /// How many top cards of a pile one move may take, whatever the
    /// destination (what a drag may pick up): the in-order run of a tableau
    /// pile (capped by MaxMove and by the most any pile takes at once), the
    /// top card of the waste, a reserve pile or (with TakeBack) a
    /// foundation, nothing from the stock or in addition games.
    pub fn liftable(&self, id: PileId) -> usize {
        let Some(pile) = self.get(id) else { return 0 };
        if self.rules.addition > 0 || self.covered(id) || !pile.last().is_some_and(|s| s.face_up) {
            return 0;
        }
        match id.kind {
            PileKind::Stock => 0,
            PileKind::Foundation if !self.rules.foundation.take_back => 0,
            PileKind::Waste | PileKind::Reserve | PileKind::Foundation => 1,
            PileKind::Tableau => {
                let run = self.run_len(pile).min(self.most_taken_at_once());
                self.rules.tableau.max_move.map_or(run, |m| run.min(m))
            }
        }
    }

    /// Whether the face-up cards of tableau pile `index` all move together
    /// (they are one run).
    pub(super) fn face_up_moves_whole(&self, index: usize) -> bool {
        let pile = self.pile(PileKind::Tableau, index);
        self.run_len(pile) == pile.iter().filter(|s| s.face_up).count()
    }

    /// The number of top cards of a tableau pile that may move together:
    /// face up, and (CheckInOrder, StackSuitCheck) in order.
    fn run_len(&self, pile: &[Slot]) -> usize {
        let t = &self.rules.tableau;
        let mut n = 0;
        for (i, slot) in pile.iter().enumerate().rev() {
            if !slot.face_up {
                break;
            }
            if n > 0 {
                let upper = pile[i + 1].card;
                if t.check_in_order && !self.builds_on(upper, slot.card) {
                    break;
                }
                if t.stack_suit_check && upper.suit != slot.card.suit {
                    break;
                }
            }
            n += 1;
        }
        n
    }

    /// Whether `moving` may lie on `onto` by the tableau's build rules
    /// (SequenceCheck, ColorCheck, SuitCheck, AllowWrap).
    pub fn builds_on(&self, moving: Card, onto: Card) -> bool {
        self.fits.get(moving, onto)
    }

    /// The tableau's fit table by card code (rank value times four plus the
    /// suit's number): for each moving card the cards it may lie on, and
    /// for each card the cards that may lie on it, a bit each.
    pub(in crate::solitaire) fn fit_table(&self) -> (&[u64; 64], &[u64; 64]) {
        (&self.fits.onto, &self.fits.under)
    }

    /// Whether the same cards may be built on `a` as on `b` in the tableau.
    pub fn takes_alike(&self, a: Card, b: Card) -> bool {
        self.fits.alike(a, b)
    }

    /// Whether a foundation takes `card` lifted alone from tableau pile
    /// `from`, the foundations as they lie (for foundations built card by
    /// card; a discard looks at the whole tableau).
    pub(super) fn foundation_takes(&self, from: PileId, card: Card) -> bool {
        let lifted = [Slot { card, face_up: true }];
        self.ids(PileKind::Foundation).any(|to| self.check_to_foundation(from, &lifted, to, self.at(to)).is_ok())
    }

    /// Whether a move is refused only for want of room: CheckFree's free
    /// cells and empty piles are too few for the stack (every other rule
    /// is met). The solver then makes it in steps.
    pub(super) fn wants_room(&self, m: &SolMove) -> bool {
        // Only CheckFree refuses for want of room, and only runs.
        matches!(*m, SolMove::Move { count, .. } if count > 1 && self.rules.tableau.check_free)
            && matches!(self.why_not(m), Err(Why::NotFree { .. }))
    }

    /// Whether the top `count` cards of `from` may go onto `to` (for drag
    /// feedback).
    pub fn accepts(&self, from: PileId, count: usize, to: PileId) -> bool {
        let base = self.get(from).and_then(|pile| pile.len().checked_sub(count).filter(|_| count > 0).map(|i| pile[i]));
        let refused = self.get(to).is_some() && base.is_some_and(|b| self.glance(to).refuses(b.card, count));
        !refused && u8::try_from(count).is_ok_and(|count| self.why_not(&SolMove::Move { from, count, to }).is_ok())
    }

    /// Whether `card`, face up on top of `waste` (whatever lies there now),
    /// may go onto `to`: what [`accepts`](Self::accepts) answers once the
    /// stock has brought it up, asked without dealing.
    pub(in crate::solitaire) fn takes_from_waste(&self, waste: PileId, card: Card, to: PileId) -> bool {
        debug_assert_eq!(waste.kind, PileKind::Waste);
        to != waste && self.rules.addition == 0 && self.check_target(waste, &[Slot { card, face_up: true }], to).is_ok()
    }

    /// A [`glance`](Solitaire::glance) at each foundation, tableau and
    /// reserve pile that `onto` takes, in that order.
    pub(in crate::solitaire) fn glances(&self, onto: &dyn Fn(PileId) -> bool) -> Vec<(PileId, Glance)> {
        let kinds = [PileKind::Foundation, PileKind::Tableau, PileKind::Reserve];
        // Room made at once: collected through `flat_map`, which tells no
        // size, the vector grew three times a position in Klondike.
        let mut out = Vec::with_capacity(kinds.iter().map(|&k| self.pile_count(k)).sum());
        out.extend(kinds.into_iter().flat_map(|k| self.ids(k)).filter(|&id| onto(id)).map(|id| (id, self.glance(id))));
        out
    }

    /// A quick look at target `to` (an existing pile), taken once for any
    /// number of stacks: see [`Glance`].
    pub(in crate::solitaire) fn glance(&self, to: PileId) -> Glance {
        let f = &self.rules.foundation;
        let dst = self.at(to);
        let any = Glance { takes: u64::MAX, most: usize::MAX };
        match to.kind {
            PileKind::Tableau => {
                dst.last().map_or(any, |top| Glance { takes: self.fits.under[card_code(top.card)], most: usize::MAX })
            }
            PileKind::Foundation if f.complete_sequences => any,
            // A discard looks at the tableau, not the foundation's top.
            PileKind::Foundation if f.discard => Glance { most: 1, ..any },
            PileKind::Foundation => Glance {
                takes: match dst.last() {
                    None => Fits::of_rank(self.start),
                    Some(top) if f.suit_check => Fits::of_suit(top.card.suit),
                    Some(_) => u64::MAX,
                },
                most: 1,
            },
            PileKind::Reserve => {
                match self.rules.reserve.max_allowed.checked_sub(dst.iter().filter(|s| s.face_up).count()) {
                    Some(room) => Glance { most: room, ..any },
                    None => Glance { takes: 0, most: 0 },
                }
            }
            PileKind::Stock | PileKind::Waste => any,
        }
    }

    /// Whether stock pile `index` can be dealt from now.
    pub fn can_deal(&self, index: usize) -> bool {
        u8::try_from(index).is_ok_and(|i| self.check_deal(i).is_ok())
    }

    /// Whether the waste can be turned back into the stock now.
    pub fn can_recycle(&self) -> bool {
        self.check_recycle().is_ok()
    }

    /// Whether the waste would be turned over now (the stock is empty and
    /// the waste is not) but that it has been as often as it may.
    pub fn redeals_used_up(&self) -> bool {
        matches!(self.check_recycle(), Err(Why::NoRedeals(_)))
    }

    /// Whether every card is where WinWhen wants it.
    pub fn is_won(&self) -> bool {
        match self.rules.win_when {
            WinWhen::TableauEmpty => self.ids(PileKind::Tableau).all(|id| self.at(id).is_empty()),
            WinWhen::Foundations if self.rules.foundation.discard => {
                let top = self.rules.top_rank();
                [PileKind::Stock, PileKind::Waste].into_iter().all(|k| self.ids(k).all(|id| self.at(id).is_empty()))
                    && [PileKind::Tableau, PileKind::Reserve]
                        .into_iter()
                        .all(|k| self.ids(k).all(|id| self.at(id).iter().all(|s| s.card.rank == top)))
            }
            WinWhen::Foundations => self.cards_on_foundations() == self.rules.pack_size(),
        }
    }

    /// Every legal move here, in a fixed order: card moves (from the waste,
    /// the tableau, reserve piles, foundations), pairs and removals, deals,
    /// recycling.
    pub fn legal_moves(&self) -> Vec<SolMove> {
        self.legal_moves_onto(&|_| true)
    }

    /// The legal moves of [`legal_moves`](Self::legal_moves) but the card
    /// moves onto piles `onto` turns down (the solver passes over empty
    /// piles that play alike without checking each move onto them).
    pub fn legal_moves_onto(&self, onto: &dyn Fn(PileId) -> bool) -> Vec<SolMove> {
        // Room for the moves of most positions at once: the solver asks
        // this at every position, and growing from nothing took several
        // reallocations each time.
        let mut out = Vec::with_capacity(32);
        self.each_legal(onto, &mut |m| {
            out.push(m);
            true
        });
        out
    }

    /// This position with the player's auto-play option on or off (see
    /// [`Rules::safe_auto_play`]), for the solver to play as the table does.
    /// Borrowed where the rules already play so (the option off, as most
    /// play): the table asks at every tick.
    pub fn with_safe_auto_play(&self, on: bool) -> Cow<'_, Solitaire> {
        if self.rules.safe_auto_play == on {
            return Cow::Borrowed(self);
        }
        let mut played = self.clone();
        played.rules = Arc::new(Rules { safe_auto_play: on, ..(*self.rules).clone() });
        Cow::Owned(played)
    }

    /// Whether any move is legal.
    pub fn has_legal_move(&self) -> bool {
        let mut any = false;
        self.each_legal(&|_| true, &mut |_| {
            any = true;
            false
        });
        any
    }

    /// Calls `f` with each legal move (card moves only onto piles `onto`
    /// takes) until it returns false.
    fn each_legal(&self, onto: &dyn Fn(PileId) -> bool, f: &mut dyn FnMut(SolMove) -> bool) {
        if !self.each_card_move(onto, f) {
            return;
        }
        for s in 0..self.pile_count(PileKind::Stock) {
            let m = SolMove::Deal(s as u8);
            if self.why_not(&m).is_ok() && !f(m) {
                return;
            }
        }
        if self.why_not(&SolMove::Recycle).is_ok() {
            f(SolMove::Recycle);
        }
    }

    fn each_card_move(&self, onto: &dyn Fn(PileId) -> bool, f: &mut dyn FnMut(SolMove) -> bool) -> bool {
        if self.rules.addition > 0 {
            let open: Vec<PileId> = [PileKind::Waste, PileKind::Tableau]
                .into_iter()
                .flat_map(|k| self.ids(k))
                .filter(|&id| !self.at(id).is_empty())
                .collect();
            for (i, &a) in open.iter().enumerate() {
                for m in open[i + 1..].iter().map(|&b| SolMove::Pair(a, b)).chain([SolMove::Remove(a)]) {
                    if self.why_not(&m).is_ok() && !f(m) {
                        return false;
                    }
                }
            }
            return true;
        }
        let targets = Targets::of(self, onto);
        for kind in [PileKind::Waste, PileKind::Tableau, PileKind::Reserve, PileKind::Foundation] {
            for from in self.ids(kind) {
                let pile = self.at(from);
                for count in 1..=self.liftable(from) {
                    // `liftable` has made every check of `check_source`:
                    // an uncovered pile whose top cards are face up, in
                    // order and within MaxMove (one card off any other
                    // pile but the tableau).
                    debug_assert!(self.check_source(from, count).is_ok());
                    let stack = &pile[pile.len() - count..];
                    for to in targets.not_refusing(stack[0].card, count).filter(|&to| to != from) {
                        let m = SolMove::Move { from, count: count as u8, to };
                        if self.check_target(from, stack, to).is_ok() && !f(m) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// Checks a move; the error says why not.
    fn why_not(&self, m: &SolMove) -> Result<(), Why> {
        match *m {
            SolMove::Move { from, count, to } => self.check_transfer(from, usize::from(count), to),
            SolMove::Deal(s) => self.check_deal(s),
            SolMove::Recycle => self.check_recycle(),
            SolMove::Pair(a, b) => self.check_pair(a, b),
            SolMove::Remove(p) => self.check_remove(p),
        }
    }

    fn exists(&self, id: PileId) -> Result<&[Slot], Why> {
        self.get(id).ok_or(Why::NoPile(id))
    }

    /// Whether `moving` may lie on `onto` by the tableau build rules.
    fn tableau_fit(&self, moving: Card, onto: Card) -> Result<(), Broken> {
        tableau_fit(&self.rules, moving, onto)
    }

    fn check_transfer(&self, from: PileId, count: usize, to: PileId) -> Result<(), Why> {
        if self.rules.addition > 0 {
            return Err(Why::AdditionOnly(self.rules.addition));
        }
        self.exists(from)?;
        self.exists(to)?;
        if from == to {
            return Err(Why::SamePile);
        }
        let stack = self.check_source(from, count)?;
        self.check_target(from, stack, to)
    }

    /// Whether the top `count` cards of `from` (an existing pile) may be
    /// picked up; they are returned if so.
    fn check_source(&self, from: PileId, count: usize) -> Result<&[Slot], Why> {
        match from.kind {
            PileKind::Stock => return Err(Why::TakeFrom(PileKind::Stock)),
            PileKind::Foundation if !self.rules.foundation.take_back => return Err(Why::TakeFrom(from.kind)),
            _ => {}
        }
        if self.covered(from) {
            return Err(Why::Covered(from));
        }
        let src = self.at(from);
        if src.is_empty() {
            return Err(self.nothing_in(from));
        }
        if count > 1 && from.kind != PileKind::Tableau {
            return Err(self.only_top_of(from));
        }
        if count == 0 || count > src.len() || !src[src.len() - count..].iter().all(|s| s.face_up) {
            return Err(Why::TooFew { from, count });
        }
        let stack = &src[src.len() - count..];
        if from.kind == PileKind::Tableau {
            self.check_stack(stack)?;
        }
        Ok(stack)
    }

    /// Whether `stack`, picked up from `from`, may go onto `to` (an existing
    /// other pile).
    fn check_target(&self, from: PileId, stack: &[Slot], to: PileId) -> Result<(), Why> {
        let dst = self.at(to);
        let count = stack.len();
        match to.kind {
            PileKind::Stock | PileKind::Waste => Err(Why::PutOn(to.kind)),
            PileKind::Foundation if from.kind == PileKind::Foundation => Err(Why::TakeBackTarget),
            PileKind::Foundation => self.check_to_foundation(from, stack, to, dst),
            PileKind::Reserve if from.kind == PileKind::Foundation => Err(Why::TakeBackTarget),
            PileKind::Tableau | PileKind::Reserve => {
                if self.covered(to) {
                    return Err(Why::Covered(to));
                }
                if to.kind == PileKind::Tableau {
                    self.check_tableau_target(stack[0].card, dst)?;
                }
                let max = match to.kind {
                    PileKind::Tableau => self.rules.tableau.max_allowed,
                    _ => self.rules.reserve.max_allowed,
                };
                let showing = dst.iter().filter(|s| s.face_up).count();
                if max == 1 && showing > 0 {
                    return Err(Why::Occupied(to));
                }
                if showing + count > max {
                    return Err(Why::Full { to, max, only_of_its_kind: self.pile_count(to.kind) == 1 });
                }
                self.check_free(count, to)
            }
        }
    }

    /// MaxMove, CheckInOrder and StackSuitCheck for a stack from the tableau.
    fn check_stack(&self, stack: &[Slot]) -> Result<(), Why> {
        let t = &self.rules.tableau;
        if let Some(max) = t.max_move
            && stack.len() > max
        {
            return Err(Why::MaxMove(max));
        }
        for pair in stack.windows(2) {
            let (lower, upper) = (pair[0].card, pair[1].card);
            if t.check_in_order
                && let Err(broken) = self.tableau_fit(upper, lower)
            {
                return Err(Why::OutOfOrder { upper, lower, broken });
            }
            if t.stack_suit_check && upper.suit != lower.suit {
                return Err(Why::MixedSuits);
            }
        }
        Ok(())
    }

    fn check_tableau_target(&self, moving: Card, dst: &[Slot]) -> Result<(), Why> {
        let t = &self.rules.tableau;
        match dst.last() {
            None if !t.fill_empty => Err(Why::NoFill),
            None if t.kings_only && moving.rank != Rank::KING => Err(Why::KingsOnly(moving)),
            None => Ok(()),
            Some(top) if self.builds_on(moving, top.card) => Ok(()),
            Some(top) => {
                self.tableau_fit(moving, top.card).map_err(|broken| Why::Build { moving, onto: top.card, broken })
            }
        }
    }

    /// CheckFree: n > 1 cards need n - 1 free cells or empty piles that
    /// any card may fill (the destination not counted).
    fn check_free(&self, count: usize, to: PileId) -> Result<(), Why> {
        if !self.rules.tableau.check_free || count <= 1 {
            return Ok(());
        }
        let empty = |id: PileId| id != to && self.at(id).is_empty();
        let room = Room::of(&self.rules);
        let cells = if room.cells { self.ids(PileKind::Reserve).filter(|&id| empty(id)).count() } else { 0 };
        let spaces = if room.spaces {
            self.ids(PileKind::Tableau).filter(|&id| empty(id) && !self.covered(id)).count()
        } else {
            0
        };
        let free = cells + spaces;
        if count > free + 1 { Err(Why::NotFree { free, room }) } else { Ok(()) }
    }

    fn check_to_foundation(&self, from: PileId, stack: &[Slot], to: PileId, dst: &[Slot]) -> Result<(), Why> {
        let f = &self.rules.foundation;
        if f.complete_sequences {
            if from.kind != PileKind::Tableau || !self.is_complete_run(stack) {
                return Err(Why::NotRun);
            }
            return if dst.is_empty() { Ok(()) } else { Err(Why::RunNeedsEmpty(to)) };
        }
        if stack.len() != 1 {
            return Err(Why::OneAtATime);
        }
        let moving = stack[0].card;
        if f.discard {
            if from.kind != PileKind::Tableau {
                return Err(Why::DiscardSource);
            }
            let higher = self.ids(PileKind::Tableau).filter(|&id| id != from && !self.covered(id)).any(|id| {
                self.at(id).last().is_some_and(|top| {
                    top.face_up
                        && top.card.suit == moving.suit
                        && self.rules.order(top.card.rank) > self.rules.order(moving.rank)
                })
            });
            return if higher { Ok(()) } else { Err(Why::NoDiscard(moving)) };
        }
        let Some(top) = dst.last() else {
            return if moving.rank == self.start {
                Ok(())
            } else {
                Err(Why::FoundationStart { moving, start: self.start })
            };
        };
        if f.build != Build::UpDown && dst.len() >= 13 {
            return Err(Why::FoundationFull(to));
        }
        let onto = top.card;
        if f.suit_check && moving.suit != onto.suit {
            return Err(Why::Build { moving, onto, broken: Broken::Suit });
        }
        let up = self.rules.one_above(moving.rank, onto.rank, f.allow_wrap);
        let down = self.rules.one_above(onto.rank, moving.rank, f.allow_wrap);
        let broken = match f.build {
            Build::Up if !up => Broken::Higher,
            Build::Down if !down => Broken::Lower,
            Build::UpDown if !up && !down => Broken::Either,
            _ => return Ok(()),
        };
        Err(Why::Build { moving, onto, broken })
    }

    /// Thirteen face-up cards of one suit, each one rank below the card
    /// under it.
    fn is_complete_run(&self, stack: &[Slot]) -> bool {
        stack.len() == 13
            && stack.iter().all(|s| s.face_up && s.card.suit == stack[0].card.suit)
            && stack.windows(2).all(|w| self.rules.one_above(w[0].card.rank, w[1].card.rank, false))
    }

    fn check_deal(&self, stock: u8) -> Result<(), Why> {
        let id = PileId { kind: PileKind::Stock, index: stock };
        let pile = self.exists(id)?;
        if !self.rules.stock.visible {
            return Err(Why::StockHidden);
        }
        if pile.is_empty() {
            return Err(self.nothing_in(id));
        }
        if self.rules.stock.deal_to == DealTo::Tableau
            && self.rules.stock.deal_needs_no_gaps
            && self.has_gap_and_cards_to_fill_it()
        {
            return Err(Why::Gaps);
        }
        Ok(())
    }

    /// Whether the tableau has an empty pile while the table (the
    /// tableau and the reserves) holds cards enough to fill every pile:
    /// where it holds fewer, the gaps do not block a deal (Spider late in
    /// a game with most suits gone up), as the Oberon seed has it. Only
    /// the count is asked, not which cards a space takes.
    fn has_gap_and_cards_to_fill_it(&self) -> bool {
        let piles = self.pile_count(PileKind::Tableau);
        let on_table: usize =
            self.ids(PileKind::Tableau).chain(self.ids(PileKind::Reserve)).map(|p| self.at(p).len()).sum();
        self.ids(PileKind::Tableau).any(|t| self.at(t).is_empty()) && on_table >= piles
    }

    /// The wastes that stocks deal to: waste i for stock i.
    fn fed_wastes(&self) -> usize {
        self.pile_count(PileKind::Waste).min(self.pile_count(PileKind::Stock))
    }

    fn check_recycle(&self) -> Result<(), Why> {
        let stock = &self.rules.stock;
        if stock.deal_to != DealTo::Waste || !stock.visible || self.fed_wastes() == 0 {
            return Err(Why::NoWaste);
        }
        if self.ids(PileKind::Stock).any(|id| !self.at(id).is_empty()) {
            return Err(Why::StockNotEmpty);
        }
        if (0..self.fed_wastes()).all(|w| self.pile(PileKind::Waste, w).is_empty()) {
            return Err(self.nothing_in(PileId::new(PileKind::Waste, 0)));
        }
        match stock.redeals {
            Some(n) if self.recycles >= n => Err(Why::NoRedeals(n)),
            _ => Ok(()),
        }
    }

    /// The top card of a pile that addition games may remove, if the pile is
    /// a waste or tableau pile, exists and has one. `beside` is the other
    /// card of a pair: a pile covered by that pile alone, holding only that
    /// card, counts as uncovered.
    fn removable(&self, id: PileId, beside: Option<PileId>) -> Result<Card, Why> {
        if self.rules.addition == 0 {
            return Err(Why::NotAddition);
        }
        let pile = self.exists(id)?;
        if !matches!(id.kind, PileKind::Waste | PileKind::Tableau) {
            return Err(Why::PairKind(id));
        }
        let Some(top) = pile.last().filter(|s| s.face_up) else {
            return Err(self.nothing_in(id));
        };
        if id.kind == PileKind::Tableau {
            let cover = self.rules.tableau.covered_by.get(id.index()).map_or(&[][..], Vec::as_slice);
            let blocked = cover.iter().map(|&p| PileId::new(PileKind::Tableau, p)).any(|p| {
                let n = self.at(p).len();
                n > 1 || (n == 1 && Some(p) != beside)
            });
            if blocked {
                return Err(Why::Covered(id));
            }
        }
        Ok(top.card)
    }

    fn check_pair(&self, a: PileId, b: PileId) -> Result<(), Why> {
        if a == b {
            return Err(Why::SamePile);
        }
        let (ca, cb) = (self.removable(a, Some(b))?, self.removable(b, Some(a))?);
        let sum = self.rules.addition;
        if ca.rank.value() + cb.rank.value() != sum {
            return Err(Why::PairSum { a: ca, b: cb, sum });
        }
        Ok(())
    }

    fn check_remove(&self, p: PileId) -> Result<(), Why> {
        let card = self.removable(p, None)?;
        let sum = self.rules.addition;
        if card.rank.value() != sum {
            return Err(Why::NotAddend { card, sum });
        }
        Ok(())
    }

    fn index_of(&self, id: PileId) -> usize {
        self.base[id.kind as usize] + id.index()
    }

    fn take_top(&mut self, id: PileId) -> Option<Slot> {
        let i = self.index_of(id);
        self.piles[i].pop()
    }

    fn put(&mut self, id: PileId, card: Card) {
        let i = self.index_of(id);
        self.piles[i].push(Slot { card, face_up: true });
    }

    /// Deals from stock pile `stock` (a deal the rules allow) without what
    /// [`Solitaire::settle`] does after it. A deal touches only the stock
    /// and the piles it deals to, so on a settled position whose stock
    /// deals to the waste this is the whole move: the solver deals so
    /// dozens of times to look at each card the stock can bring up.
    pub(super) fn deal_from(&mut self, stock: usize) {
        let sid = PileId::new(PileKind::Stock, stock);
        match self.rules.stock.deal_to {
            DealTo::Waste => {
                let waste = self.single_pile_dealt_to(stock);
                for _ in 0..self.rules.stock.deal_count {
                    let Some(slot) = self.take_top(sid) else { break };
                    self.put(waste, slot.card);
                }
            }
            DealTo::Tableau => {
                for t in 0..self.tableau_piles_dealt_to() {
                    let Some(slot) = self.take_top(sid) else { break };
                    self.put(PileId::new(PileKind::Tableau, t), slot.card);
                }
            }
            DealTo::Foundation => {
                if let Some(slot) = self.take_top(sid) {
                    self.put(self.single_pile_dealt_to(stock), slot.card);
                }
            }
        }
    }

    /// How many tableau piles a deal across the tableau gives a card:
    /// [Stock] DealPiles of them, else all.
    fn tableau_piles_dealt_to(&self) -> usize {
        let n = self.pile_count(PileKind::Tableau);
        self.rules.stock.deal_piles.map_or(n, |d| d.min(n))
    }

    /// How many deals stock pile `index` has left: a last deal short of
    /// cards still deals (Spider's 50 cards are 5 deals across its ten
    /// columns; Klondike's 24 are 8 deals of three).
    pub fn deals_left(&self, index: usize) -> usize {
        let per_deal = match self.rules.stock.deal_to {
            DealTo::Waste => self.rules.stock.deal_count,
            DealTo::Tableau => self.tableau_piles_dealt_to(),
            DealTo::Foundation => 1,
        };
        self.pile(PileKind::Stock, index).len().div_ceil(per_deal.max(1))
    }

    /// The one pile a deal from stock `stock` puts its cards on: its
    /// waste, or the first foundation (meaningless where the stock deals
    /// a card to every tableau pile).
    fn single_pile_dealt_to(&self, stock: usize) -> PileId {
        match self.rules.stock.deal_to {
            DealTo::Foundation => PileId::new(PileKind::Foundation, 0),
            _ => PileId::new(PileKind::Waste, stock.min(self.pile_count(PileKind::Waste).saturating_sub(1))),
        }
    }

    /// Where move `m` puts the cards it lifts, when that is one pile: a
    /// move's pile, a deal's waste or foundation. None for a deal across
    /// the tableau, a recycle (the stock it refills is where it is played
    /// from) and the addition games' removals, which only take cards away.
    pub fn destination(&self, m: &SolMove) -> Option<PileId> {
        match *m {
            SolMove::Move { to, .. } => Some(to),
            SolMove::Deal(stock) if self.rules.stock.deal_to != DealTo::Tableau => {
                Some(self.single_pile_dealt_to(usize::from(stock)))
            }
            SolMove::Deal(_) | SolMove::Recycle | SolMove::Pair(..) | SolMove::Remove(_) => None,
        }
    }

    /// [`settle`](Self::settle) after cards moved from `from` to `to` on
    /// a settled position: where nothing refills or uncovers other piles,
    /// only these two tops can turn up (the solver moves cards millions of
    /// times, and settling every pile was a good part of it).
    fn settle_after_move(&mut self, from: PileId, to: PileId) {
        if self.rules.tableau.fill_from_reserve || self.rules.tableau.piles_cover() {
            self.settle();
            return;
        }
        for id in [from, to].into_iter().filter(|id| id.kind != PileKind::Stock) {
            let i = self.index_of(id);
            if let Some(top) = self.piles[i].last_mut() {
                top.face_up = true;
            }
        }
    }

    /// What happens by itself after every change: FillFrom=Reserve refills
    /// empty tableau piles, and face-down top cards turn up.
    pub(super) fn settle(&mut self) {
        if self.rules.tableau.fill_from_reserve {
            let reserve = PileId::new(PileKind::Reserve, 0);
            for t in self.ids(PileKind::Tableau) {
                if self.at(t).is_empty()
                    && !self.covered(t)
                    && let Some(slot) = self.take_top(reserve)
                {
                    self.put(t, slot.card);
                }
            }
        }
        for kind in [PileKind::Waste, PileKind::Foundation, PileKind::Tableau, PileKind::Reserve] {
            for id in self.ids(kind) {
                if !self.covered(id) {
                    let i = self.index_of(id);
                    if let Some(top) = self.piles[i].last_mut() {
                        top.face_up = true;
                    }
                }
            }
        }
    }
}

impl Game for Solitaire {
    type Move = SolMove;

    fn parse_move(&self, text: &str) -> Result<SolMove, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("R") {
            return Ok(SolMove::Recycle);
        }
        if let Some((left, right)) = t.split_once('>') {
            let to = PileId::parse(right.trim())?;
            let (from, count) = match left.split_once(':') {
                Some((pile, n)) => {
                    let count = n.trim().parse::<u8>().ok().filter(|&c| c >= 1).ok_or_else(|| {
                        format!("{:?} is not a number of cards (1 to 255) in the move {t:?}", n.trim())
                    })?;
                    (PileId::parse(pile.trim())?, count)
                }
                None => (PileId::parse(left.trim())?, 1),
            };
            return Ok(SolMove::Move { from, count, to });
        }
        if let Some((a, b)) = t.split_once('+') {
            return Ok(SolMove::Pair(PileId::parse(a.trim())?, PileId::parse(b.trim())?));
        }
        let pile = PileId::parse(t).map_err(|e| format!("{e}; a move is like T3>F1, T3:4>T7, S1, R, T3+W1 or T12"))?;
        Ok(match pile.kind {
            PileKind::Stock => SolMove::Deal(pile.index),
            _ => SolMove::Remove(pile),
        })
    }

    fn move_text(&self, m: &SolMove) -> String {
        match *m {
            SolMove::Move { from, count, to } => {
                let mut text = String::with_capacity(8);
                from.push_text(&mut text);
                if count != 1 {
                    text.push(':');
                    push_number(&mut text, usize::from(count));
                }
                text.push('>');
                to.push_text(&mut text);
                text
            }
            SolMove::Deal(s) => PileId { kind: PileKind::Stock, index: s }.to_string(),
            SolMove::Recycle => "R".to_string(),
            SolMove::Pair(a, b) => format!("{a}+{b}"),
            SolMove::Remove(p) => p.to_string(),
        }
    }

    /// "9♥ and 2 more onto 10♣": the card moved and where it goes, short
    /// enough for the Amiga's status line, as the player finds them on the
    /// table.
    fn describe_move(&self, m: &SolMove) -> String {
        let top = |id: PileId| self.get(id).and_then(<[Slot]>::last).map(|s| s.card.short());
        match *m {
            SolMove::Move { from, count, to } => {
                let count = usize::from(count);
                let pile = self.get(from).unwrap_or_default();
                let Some(first) = pile.len().checked_sub(count).and_then(|i| pile.get(i)) else {
                    return self.move_text(m);
                };
                let moved = match count {
                    1 => first.card.short(),
                    n => format!("{} and {} more", first.card.short(), n - 1),
                };
                let place = match (to.kind, top(to)) {
                    (PileKind::Foundation, _) => "to a foundation".to_string(),
                    (_, Some(card)) => format!("onto {card}"),
                    // "empty pile", not "tableau pile": the Amiga's status
                    // line holds a run's hint to a space whole.
                    (PileKind::Tableau, None) => format!("to empty pile {}", to.index() + 1),
                    (kind, None) => format!("to {} {}", self.rules.pile_noun(kind), to.index() + 1),
                };
                format!("{moved} {place}")
            }
            SolMove::Deal(_) => "deal from the stock".to_string(),
            SolMove::Recycle => "turn the waste over".to_string(),
            SolMove::Pair(a, b) => match (top(a), top(b)) {
                (Some(a), Some(b)) => format!("{a} with {b}"),
                _ => self.move_text(m),
            },
            SolMove::Remove(p) => top(p).map_or_else(|| self.move_text(m), |card| format!("{card} alone")),
        }
    }

    fn check(&self, m: &SolMove) -> Result<(), Refusal> {
        self.why_not(m).map_err(|why| Refusal::new(why.sentence()))
    }

    fn apply(&mut self, m: &SolMove) {
        match *m {
            SolMove::Move { from, count, to } => {
                let (s, d) = (self.index_of(from), self.index_of(to));
                let mut src = std::mem::take(&mut self.piles[s]);
                let keep = src.len().saturating_sub(usize::from(count));
                self.piles[d].extend_from_slice(&src[keep..]);
                src.truncate(keep);
                self.piles[s] = src;
                self.settle_after_move(from, to);
                return;
            }
            SolMove::Deal(s) => self.deal_from(usize::from(s)),
            SolMove::Recycle => {
                for w in 0..self.fed_wastes() {
                    // The waste keeps its buffer: the solver turns it over
                    // at most positions it looks at.
                    let mut waste = std::mem::take(self.pile_mut(PileKind::Waste, w));
                    let stock = self.pile_mut(PileKind::Stock, w);
                    stock.extend(waste.drain(..).rev().map(|s| Slot { face_up: false, ..s }));
                    *self.pile_mut(PileKind::Waste, w) = waste;
                }
                self.recycles += 1;
            }
            SolMove::Pair(a, b) => {
                for p in [a, b] {
                    if let Some(slot) = self.take_top(p) {
                        self.put(PileId::new(PileKind::Foundation, 0), slot.card);
                    }
                }
            }
            SolMove::Remove(p) => {
                if let Some(slot) = self.take_top(p) {
                    self.put(PileId::new(PileKind::Foundation, 0), slot.card);
                }
            }
        }
        self.settle();
    }

    fn status(&self) -> Status {
        if self.is_won() {
            Status::Won
        } else if self.has_legal_move() {
            Status::Playing
        } else {
            Status::Lost
        }
    }

    fn score(&self) -> i64 {
        self.cards_on_foundations() as i64
    }

    /// CompleteSequences runs go to an empty foundation (unless AutoRemove
    /// is off); with AutoPlay, every card that can go to a foundation goes
    /// there; with the player's auto-play, every card no winning line needs
    /// where it lies (the solver's safe lay-offs: one judgement for the
    /// table and the search, so auto-play never makes a deal lost).
    fn auto_move(&self) -> Option<SolMove> {
        let ok = |m: SolMove| self.why_not(&m).is_ok().then_some(m);
        if self.rules.foundation.complete_sequences
            && self.rules.foundation.auto_remove
            && let Some(to) = self.ids(PileKind::Foundation).find(|&f| self.at(f).is_empty())
            && let Some(run) = self.ids(PileKind::Tableau).find_map(|from| ok(SolMove::Move { from, count: 13, to }))
        {
            return Some(run);
        }
        if !self.rules.auto_play {
            return if self.rules.safe_auto_play { super::solver::safe_lay_off(self) } else { None };
        }
        if self.rules.addition > 0 {
            return [PileKind::Waste, PileKind::Tableau]
                .into_iter()
                .flat_map(|k| self.ids(k))
                .find_map(|p| ok(SolMove::Remove(p)));
        }
        [PileKind::Waste, PileKind::Tableau, PileKind::Reserve]
            .into_iter()
            .flat_map(|k| self.ids(k))
            .find_map(|from| self.ids(PileKind::Foundation).find_map(|to| ok(SolMove::Move { from, count: 1, to })))
    }
}

/// A game type played in one mode: deals [`Solitaire`] states.
///
/// Options: `easy` or `hard`, optionally followed by `,ms` for games that can
/// take Microsoft FreeCell deals (the seed is then the deal number, modulo
/// 2^32).
#[derive(Clone, Debug)]
pub struct SolitaireVariant {
    id: String,
    content_hash: u64,
    easy: Arc<Rules>,
    hard: Arc<Rules>,
    mode: Mode,
    microsoft: bool,
}

impl SolitaireVariant {
    /// A variant from its id (the game type's folder name), the hash of its
    /// game.ini bytes and its rules for each mode. The rules are validated.
    pub fn new(id: impl Into<String>, content_hash: u64, easy: Rules, hard: Rules) -> Result<Self, String> {
        easy.validate().map_err(|e| format!("Easy mode: {e}"))?;
        hard.validate().map_err(|e| format!("Hard mode: {e}"))?;
        Ok(SolitaireVariant {
            id: id.into(),
            content_hash,
            easy: Arc::new(easy),
            hard: Arc::new(hard),
            mode: Mode::Easy,
            microsoft: false,
        })
    }

    /// The variant of a game type: `id` is its folder's name, the content
    /// hash is the game.ini's (`spec.hash`), the rules are the spec's for
    /// each mode.
    pub fn from_spec(id: impl Into<String>, spec: &GameSpec) -> Result<Self, String> {
        let easy = Rules::from_spec(spec, Mode::Easy).map_err(|e| format!("Easy mode: {e}"))?;
        let hard = Rules::from_spec(spec, Mode::Hard).map_err(|e| format!("Hard mode: {e}"))?;
        SolitaireVariant::new(id, spec.hash, easy, hard)
    }

    /// The mode in force.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the seed is a Microsoft FreeCell deal number.
    pub fn microsoft(&self) -> bool {
        self.microsoft
    }

    /// The rules in force.
    pub fn rules(&self) -> &Arc<Rules> {
        self.rules_of(self.mode)
    }

    /// The rules of `mode`, in force or not.
    pub fn rules_of(&self, mode: Mode) -> &Arc<Rules> {
        match mode {
            Mode::Easy => &self.easy,
            Mode::Hard => &self.hard,
        }
    }

    /// What menus call `mode`: its section's Name, else Easy or Hard.
    pub fn mode_name(&self, mode: Mode) -> String {
        self.rules_of(mode).mode_name.clone().unwrap_or_else(|| match mode {
            Mode::Easy => "Easy".into(),
            Mode::Hard => "Hard".into(),
        })
    }

    /// Whether Easy and Hard play differently (their names aside).
    pub fn modes_differ(&self) -> bool {
        let nameless = |r: &Rules| Rules { mode_name: None, ..r.clone() };
        nameless(&self.easy) != nameless(&self.hard)
    }

    /// Whether the rules in force can take Microsoft FreeCell deals.
    pub fn takes_microsoft_deals(&self) -> bool {
        deal::microsoft_fits(self.rules()).is_ok()
    }
}

impl Variant for SolitaireVariant {
    type Game = Solitaire;

    fn id(&self) -> &str {
        &self.id
    }

    fn content_hash(&self) -> u64 {
        self.content_hash
    }

    fn options(&self) -> String {
        let mode = self.mode.name();
        if self.microsoft { format!("{mode},ms") } else { mode.to_string() }
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        let mut v = SolitaireVariant { mode: Mode::Easy, microsoft: false, ..self.clone() };
        let words: Vec<&str> = options.split(',').map(str::trim).filter(|w| !w.is_empty()).collect();
        for word in words {
            if let Some(mode) = Mode::parse(word) {
                v.mode = mode;
            } else if word.eq_ignore_ascii_case("ms") {
                v.microsoft = true;
            } else {
                return Err(format!("{word:?} is not an option of {}: use easy or hard, and ms", self.id));
            }
        }
        if v.microsoft {
            deal::microsoft_fits(v.rules()).map_err(|e| format!("{} cannot take Microsoft deals: {e}", self.id))?;
        }
        Ok(v)
    }

    fn deal(&self, seed: u64) -> Solitaire {
        if self.microsoft {
            deal::deal_microsoft(self.rules(), seed as u32)
                .expect("with_options accepts ms only for rules that take Microsoft deals")
        } else {
            deal::deal(self.rules(), seed)
        }
    }
}

/// A position built by hand: `piles` gives cards for some piles (`T3`,
/// `F1`...), bottom first, face-down ones in parentheses; the rest are empty.
#[cfg(test)]
pub(crate) fn position(rules: Rules, piles: &[(&str, &str)]) -> Solitaire {
    let mut state = Solitaire::empty(Arc::new(rules));
    for (pile, cards) in piles {
        let id = PileId::parse(pile).unwrap();
        for word in cards.split_whitespace() {
            let face_up = !word.starts_with('(');
            let card = Card::parse(word.trim_matches(['(', ')'])).unwrap();
            state.pile_mut(id.kind, id.index()).push(Slot { card, face_up });
        }
    }
    if let super::rules::FoundationStart::Rank(r) = state.rules.foundation.start {
        state.start = r;
    }
    state.settle();
    state
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::super::deal::print_position;
    use super::super::rules::examples::{self, *};
    use super::super::rules::{DealtCard, ReserveRules, StockRules, TableauRules};
    use super::*;
    use crate::core::Session;

    fn mv(s: &Solitaire, text: &str) -> SolMove {
        s.parse_move(text).unwrap()
    }

    fn refusal(s: &Solitaire, text: &str) -> String {
        s.check(&mv(s, text)).expect_err(text).reason().to_string()
    }

    fn play(s: &mut Solitaire, text: &str) {
        let m = mv(s, text);
        s.check(&m).unwrap_or_else(|r| panic!("{text}: {r}"));
        s.apply(&m);
    }

    fn cards(s: &Solitaire, pile: &str) -> String {
        let id = PileId::parse(pile).unwrap();
        let words: Vec<String> = s
            .pile(id.kind, id.index())
            .iter()
            .map(|slot| if slot.face_up { slot.card.to_string() } else { format!("({})", slot.card) })
            .collect();
        words.join(" ")
    }

    fn variant(rules: Rules) -> SolitaireVariant {
        SolitaireVariant::new("test", 0, rules.clone(), rules).unwrap()
    }

    /// A move names the one pile it puts cards on, which a hint frames: a
    /// deal its waste, none where it deals across the tableau or only
    /// takes cards away.
    #[test]
    fn a_move_names_the_pile_its_cards_go_to() {
        let klondike = variant(klondike()).deal(1);
        assert_eq!(klondike.destination(&mv(&klondike, "T1>F1")), Some(PileId::new(PileKind::Foundation, 0)));
        assert_eq!(klondike.destination(&SolMove::Deal(0)), Some(PileId::new(PileKind::Waste, 0)));
        assert_eq!(klondike.destination(&SolMove::Recycle), None);
        let spider = variant(spider_one_suit()).deal(1);
        assert_eq!(spider.destination(&SolMove::Deal(0)), None);
        let pyramid = variant(pyramid()).deal(1);
        let (a, b) = (PileId::new(PileKind::Tableau, 27), PileId::new(PileKind::Tableau, 26));
        assert_eq!(pyramid.destination(&SolMove::Pair(a, b)), None);
    }

    /// Spider deals only with every column filled, unless the cards left
    /// on the table are too few to fill them all.
    #[test]
    fn a_gap_blocks_a_deal_only_where_the_table_could_fill_it() {
        let stock = ("S1", "(KS) (QS) (JS) (TS) (9S) (8S) (7S) (6S) (5S) (4S)");
        let columns = ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9"];
        let mut nine: Vec<(&str, &str)> = columns.iter().map(|&t| (t, "2S")).collect();
        nine.push(stock);
        let too_few = position(spider_one_suit(), &nine);
        assert!(too_few.check(&SolMove::Deal(0)).is_ok(), "nine cards cannot fill ten columns");
        nine[0] = ("T1", "3S 2S");
        let gap = position(spider_one_suit(), &nine);
        assert_eq!(
            gap.check(&SolMove::Deal(0)).unwrap_err().reason(),
            "Every empty tableau pile must be filled before dealing."
        );
        nine.push(("T10", "4S"));
        assert!(position(spider_one_suit(), &nine).check(&SolMove::Deal(0)).is_ok(), "no gap");
    }

    #[test]
    fn tableau_builds_follow_sequence_colour_and_suit_checks() {
        let s = position(klondike(), &[("T1", "8C"), ("T2", "7H"), ("T3", "8D"), ("T4", "9C"), ("T6", "KS")]);
        assert!(s.check(&mv(&s, "T2>T1")).is_ok());
        assert_eq!(
            refusal(&s, "T2>T3"),
            "The 7 of hearts cannot go on the 8 of diamonds: it must be the other colour."
        );
        assert_eq!(refusal(&s, "T2>T4"), "The 7 of hearts cannot go on the 9 of clubs: it must be one rank lower.");
        assert_eq!(
            refusal(&s, "T2>T5"),
            "The 7 of hearts cannot go to an empty tableau pile: only a king may fill a space."
        );
        assert!(s.check(&mv(&s, "T6>T5")).is_ok());

        let (seven, eight) = (Card::parse("7H").unwrap(), Card::parse("8H").unwrap());
        let nine_clubs = Card::parse("9C").unwrap();
        let table = [
            (Sequence::Higher, ColourCheck::Any, false, eight, seven, true),
            (Sequence::Higher, ColourCheck::Any, false, seven, eight, false),
            (Sequence::Lower, ColourCheck::Any, false, seven, eight, true),
            (Sequence::Either, ColourCheck::Any, false, eight, seven, true),
            (Sequence::Either, ColourCheck::Any, false, seven, eight, true),
            (Sequence::Either, ColourCheck::Any, false, seven, nine_clubs, false),
            (Sequence::Any, ColourCheck::Same, false, seven, eight, true),
            (Sequence::Any, ColourCheck::Same, false, seven, nine_clubs, false),
            (Sequence::Any, ColourCheck::Different, false, seven, nine_clubs, true),
            (Sequence::Any, ColourCheck::Any, true, seven, eight, true),
            (Sequence::Any, ColourCheck::Any, true, seven, nine_clubs, false),
        ];
        for (sequence, colour, suit_check, moving, onto, ok) in table {
            let mut r = klondike();
            r.tableau = TableauRules { sequence, colour, suit_check, ..r.tableau };
            let s = position(r, &[]);
            assert_eq!(s.builds_on(moving, onto), ok, "{sequence:?} {colour:?} {suit_check} {moving} on {onto}");
        }
    }

    #[test]
    fn stacks_must_be_in_order_and_of_one_suit_when_asked() {
        let s = position(klondike(), &[("T1", "(2D) 9C 8H 7S"), ("T2", "TH"), ("T3", "9D"), ("T4", "9S 8D 6C")]);
        assert_eq!(s.liftable(PileId::parse("T1").unwrap()), 3);
        assert!(s.check(&mv(&s, "T1:3>T2")).is_ok());
        assert_eq!(refusal(&s, "T1:4>T2"), "Tableau pile 1 does not have 4 face-up cards to move.");
        assert_eq!(
            refusal(&s, "T4:2>T3"),
            "The 6 of clubs is not in sequence on the 8 of diamonds: it must be one rank lower."
        );
        let spider = position(spider_one_suit(), &[("T1", "9H 8S 7S"), ("T2", "TD"), ("T3", "9C")]);
        assert_eq!(refusal(&spider, "T1:3>T2"), "A stack of several cards must be all one suit.");
        assert!(spider.check(&mv(&spider, "T1:2>T3")).is_ok());
        let yukon = position(yukon(), &[("T1", "(KD) 9C 4H QS"), ("T2", "TH")]);
        assert_eq!(yukon.liftable(PileId::parse("T1").unwrap()), 3);
        assert!(yukon.check(&mv(&yukon, "T1:3>T2")).is_ok());
    }

    #[test]
    fn check_free_counts_free_cells_and_spaces_but_not_the_destination() {
        let full = [("T6", "2C"), ("T7", "2D"), ("T8", "2S")];
        let mut piles = vec![("T1", "9C 8H 7S 6D 5C"), ("T2", "TH"), ("T3", "8D"), ("T4", "7C"), ("T5", "3C")];
        piles.extend(full);
        piles.extend([("R1", "4S"), ("R2", "4H")]);
        let s = position(freecell(), &piles);
        // Two free cells, no space: up to three cards.
        assert!(s.check(&mv(&s, "T1:2>T4")).is_ok());
        assert!(s.check(&mv(&s, "T1:3>T3")).is_ok());
        assert_eq!(
            refusal(&s, "T1:5>T2"),
            "Only 3 cards can move at once now: one, and one more for each free cell or empty pile."
        );
        // Two spaces more: five cards.
        piles.retain(|(p, _)| !["T5", "T6"].contains(p));
        let s = position(freecell(), &piles);
        assert!(s.check(&mv(&s, "T1:5>T2")).is_ok());
        // Into a space, that space does not count: 2 cells + 1 space = 4 cards.
        assert!(s.check(&mv(&s, "T1:4>T5")).is_ok());
        assert_eq!(
            refusal(&s, "T1:5>T5"),
            "Only 4 cards can move at once now: one, and one more for each free cell or empty pile."
        );
        // Single cards always move; a free cell holds one card.
        assert!(s.check(&mv(&s, "T1>R3")).is_ok());
        assert_eq!(refusal(&s, "T1>R1"), "Reserve 1 is not empty: a card moves there only when it is.");
        assert_eq!(refusal(&s, "R1:2>T5"), "Only the top card of reserve 1 can be moved.");
    }

    /// Where only a king may fill an empty pile (Seahaven Towers, Eight
    /// Off), the pile is no room for a run's cards: a run moves as far as
    /// the free cells allow. Where a game has no free cells (Beleaguered
    /// Castle), the refusal names only empty piles.
    #[test]
    fn check_free_counts_no_pile_only_a_king_may_fill() {
        let mut seahaven = freecell();
        seahaven.tableau.kings_only = true;
        let piles = [("T1", "9H 8S"), ("T2", "TS"), ("R1", "4S"), ("R2", "4H"), ("R3", "5D"), ("R4", "6C")];
        let mut filled: Vec<_> = (3..=8).map(|t| (format!("T{t}"), "2C")).collect();
        filled[4].1 = "";
        let filled: Vec<(&str, &str)> = filled.iter().map(|(p, c)| (p.as_str(), *c)).collect();
        let all: Vec<_> = piles.iter().copied().chain(filled.iter().copied()).collect();
        let s = position(seahaven.clone(), &all);
        assert_eq!(refusal(&s, "T1:2>T2"), "Only 1 card can move at once now: one, and one more for each free cell.");
        // Any card may fill the same empty pile in FreeCell: it is room.
        let s = position(freecell(), &all);
        assert!(s.check(&mv(&s, "T1:2>T2")).is_ok());
        let mut castle = freecell();
        castle.reserve = ReserveRules::default();
        let mut piles = vec![("T1", "9H 8S 7H"), ("T2", "TS")];
        piles.extend((3..=7).map(|t| (["T3", "T4", "T5", "T6", "T7"][t - 3], "2C")));
        let s = position(castle, &piles);
        assert_eq!(refusal(&s, "T1:3>T2"), "Only 2 cards can move at once now: one, and one more for each empty pile.");
    }

    #[test]
    fn kings_only_and_wrap() {
        let mut r = klondike();
        let s = position(r.clone(), &[("T1", "AC"), ("T2", "KH"), ("T3", "QD")]);
        assert_eq!(
            refusal(&s, "T2>T1"),
            "The king of hearts cannot go on the ace of clubs: it must be one rank lower."
        );
        assert_eq!(
            refusal(&s, "T3>T4"),
            "The queen of diamonds cannot go to an empty tableau pile: only a king may fill a space."
        );
        r.tableau.allow_wrap = true;
        r.tableau.kings_only = false;
        let s = position(r, &[("T1", "AC"), ("T2", "KH"), ("T3", "QD")]);
        assert!(s.check(&mv(&s, "T2>T1")).is_ok());
        assert!(s.check(&mv(&s, "T3>T4")).is_ok());
    }

    #[test]
    fn foundations_build_from_the_start_rank() {
        let s = position(klondike(), &[("T1", "2H"), ("T2", "AH"), ("T3", "3H"), ("F2", "AS 2S"), ("T4", "3C")]);
        assert_eq!(refusal(&s, "T1>F1"), "The 2 of hearts cannot start a foundation: foundations start with an ace.");
        assert!(s.check(&mv(&s, "T2>F1")).is_ok());
        assert!(s.check(&mv(&s, "T2>F3")).is_ok());
        assert_eq!(refusal(&s, "T4>F2"), "The 3 of clubs cannot go on the 2 of spades: it must be the same suit.");
        assert_eq!(refusal(&s, "F2>T3"), "Cards cannot be taken from a foundation.");
        let mut r = klondike();
        r.foundation.take_back = true;
        let s = position(r, &[("T3", "3H"), ("F2", "AS 2S")]);
        assert!(s.check(&mv(&s, "F2>T3")).is_ok());
        assert_eq!(refusal(&s, "F2>F1"), "A card from a foundation can only go back to the tableau.");
        // Canfield: the start rank comes from the deal, and wraps.
        let mut s = position(canfield(), &[("F1", "JH QH KH"), ("T1", "AH")]);
        s.set_start(Rank::new(11).unwrap());
        assert!(s.check(&mv(&s, "T1>F1")).is_ok());
        let golf = position(golf(), &[("F1", "7S"), ("T1", "8D"), ("T2", "6C"), ("T3", "9H")]);
        assert!(golf.check(&mv(&golf, "T1>F1")).is_ok() && golf.check(&mv(&golf, "T2>F1")).is_ok());
        assert_eq!(
            refusal(&golf, "T3>F1"),
            "The 9 of hearts cannot go on the 7 of spades: it must be one rank higher or lower."
        );
        assert_eq!(refusal(&golf, "T1>T2"), "Cards cannot be put on tableau pile 2.");
        // No pile takes two cards at once: a stack is never lifted.
        let stacked = position(self::golf(), &[("T1", "8D 9H 4C")]);
        let t1 = PileId::parse("T1").unwrap();
        assert_eq!(stacked.liftable(t1), 1);
        let why = stacked.lift_refusal(t1, 2).map(|r| r.reason().to_string());
        assert_eq!(why.as_deref(), Some("Only the top card of tableau pile 1 can be moved."));
    }

    #[test]
    fn the_stock_deals_recycles_and_counts_redeals() {
        let mut r = klondike();
        r.stock.deal_count = 3;
        r.stock.redeals = Some(1);
        let mut s = position(r, &[("S1", "(2C) (3C) (4C) (5C)")]);
        assert_eq!(refusal(&s, "R"), "The waste can be turned over only when the stock is empty.");
        play(&mut s, "S1");
        assert_eq!(cards(&s, "W1"), "5C 4C 3C");
        play(&mut s, "S1");
        assert_eq!(cards(&s, "W1"), "5C 4C 3C 2C");
        // The only waste is named as the player sees it, not "waste 1".
        assert_eq!(refusal(&s, "W1:2>T1"), "Only the top card of the waste can be moved.");
        assert_eq!(refusal(&s, "S1"), "The stock is empty.");
        assert!(s.can_recycle() && !s.can_deal(0));
        play(&mut s, "R");
        assert_eq!(cards(&s, "S1"), "(2C) (3C) (4C) (5C)");
        assert_eq!((s.recycles(), s.redeals_left()), (1, Some(0)));
        play(&mut s, "S1");
        play(&mut s, "S1");
        assert_eq!(refusal(&s, "R"), "No more redeals: the waste may be turned over only once.");
        assert!(s.redeals_used_up());
        assert_eq!(refusal(&s, "W1>W1"), "The cards are already on that pile.");
        assert_eq!(refusal(&s, "T1>W1"), "Tableau pile 1 is empty.");
        assert_eq!(refusal(&s, "S1>T1"), "Cards are dealt from the stock, not moved from it.");
        assert_eq!(refusal(&s, "S2"), "There is no stock 2.");
        // Nothing left to do: the game is lost.
        assert_eq!(s.status(), Status::Lost);
        let hidden = Rules { stock: StockRules { visible: false, ..klondike().stock }, ..klondike() };
        let s = position(hidden, &[("S1", "(AC)")]);
        assert_eq!(refusal(&s, "S1"), "The stock cannot be dealt from in this game.");
    }

    #[test]
    fn dealing_to_the_tableau_needs_no_gaps_when_asked() {
        let mut piles: Vec<(String, String)> = (3..=10).map(|t| (format!("T{t}"), "5S".to_string())).collect();
        piles.push(("T2".into(), "6S 5S".into()));
        piles.push(("S1".into(), (0..12).map(|_| "(9S)").collect::<Vec<_>>().join(" ")));
        let view: Vec<(&str, &str)> = piles.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let mut s = position(spider_one_suit(), &view);
        assert_eq!(refusal(&s, "S1"), "Every empty tableau pile must be filled before dealing.");
        play(&mut s, "T2>T1");
        play(&mut s, "S1");
        assert_eq!(cards(&s, "T1"), "5S 9S");
        assert_eq!(cards(&s, "T2"), "6S 9S");
        assert_eq!(cards(&s, "T10"), "5S 9S");
        assert_eq!(s.pile(PileKind::Stock, 0).len(), 2);
        // Scorpion deals its last cards to the first three piles only.
        let mut s = position(scorpion(), &[("S1", "(2C) (3C) (4C)"), ("T4", "9D")]);
        play(&mut s, "S1");
        assert_eq!([cards(&s, "T1"), cards(&s, "T3"), cards(&s, "T4")], ["4C", "2C", "9D"]);
    }

    #[test]
    fn complete_sequences_go_to_a_foundation_by_themselves() {
        let run = "(5S) KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S";
        let mut s =
            position(spider_one_suit(), &[("T1", run), ("T2", "AS"), ("F1", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS")]);
        assert_eq!(s.auto_move(), None);
        assert_eq!(
            refusal(&s, "T1:12>F2"),
            "Only a complete run of thirteen cards in one suit can go to a foundation."
        );
        play(&mut s, "T2>T1");
        let auto = s.auto_move().unwrap();
        assert_eq!(s.move_text(&auto), "T1:13>F2");
        s.apply(&auto);
        assert_eq!(cards(&s, "T1"), "5S");
        assert_eq!(s.score(), 26);
        assert_eq!(s.auto_move(), None);
    }

    #[test]
    fn move_texts_read_back_as_the_same_moves() {
        let s = position(spider_one_suit(), &[]);
        let pile = |kind, index| PileId::new(kind, index);
        assert_eq!(pile(PileKind::Tableau, 9).to_string(), "T10");
        assert_eq!(pile(PileKind::Reserve, 254).to_string(), "R255");
        for (from, count, to, text) in [
            (pile(PileKind::Tableau, 0), 1, pile(PileKind::Foundation, 7), "T1>F8"),
            (pile(PileKind::Tableau, 9), 10, pile(PileKind::Tableau, 11), "T10:10>T12"),
            (pile(PileKind::Reserve, 99), 255, pile(PileKind::Waste, 254), "R100:255>W255"),
        ] {
            let m = SolMove::Move { from, count, to };
            assert_eq!(s.move_text(&m), text);
            assert_eq!(s.parse_move(text), Ok(m));
        }
    }

    /// Hints name the cards as a player finds them on the table, short
    /// enough for the Amiga's status line.
    #[test]
    fn moves_in_words_name_the_cards() {
        let s = position(freecell(), &[("T1", "9H 8C 7H"), ("T2", "TC"), ("T3", "AS"), ("T4", "KD")]);
        let said = |text: &str| s.describe_move(&mv(&s, text));
        // A reserve pile that holds one card is named as the game calls
        // it; Canfield's reserve, which takes no card, stays a reserve.
        assert_eq!(said("T1>R1"), "7♥ to free cell 1");
        assert_eq!(canfield().pile_noun(PileKind::Reserve), "reserve");
        assert_eq!(said("T1:3>T2"), "9♥ and 2 more onto 10♣");
        assert_eq!(said("T3>F1"), "A♠ to a foundation");
        assert_eq!(said("T4>T5"), "K♦ to empty pile 5");
        let s = position(klondike(), &[("S1", "(AC)")]);
        assert_eq!(s.describe_move(&SolMove::Deal(0)), "deal from the stock");
        assert_eq!(s.describe_move(&SolMove::Recycle), "turn the waste over");
        let s = position(pyramid(), &[("T1", "KD"), ("W1", "6S"), ("T7", "7D")]);
        assert_eq!(s.describe_move(&mv(&s, "W1+T7")), "6♠ with 7♦");
        assert_eq!(s.describe_move(&mv(&s, "T1")), "K♦ alone");
    }

    #[test]
    fn addition_pairs_respect_covering() {
        let s = position(pyramid(), &[("T1", "5H"), ("T2", "8C"), ("T3", "KD"), ("W1", "6S"), ("T7", "8D")]);
        assert!(s.is_covered(0) && !s.is_covered(1) && !s.is_covered(2));
        assert!(s.check(&mv(&s, "T3")).is_ok());
        assert_eq!(refusal(&s, "T1+T2"), "Tableau pile 1 is still covered.");
        assert_eq!(refusal(&s, "T1+W1"), "Tableau pile 1 is still covered.");
        assert_eq!(refusal(&s, "W1+T7"), "The 6 of spades and the 8 of diamonds add up to 14, not 13.");
        let mut s = s;
        play(&mut s, "T3");
        // Tableau 1 is covered only by tableau 2's single card: they pair.
        assert!(s.check(&mv(&s, "T1+T2")).is_ok());
        assert_eq!(refusal(&s, "T2>T3"), "In this game cards are not moved: remove cards that add up to 13.");
        assert_eq!(refusal(&s, "W1"), "The 6 of spades cannot be removed alone: only cards worth 13 can.");
        let moves: Vec<String> = s.legal_moves().iter().map(|m| s.move_text(m)).collect();
        assert_eq!(moves, ["T1+T2", "R"]);
        play(&mut s, "T1+T2");
        assert_eq!(cards(&s, "F1"), "KD 5H 8C");
        let not_addition = position(klondike(), &[("T1", "5H"), ("T2", "8C")]);
        assert_eq!(refusal(&not_addition, "T1+T2"), "Cards are removed in pairs only in addition games.");
    }

    #[test]
    fn auto_play_lays_off_everything_it_can() {
        let s = position(the_chance(), &[("T1", "AH"), ("T2", "2H"), ("W1", "AS")]);
        let texts: Vec<String> = {
            let mut s = s.clone();
            let mut out = Vec::new();
            while let Some(m) = s.auto_move() {
                out.push(s.move_text(&m));
                s.apply(&m);
            }
            out
        };
        assert_eq!(texts, ["W1>F1", "T1>F2", "T2>F2"]);
        // After a deal no card that could go up is left where it was.
        let mut session = Session::new(variant(the_chance()), 5);
        for _ in 0..20 {
            assert_eq!(session.state().auto_move(), None);
            let m = session.state().legal_moves()[0];
            session.play(&m).unwrap();
        }
    }

    #[test]
    fn discard_needs_a_higher_card_of_the_suit() {
        let s = position(aces_up(), &[("T1", "5H"), ("T2", "9H"), ("T3", "AS"), ("T4", "KS")]);
        assert!(s.check(&mv(&s, "T1>F1")).is_ok());
        assert!(s.check(&mv(&s, "T4>F1")).is_ok());
        assert_eq!(
            refusal(&s, "T2>F1"),
            "The 9 of hearts cannot be discarded: no other tableau pile shows a higher heart."
        );
        assert_eq!(
            refusal(&s, "T3>F1"),
            "The ace of spades cannot be discarded: no other tableau pile shows a higher spade."
        );
        assert_eq!(refusal(&s, "T1>T2"), "Tableau pile 2 is not empty: a card moves there only when it is.");
        let mut s = s;
        play(&mut s, "T1>F1");
        assert!(s.check(&mv(&s, "T2>T1")).is_ok());
        let won = position(aces_up(), &[("T1", "AH"), ("T2", "AS"), ("T3", "AD"), ("T4", "AC"), ("F1", "2C")]);
        assert_eq!(won.status(), Status::Won);
        let not_yet = position(aces_up(), &[("T1", "AH KH"), ("T2", "AS")]);
        assert_eq!(not_yet.status(), Status::Playing);
    }

    #[test]
    fn kings_go_to_the_bottom_after_the_deal() {
        let mut plain = bakers_dozen();
        plain.kings_to_bottom = false;
        let (with, without) = (variant(bakers_dozen()).deal(3), variant(plain).deal(3));
        let king = |s: &Slot| s.card.rank == Rank::KING;
        let mut kings_seen = 0;
        for t in 0..13 {
            let (a, b) = (with.pile(PileKind::Tableau, t), without.pile(PileKind::Tableau, t));
            let kings = a.iter().take_while(|s| king(s)).count();
            kings_seen += kings;
            assert!(a[kings..].iter().all(|s| !king(s)), "pile {t}");
            let expect: Vec<&Slot> = b.iter().filter(|s| king(s)).chain(b.iter().filter(|s| !king(s))).collect();
            assert_eq!(a.iter().collect::<Vec<_>>(), expect);
        }
        assert_eq!(kings_seen, 4);
        assert_eq!(refusal(&with, "T1>T1"), "The cards are already on that pile.");
        let s = position(bakers_dozen(), &[("T1", "5H"), ("T2", "9H 8C")]);
        assert_eq!(refusal(&s, "T2>T3"), "Empty tableau piles cannot be filled in this game.");
        assert_eq!(refusal(&s, "T2:2>T1"), "At most 1 card may be moved at once.");
    }

    #[test]
    fn empty_tableau_piles_fill_from_the_reserve() {
        let piles = [("R1", "(3C) (4D) (9S)"), ("T1", "8H"), ("T2", "7C"), ("T3", "2S"), ("T4", "2H"), ("F1", "5D")];
        let mut s = position(canfield(), &piles);
        assert_eq!(cards(&s, "R1"), "(3C) (4D) 9S");
        assert_eq!(refusal(&s, "T1>R1"), "Cards cannot be put on the reserve.");
        play(&mut s, "T2>T1");
        assert_eq!(cards(&s, "T2"), "9S");
        assert_eq!(cards(&s, "R1"), "(3C) 4D");
        assert_eq!(cards(&s, "T3"), "2S");
    }

    #[test]
    fn specific_dealt_cards_land_where_asked_and_the_rest_stay_in_the_stock() {
        let ace = Card::parse("AS").unwrap();
        let king = Card::parse("KH").unwrap();
        let mut r = klondike();
        r.deal = vec![
            DealtCard { pile: PileKind::Foundation, index: 2, face_up: true, card: Some(ace) },
            one(PileKind::Tableau, 0, true),
            DealtCard { pile: PileKind::Tableau, index: 3, face_up: false, card: Some(king) },
            one(PileKind::Waste, 0, true),
            one(PileKind::Tableau, 3, true),
        ];
        let s = variant(r).deal(11);
        assert_eq!(cards(&s, "F3"), "AS");
        let shuffled = crate::cards::deal::shuffled(1, 11);
        let rest: Vec<Card> = shuffled.into_iter().filter(|&c| c != ace && c != king).collect();
        assert_eq!(cards(&s, "T1"), rest[0].to_string());
        assert_eq!(cards(&s, "W1"), rest[1].to_string());
        assert_eq!(cards(&s, "T4"), format!("(KH) {}", rest[2]));
        let stock: Vec<Card> = s.pile(PileKind::Stock, 0).iter().rev().map(|slot| slot.card).collect();
        assert_eq!(stock, rest[3..]);
        assert!(s.pile(PileKind::Stock, 0).iter().all(|slot| !slot.face_up));
    }

    #[test]
    fn suits_shape_the_pack() {
        let s = variant(spider_one_suit()).deal(4);
        let mut all: Vec<Card> = s.piles().flat_map(|(_, p)| p.iter().map(|slot| slot.card)).collect();
        assert_eq!(all.len(), 104);
        assert!(all.iter().all(|c| c.suit == Suit::Spades));
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 13);
        assert_eq!(s.pile(PileKind::Tableau, 0).iter().filter(|slot| slot.face_up).count(), 1);
    }

    #[test]
    fn microsoft_deal_one_through_freecell_rules() {
        let v = variant(freecell()).with_options("easy,ms").unwrap();
        assert_eq!(v.options(), "easy,ms");
        let s = v.deal(1);
        let first_row: Vec<String> = (0..8).map(|t| s.pile(PileKind::Tableau, t)[0].card.to_string()).collect();
        assert_eq!(first_row, ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]);
        assert_eq!(cards(&s, "T1"), "JD KD 2S 4C 3S 6D 6S");
        assert!(variant(klondike()).with_options("ms").unwrap_err().contains("eight tableau piles"));
        assert!(variant(klondike()).with_options("medium").is_err());
        assert_eq!(variant(klondike()).with_options("HARD").unwrap().options(), "hard");
    }

    /// Every move text the engine could read, for the enumeration check.
    fn every_move(s: &Solitaire) -> Vec<SolMove> {
        let ids: Vec<PileId> =
            PileKind::ALL.into_iter().flat_map(|k| s.ids(k)).chain([PileId::new(PileKind::Tableau, 99)]).collect();
        let tallest = s.piles().map(|(_, p)| p.len()).max().unwrap_or(0) as u8;
        let mut out = vec![SolMove::Recycle, SolMove::Deal(0), SolMove::Deal(1)];
        for &a in &ids {
            out.push(SolMove::Remove(a));
            for &b in &ids {
                out.push(SolMove::Pair(a, b));
                for count in 1..=tallest + 1 {
                    out.push(SolMove::Move { from: a, count, to: b });
                }
            }
        }
        out
    }

    #[test]
    fn the_fit_table_says_what_the_build_rules_say() {
        for (name, mut rules) in examples::all() {
            for wrap in [false, true] {
                rules.tableau.allow_wrap = wrap;
                let fits = Fits::of(&rules);
                for moving in Card::deck() {
                    for onto in Card::deck() {
                        let rule = tableau_fit(&rules, moving, onto).is_ok();
                        assert_eq!(fits.get(moving, onto), rule, "{name}, wrap {wrap}: {moving:?} on {onto:?}");
                        let alike = Card::deck().iter().all(|&c| fits.get(c, moving) == fits.get(c, onto));
                        assert_eq!(fits.alike(moving, onto), alike, "{name}, wrap {wrap}: {moving:?} like {onto:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn legal_moves_are_exactly_the_accepted_ones_and_their_texts_round_trip() {
        let mut rng = crate::core::GameRng::new(99);
        for (name, rules) in examples::all() {
            for seed in 0..3 {
                let mut s = variant(rules.clone()).deal(seed);
                for _ in 0..30 {
                    let legal = s.legal_moves();
                    for m in &legal {
                        let text = s.move_text(m);
                        assert_eq!(s.parse_move(&text), Ok(*m), "{name}: {text}");
                        assert_eq!(s.parse_move(&text.to_lowercase()), Ok(*m), "{name}: {text}");
                    }
                    let accepted: Vec<SolMove> = every_move(&s).into_iter().filter(|m| s.check(m).is_ok()).collect();
                    for m in every_move(&s) {
                        if let SolMove::Move { from, count, to } = m {
                            let ok = accepted.contains(&m);
                            assert_eq!(s.accepts(from, count.into(), to), ok, "{name}: {}", s.move_text(&m));
                        }
                    }
                    // A pair is the same move either way round; legal_moves lists it once.
                    let text = |m: &SolMove| match *m {
                        SolMove::Pair(a, b) if b < a => s.move_text(&SolMove::Pair(b, a)),
                        _ => s.move_text(m),
                    };
                    let mut a = accepted.iter().map(text).collect::<Vec<_>>();
                    let mut b = legal.iter().map(text).collect::<Vec<_>>();
                    a.sort();
                    a.dedup();
                    b.sort();
                    assert_eq!(a, b, "{name} seed {seed}\n{}", print_position(&s));
                    assert_eq!(s.has_legal_move(), !legal.is_empty());
                    if legal.is_empty() {
                        break;
                    }
                    s.apply(&legal[rng.below(legal.len() as u32) as usize]);
                }
            }
        }
    }

    #[test]
    fn bad_move_texts_are_explained() {
        let s = variant(klondike()).deal(1);
        assert!(s.parse_move("X3>F1").unwrap_err().contains("is not a pile"));
        assert!(s.parse_move("T0>F1").unwrap_err().contains("from 1 to 255"));
        assert!(s.parse_move("T3:0>F1").unwrap_err().contains("not a number of cards"));
        assert!(s.parse_move("hello").unwrap_err().contains("a move is like"));
        assert_eq!(
            s.parse_move(" t3 : 2 > t7 "),
            Ok(SolMove::Move {
                from: PileId::new(PileKind::Tableau, 2),
                count: 2,
                to: PileId::new(PileKind::Tableau, 6)
            })
        );
        assert_eq!(s.parse_move("r"), Ok(SolMove::Recycle));
        assert_eq!(s.parse_move("S1"), Ok(SolMove::Deal(0)));
    }

    fn census(s: &Solitaire) -> HashMap<Card, usize> {
        let mut count = HashMap::new();
        for (_, pile) in s.piles() {
            for slot in pile {
                *count.entry(slot.card).or_insert(0) += 1;
            }
        }
        count
    }

    /// A stock counts its deals as it deals them: Spider's by rounds
    /// across the ten columns, a last short round counted; a stock dealing
    /// three by threes; Golf's card by card.
    #[test]
    fn a_stock_counts_the_deals_it_has_left() {
        let deals_after = |rules: Rules, seed: u64, deals: usize| {
            let mut session = Session::new(variant(rules), seed);
            let before = session.state().deals_left(0);
            for _ in 0..deals {
                session.play(&SolMove::Deal(0)).unwrap();
            }
            (before, session.state().deals_left(0), session.state().pile(PileKind::Stock, 0).len())
        };
        assert_eq!(deals_after(spider_one_suit(), 1, 1), (5, 4, 40));
        assert_eq!(deals_after(the_chance(), 1, 7), (8, 1, 3));
        assert_eq!(deals_after(golf(), 1, 3), (16, 13, 13));
        let mut short = spider_one_suit();
        short.stock.deal_piles = Some(3);
        assert_eq!(deals_after(short, 1, 16), (17, 1, 2));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Cards are never created or lost, and undo restores every state.
        #[test]
        fn random_play_keeps_the_cards_and_undoes(game in 0..11usize, seed in 0..1000u64, picks in prop::collection::vec(any::<u16>(), 0..80)) {
            let (_, rules) = examples::all().swap_remove(game);
            let mut session = Session::new(variant(rules), seed);
            let cards = census(session.state());
            prop_assert_eq!(cards.values().sum::<usize>(), session.state().rules().pack_size());
            let mut states = vec![session.state().clone()];
            for pick in picks {
                let legal = session.state().legal_moves();
                if legal.is_empty() {
                    break;
                }
                session.play(&legal[pick as usize % legal.len()]).unwrap();
                prop_assert_eq!(census(session.state()), cards.clone());
                states.push(session.state().clone());
            }
            while let Some(state) = states.pop() {
                prop_assert_eq!(session.state(), &state);
                session.undo();
            }
            prop_assert!(!session.can_undo());
        }
    }
}
