//! The compact form of positions in open games: one deck, every card face
//! up, no stock, free cells and tableau piles, foundations built up in
//! suit from the ace (FreeCell, Baker's Game, Seahaven Towers, Eight Off,
//! Baker's Dozen, Beleaguered Castle in Hard mode, and any game.ini of
//! that shape).
//!
//! The rules are compiled once per solve into bit tables, and a position
//! is a few hundred bytes: each tableau pile's cards at a place of its own
//! with room for the most it can ever hold, each pile's height, the free
//! cells and the foundations' top cards, and what the key and the score
//! need, kept up to date as cards move. Copying one is a single copy, and
//! moving cards touches only them. The moves, lay-offs, key and score
//! below make the same choices as the engine and [`moves`](super::moves)
//! make on the same position, in the same order, so a search expands the same
//! positions either way, only several times as fast. The steps name the
//! engine's piles, so a line found here replays through the engine.
//!
//! Cards are codes: rank value times four plus the suit's number (4 to
//! 55, so 0 is no card).

use crate::cards::Rank;
use crate::solitaire::engine::{PileId, SolMove, Solitaire};
use crate::solitaire::rules::{Build, DealTo, PileKind, Sequence, WinWhen};

use super::key::{Key, code};
use super::moves::{SIDEWAYS, Step};
use super::position::Position;
use super::score::{Features, PerFeature, Weights, suits_kept_apart};

/// The most tableau piles and free cells a compiled game may have.
const MAX_TABLEAU: usize = 16;
const MAX_CELLS: usize = 8;
/// The cards of one deck.
const CARDS: usize = 52;
/// Room for the tableau piles' cards, each pile at a place of its own: a
/// game whose piles need more is left to the engine's form.
const ROOM: usize = 256;
/// No card (codes start at 4, the ace of clubs).
const NO_CARD: u8 = 0;

fn rank(code: u8) -> u8 {
    code / 4
}

fn suit(code: u8) -> u8 {
    code % 4
}

fn bit(code: u8) -> u64 {
    1 << code
}

/// A random number for each card (first index) lying on each card or, as
/// on [`NO_CARD`], at the bottom of a tableau pile, [`IN_CELL`] or
/// [`ON_TOP`] (second): see [`Open::key`]. Made at compile time by
/// SplitMix64 from a fixed seed.
static ON: [[u128; 64]; 64] = {
    let mut out = [[0; 64]; 64];
    let mut state: u64 = 0x0123_4567_89ab_cdef;
    let mut i = 0;
    while i < 64 * 64 {
        let mut half = 0;
        let mut word: u128 = 0;
        while half < 2 {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            word = (word << 64) | (z ^ (z >> 31)) as u128;
            half += 1;
        }
        out[i / 64][i % 64] = word;
        i += 1;
    }
    out
};

/// Where a card lies, for [`ON`], when not in the tableau: in a free cell,
/// or on top of its foundation. Card codes start at 4, so these are no
/// card's.
const IN_CELL: u8 = 1;
const ON_TOP: u8 = 2;

/// The random number for `card` lying on `below` (or at the bottom).
fn on(card: u8, below: u8) -> Key {
    ON[usize::from(card)][usize::from(below)]
}

/// The rules of the game, compiled to what the moves ask.
#[derive(Debug)]
struct Compiled {
    tableau: usize,
    cells: usize,
    /// Cards each tableau pile has room for: pile `t`'s cards lie from
    /// `t * stride` up.
    stride: usize,
    /// By moving card: the cards it may lie on in the tableau.
    onto: [u64; 64],
    /// By card: the cards that may lie on it.
    under: [u64; 64],
    /// CheckInOrder and StackSuitCheck for runs; MaxMove.
    in_order: bool,
    stack_suit: bool,
    /// How many times a card built in suit weighs (see
    /// [`Weights::with_runs_of`]).
    suits_kept_apart: usize,
    max_move: usize,
    check_free: bool,
    kings_only: bool,
    fill_empty: bool,
    /// Whether empty tableau piles are CheckFree's room
    /// ([`TableauRules::spaces_are_room`](crate::solitaire::rules::TableauRules::spaces_are_room)).
    spaces_are_room: bool,
    /// Tableau MaxAllowed: the most cards a pile may hold after a move
    /// onto it.
    max_allowed: usize,
}

/// The free cells and the empty tableau piles that are CheckFree's room.
#[derive(Clone, Copy, Debug)]
struct Free {
    cells: usize,
    spaces: usize,
}

/// The numbers of the set bits of a word, lowest first.
struct Bits(u32);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let n = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(n as usize)
    }
}

/// A pile, as the moves name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pile {
    Tableau(usize),
    Cell(usize),
    Foundation(usize),
}

impl Pile {
    fn of(id: PileId) -> Option<Pile> {
        match id.kind {
            PileKind::Tableau => Some(Pile::Tableau(id.index())),
            PileKind::Reserve => Some(Pile::Cell(id.index())),
            PileKind::Foundation => Some(Pile::Foundation(id.index())),
            PileKind::Stock | PileKind::Waste => None,
        }
    }

    fn id(self) -> PileId {
        match self {
            Pile::Tableau(i) => PileId::new(PileKind::Tableau, i),
            Pile::Cell(i) => PileId::new(PileKind::Reserve, i),
            Pile::Foundation(i) => PileId::new(PileKind::Foundation, i),
        }
    }
}

/// A position of an open game.
#[derive(Debug)]
pub struct Open {
    rules: std::sync::Arc<Compiled>,
    /// The tableau piles' cards, bottom first, each pile at its place
    /// (see [`Compiled::stride`]); what lies above a pile's height is no
    /// card of it.
    cards: [u8; ROOM],
    /// Each tableau pile's height.
    heights_of: [u8; MAX_TABLEAU],
    cells: [u8; MAX_CELLS],
    /// Each foundation's top card.
    found: [u8; 4],
    /// How high each suit's foundation has been built (0 to 13), kept up
    /// to date as cards go up: the lay-offs, key and score all ask it.
    heights: [u8; 4],
    /// The cards the lay-offs send up (see [`Open::fresh_safe`]), which
    /// change only as cards go up.
    safe: u64,
    /// Where each card lies, summed up and kept up to date as cards move
    /// (a move changes where one card lies, and what one card lies on).
    pairs: Pairs,
    /// By card: the tableau pile it lies in, or [`NOWHERE`], and how many
    /// cards lie below it there; by tableau pile: its cards lying above a
    /// lower one. Kept up to date for the score, which would otherwise
    /// look at every card of every position.
    piles: [u8; 64],
    depths: [u8; 64],
    orders: [u8; MAX_TABLEAU],
}

/// Not in the tableau.
const NOWHERE: u8 = u8::MAX;

/// How many cards of `column` lie above a lower card.
fn out_of_order(column: &[u8]) -> u8 {
    let mut lowest = u8::MAX;
    let mut count = 0;
    for &card in column {
        count += u8::from(rank(card) > lowest);
        lowest = lowest.min(rank(card));
    }
    count
}

/// Where each card lies (on a card, at the bottom of a pile, in a free
/// cell or on top of its foundation), summed up: the key (see
/// [`Open::key`]), and the cards lying on a card they build on, of their
/// suit and not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Pairs {
    key: Key,
    in_suit: u8,
    other: u8,
}

impl Pairs {
    /// Counts `card` lying on `below` in (`sign` 1) or out (-1).
    fn count(&mut self, rules: &Compiled, card: u8, below: u8, sign: i8) {
        let key = on(card, below);
        self.key = if sign > 0 { self.key.wrapping_add(key) } else { self.key.wrapping_sub(key) };
        if rules.onto[usize::from(card)] & bit(below) != 0 {
            let n = if suit(card) == suit(below) { &mut self.in_suit } else { &mut self.other };
            *n = n.wrapping_add_signed(sign);
        }
    }
}

impl Clone for Open {
    fn clone(&self) -> Open {
        Open { rules: std::sync::Arc::clone(&self.rules), ..*self }
    }

    /// Copies the position alone: the rules are the same throughout a
    /// search, and counting references to them for every position reached
    /// would cost more than the copy.
    fn clone_from(&mut self, source: &Open) {
        if !std::sync::Arc::ptr_eq(&self.rules, &source.rules) {
            self.rules = std::sync::Arc::clone(&source.rules);
        }
        (self.cards, self.heights_of, self.cells) = (source.cards, source.heights_of, source.cells);
        (self.found, self.heights, self.safe) = (source.found, source.heights, source.safe);
        self.pairs = source.pairs;
        (self.piles, self.depths, self.orders) = (source.piles, source.depths, source.orders);
    }
}

impl Open {
    /// The compact form of `state`, if its game is an open one (see the
    /// module notes); `None` for any other.
    pub fn compile(state: &Solitaire) -> Option<Open> {
        let rules = state.rules();
        let (t, f, r) = (&rules.tableau, &rules.foundation, &rules.reserve);
        let mut suits = rules.suits.clone();
        suits.sort();
        suits.dedup();
        let open_game = rules.decks == 1
            && suits.len() == 4
            && rules.addition == 0
            && !rules.lays_off_by_itself()
            && !rules.ace_high
            && rules.win_when == WinWhen::Foundations
            && rules.pile_count(PileKind::Stock) == 0
            && rules.pile_count(PileKind::Waste) == 0
            && rules.stock.deal_to != DealTo::Foundation
            // An empty pile that would block a deal keeps its last card
            // from being laid off (`moves::gaps_tell`).
            && !(rules.stock.deal_to == DealTo::Tableau && rules.stock.deal_needs_no_gaps)
            && f.piles == 4
            && f.build == Build::Up
            && f.suit_check
            && !f.take_back
            && !f.complete_sequences
            && !f.discard
            && !f.allow_wrap
            && state.start_rank() == Rank::ACE
            && t.piles <= MAX_TABLEAU
            && t.sequence != Sequence::Any
            && !t.piles_cover()
            && !t.fill_from_reserve
            && r.piles <= MAX_CELLS
            && (r.piles == 0 || r.max_allowed == 1)
            // Where whole runs move freely and there are no free cells,
            // the moves leave out idle swaps, which this form does not.
            && (t.max_move.is_some() || t.check_free || t.stack_suit_check || r.piles > 0);
        if !open_game || state.piles().any(|(_, pile)| pile.iter().any(|s| !s.face_up)) {
            return None;
        }
        let (&onto, &under) = state.fit_table();
        let dealt = (0..t.piles).map(|i| state.pile(PileKind::Tableau, i).len()).max().unwrap_or(0);
        let stride = Open::stride(&onto, dealt, t.max_allowed);
        if t.piles * stride > ROOM {
            return None;
        }
        let compiled = Compiled {
            tableau: t.piles,
            cells: r.piles,
            stride,
            onto,
            under,
            in_order: t.check_in_order,
            stack_suit: t.stack_suit_check,
            suits_kept_apart: suits_kept_apart(rules),
            max_move: t.max_move.unwrap_or(usize::MAX),
            check_free: t.check_free,
            kings_only: t.kings_only,
            fill_empty: t.fill_empty,
            spaces_are_room: t.spaces_are_room(),
            max_allowed: t.max_allowed,
        };
        let mut open = Open {
            rules: std::sync::Arc::new(compiled),
            cards: [NO_CARD; ROOM],
            heights_of: [0; MAX_TABLEAU],
            cells: [NO_CARD; MAX_CELLS],
            found: [NO_CARD; 4],
            heights: [0; 4],
            safe: 0,
            pairs: Pairs::default(),
            piles: [NOWHERE; 64],
            depths: [0; 64],
            orders: [0; MAX_TABLEAU],
        };
        let mut columns = Vec::with_capacity(CARDS);
        for i in 0..t.piles {
            let pile = state.pile(PileKind::Tableau, i);
            columns.extend(pile.iter().map(|slot| code(slot.card)));
            open.heights_of[i] = pile.len() as u8;
        }
        open.lay(&columns);
        for i in 0..r.piles {
            match state.pile(PileKind::Reserve, i) {
                [] => {}
                [one] => open.cells[i] = code(one.card),
                _ => return None,
            }
        }
        for i in 0..4 {
            let pile = state.pile(PileKind::Foundation, i);
            let in_order = pile
                .iter()
                .enumerate()
                .all(|(n, s)| usize::from(s.card.rank.value()) == n + 1 && s.card.suit == pile[0].card.suit);
            if !in_order {
                return None;
            }
            open.found[i] = pile.last().map_or(NO_CARD, |s| code(s.card));
        }
        open.heights = open.fresh_heights();
        open.safe = open.fresh_safe();
        open.pairs = open.fresh_pairs();
        open.orders = open.fresh_orders();
        Some(open)
    }

    /// The cards each tableau pile needs room for: as many as any is
    /// dealt (`dealt`) and as many again as can lie on one another (a
    /// pile's cards above those dealt, or in a pile emptied and filled
    /// again, each lie on the one below), but no more than one deck or,
    /// above those dealt, MaxAllowed. Where every card lies on a higher
    /// one (or every one on a lower one), as many as there are ranks can
    /// lie on one another.
    fn stride(onto: &[u64; 64], dealt: usize, max_allowed: usize) -> usize {
        // By card: the cards of a higher rank, and of a lower one.
        let higher = |card: u8| !0u64 << ((rank(card) + 1) * 4);
        let lower = |card: u8| (1u64 << (rank(card) * 4)) - 1;
        let cards = || (4..4 + CARDS as u8).map(|m| (m, onto[usize::from(m)]));
        let monotone = cards().all(|(m, on)| on & !higher(m) == 0) || cards().all(|(m, on)| on & !lower(m) == 0);
        let chain = if monotone { 13 } else { CARDS };
        (dealt + chain).min(CARDS).min(max_allowed).max(dealt)
    }

    fn start(&self, t: usize) -> usize {
        t * self.rules.stride
    }

    fn height(&self, t: usize) -> usize {
        usize::from(self.heights_of[t])
    }

    fn column(&self, t: usize) -> &[u8] {
        let start = self.start(t);
        &self.cards[start..start + self.height(t)]
    }

    /// Lays the tableau piles' cards in their places, noting where each
    /// lies: `columns` holds them pile after pile, each pile as high as
    /// `heights_of` says. Returns what follows them in `columns`.
    ///
    /// Card by card: a column is a few cards, and a library copy for
    /// each cost more than this whole loop.
    fn lay<'a>(&mut self, mut columns: &'a [u8]) -> &'a [u8] {
        self.piles = [NOWHERE; 64];
        for t in 0..self.rules.tableau {
            let (column, rest) = columns.split_at(self.height(t));
            let start = self.start(t);
            for (depth, &card) in column.iter().enumerate() {
                self.cards[start + depth] = card;
                self.piles[usize::from(card)] = t as u8;
                self.depths[usize::from(card)] = depth as u8;
            }
            columns = rest;
        }
        columns
    }

    /// Each pile's cards out of order, worked out afresh.
    fn fresh_orders(&self) -> [u8; MAX_TABLEAU] {
        let mut out = [0; MAX_TABLEAU];
        for (t, n) in out[..self.rules.tableau].iter_mut().enumerate() {
            *n = out_of_order(self.column(t));
        }
        out
    }

    /// Where each card lies, summed up afresh.
    fn fresh_pairs(&self) -> Pairs {
        let mut pairs = Pairs::default();
        for t in 0..self.rules.tableau {
            let mut below = NO_CARD;
            for &card in self.column(t) {
                pairs.count(&self.rules, card, below, 1);
                below = card;
            }
        }
        for &card in self.cells[..self.rules.cells].iter().filter(|&&c| c != NO_CARD) {
            pairs.count(&self.rules, card, IN_CELL, 1);
        }
        for &card in self.found.iter().filter(|&&c| c != NO_CARD) {
            pairs.count(&self.rules, card, ON_TOP, 1);
        }
        pairs
    }

    fn fits(&self, moving: u8, onto: u8) -> bool {
        self.rules.onto[usize::from(moving)] & bit(onto) != 0
    }

    /// How high each suit's foundation has been built (0 to 13), worked
    /// out afresh from the foundations' top cards.
    fn fresh_heights(&self) -> [u8; 4] {
        let mut out = [0; 4];
        for &top in &self.found {
            if top != NO_CARD {
                out[usize::from(suit(top))] = rank(top);
            }
        }
        out
    }

    /// The cards on the foundations, as a set of [`bit`]s.
    fn laid_off(heights: [u8; 4]) -> u64 {
        /// By height: the clubs up to it (the other suits are shifted).
        const CLUBS: [u64; 14] = {
            let mut out = [0; 14];
            let mut h = 1;
            while h < 14 {
                out[h] = out[h - 1] | 1 << (h * 4);
                h += 1;
            }
            out
        };
        heights.iter().enumerate().fold(0, |set, (s, &h)| set | CLUBS[usize::from(h)] << s)
    }

    /// How many top cards of tableau pile `t` may move together (the
    /// engine's `liftable`).
    fn liftable(&self, t: usize) -> usize {
        let column = self.column(t);
        let rules = &self.rules;
        let mut run = usize::from(!column.is_empty());
        while run < column.len() {
            let (upper, lower) = (column[column.len() - run], column[column.len() - run - 1]);
            if (rules.in_order && !self.fits(upper, lower)) || (rules.stack_suit && suit(upper) != suit(lower)) {
                break;
            }
            run += 1;
        }
        run.min(rules.max_move)
    }

    fn is_empty(&self, pile: Pile) -> bool {
        match pile {
            Pile::Tableau(t) => self.column(t).is_empty(),
            Pile::Cell(r) => self.cells[r] == NO_CARD,
            Pile::Foundation(f) => self.found[f] == NO_CARD,
        }
    }

    /// The empty tableau piles, a bit each.
    fn empty_piles(&self) -> u32 {
        let heights = self.heights_of[..self.rules.tableau].iter();
        heights.enumerate().fold(0, |empty, (t, &h)| empty | u32::from(h == 0) << t)
    }

    /// The free cells, and the empty tableau piles that are room for a
    /// run's cards.
    fn free(&self) -> Free {
        let cells = self.cells[..self.rules.cells].iter().filter(|&&c| c == NO_CARD).count();
        let spaces = if self.rules.spaces_are_room { self.empty_piles().count_ones() as usize } else { 0 };
        Free { cells, spaces }
    }

    /// The free cells and the empty tableau piles that may be filled,
    /// other than `to` (the engine's CheckFree room), of `free`.
    fn room(&self, free: Free, to: Pile) -> (usize, usize) {
        match to {
            Pile::Cell(_) if self.is_empty(to) => (free.cells - 1, free.spaces),
            Pile::Tableau(_) if self.rules.spaces_are_room && self.is_empty(to) => (free.cells, free.spaces - 1),
            _ => (free.cells, free.spaces),
        }
    }

    /// Whether `to` takes `count` cards whose bottom card is `base`, but
    /// for CheckFree's room; and whether that room (of `free`) is there.
    fn takes(&self, base: u8, count: usize, to: Pile, free: Free) -> (bool, bool) {
        match to {
            Pile::Foundation(f) => {
                let top = self.found[f];
                let next = if top == NO_CARD {
                    rank(base) == 1
                } else {
                    suit(top) == suit(base) && rank(base) == rank(top) + 1
                };
                (count == 1 && next, true)
            }
            Pile::Cell(r) => (count == 1 && self.cells[r] == NO_CARD, true),
            Pile::Tableau(t) => {
                let column = self.column(t);
                let builds = column.last().is_some_and(|&top| self.fits(base, top));
                self.pile_takes(base, count, column.len(), builds, free)
            }
        }
    }

    /// [`takes`](Open::takes) for a tableau pile of `height` cards, whose
    /// top card `base` builds on or not (`builds`, asked of no empty pile).
    fn pile_takes(&self, base: u8, count: usize, height: usize, builds: bool, free: Free) -> (bool, bool) {
        let rules = &self.rules;
        let empty = height == 0;
        let lies = if empty { rules.fill_empty && (!rules.kings_only || rank(base) == 13) } else { builds };
        let fits = lies && height + count <= rules.max_allowed;
        (fits, self.has_room(count, empty, free))
    }

    /// Whether CheckFree leaves room (of `free`) to move `count` cards
    /// onto a tableau pile, `empty` or not, in one move.
    fn has_room(&self, count: usize, empty: bool, free: Free) -> bool {
        let rules = &self.rules;
        // The free cells and empty piles but this one.
        let room = free.cells + free.spaces - usize::from(empty && rules.spaces_are_room);
        !rules.check_free || count <= 1 || count <= room + 1
    }

    /// The bottom card of the top `count` cards of `from`, if they may be
    /// lifted together.
    fn lifted(&self, from: Pile, count: usize) -> Option<u8> {
        match from {
            Pile::Tableau(t) => {
                let column = self.column(t);
                (count >= 1 && count <= self.liftable(t)).then(|| column[column.len() - count])
            }
            Pile::Cell(r) => (count == 1 && self.cells[r] != NO_CARD).then_some(self.cells[r]),
            Pile::Foundation(_) => None,
        }
    }

    /// Whether the engine takes the move (`accepts`).
    fn accepts(&self, from: Pile, count: usize, to: Pile) -> bool {
        from != to
            && self.lifted(from, count).is_some_and(|base| self.takes(base, count, to, self.free()) == (true, true))
    }

    /// Whether the engine refuses the move only for want of room.
    fn wants_room(&self, from: Pile, count: usize, to: Pile) -> bool {
        count > 1
            && self.rules.check_free
            && from != to
            && self.lifted(from, count).is_some_and(|base| self.takes(base, count, to, self.free()) == (true, false))
    }

    /// Whether a move of `count` cards onto `to` that the rules allow,
    /// whole or as a supermove, has to be a supermove: the cheap form of
    /// [`wants_room`](Open::wants_room) for the moves [`Position::moves`]
    /// gives, which are all allowed one way or the other.
    fn short_of_room(&self, count: usize, to: Pile) -> bool {
        let Pile::Tableau(t) = to else { return false };
        count > 1 && self.rules.check_free && !self.has_room(count, self.column(t).is_empty(), self.free())
    }

    /// Moves the top `count` cards of `from` onto `to` (another pile: the
    /// two never share a place).
    fn shift(&mut self, from: Pile, count: usize, to: Pile) {
        // The bottom card moving, and where the cards lie in `cards`.
        let (base, lifted_at) = match from {
            Pile::Tableau(t) => {
                let height = self.height(t) - count;
                let at = self.start(t) + height;
                let below = if height > 0 { self.cards[at - 1] } else { NO_CARD };
                self.pairs.count(&self.rules, self.cards[at], below, -1);
                self.heights_of[t] = height as u8;
                self.orders[t] = out_of_order(self.column(t));
                (self.cards[at], Some(at))
            }
            Pile::Cell(r) => {
                let card = std::mem::replace(&mut self.cells[r], NO_CARD);
                self.pairs.count(&self.rules, card, IN_CELL, -1);
                (card, None)
            }
            Pile::Foundation(_) => return,
        };
        match to {
            Pile::Tableau(t) => {
                let height = self.height(t);
                let at = self.start(t) + height;
                let below = if height > 0 { self.cards[at - 1] } else { NO_CARD };
                self.pairs.count(&self.rules, base, below, 1);
                match lifted_at {
                    Some(from) if count > 1 => self.cards.copy_within(from..from + count, at),
                    _ => self.cards[at] = base,
                }
                self.heights_of[t] = (height + count) as u8;
                self.orders[t] = out_of_order(self.column(t));
                for (depth, &card) in self.cards[at..at + count].iter().enumerate() {
                    self.piles[usize::from(card)] = t as u8;
                    self.depths[usize::from(card)] = (height + depth) as u8;
                }
            }
            Pile::Cell(r) => {
                self.cells[r] = base;
                self.pairs.count(&self.rules, base, IN_CELL, 1);
                self.piles[usize::from(base)] = NOWHERE;
            }
            Pile::Foundation(f) => {
                if self.found[f] != NO_CARD {
                    self.pairs.count(&self.rules, self.found[f], ON_TOP, -1);
                }
                self.found[f] = base;
                self.pairs.count(&self.rules, base, ON_TOP, 1);
                self.heights[usize::from(suit(base))] = rank(base);
                self.safe = self.fresh_safe();
                self.piles[usize::from(base)] = NOWHERE;
            }
        }
    }

    /// The supermove's way (see `moves::carry`): the top `count` cards of
    /// `from` onto `to` in moves the engine takes, parking part of the run
    /// on an empty tableau pile first. False if it cannot be done.
    /// `made` is told each engine move made.
    fn carry(&mut self, from: Pile, count: usize, to: Pile, made: &mut dyn FnMut(SolMove)) -> bool {
        if self.accepts(from, count, to) {
            self.shift(from, count, to);
            made(Open::step(from, count, to).m);
            return true;
        }
        if count < 2 || !self.wants_room(from, count, to) {
            return false;
        }
        let Some(park) = (0..self.rules.tableau).map(Pile::Tableau).find(|&p| p != to && p != from && self.is_empty(p))
        else {
            return false;
        };
        let (cells, spaces) = self.room(self.free(), to);
        let part = ((cells + 1) << spaces.saturating_sub(1).min(12)).min(count - 1);
        self.carry(from, part, park, made)
            && self.carry(from, count - part, to, made)
            && self.carry(park, part, to, made)
    }

    /// The first foundation that takes `card`: the first empty one for an
    /// ace, else the one topped by the card below it in its suit.
    fn home(&self, card: u8) -> Option<usize> {
        if rank(card) != self.heights[usize::from(suit(card))] + 1 {
            return None;
        }
        let below = if rank(card) == 1 { NO_CARD } else { card - 4 };
        self.found.iter().position(|&top| top == below)
    }

    /// Lays off every card no winning line needs where it lies, one at a
    /// time as `moves::close` does: the first such card of the tableau
    /// piles, then of the free cells, to the first foundation that takes it.
    /// `made` is told each lay-off.
    fn close(&mut self, made: &mut dyn FnMut(SolMove)) {
        loop {
            // The safe cards are few, so they are found first and looked
            // for after.
            let safe = self.safe;
            if safe == 0 {
                return;
            }
            let tops = (0..self.rules.tableau)
                .map(|t| (Pile::Tableau(t), self.column(t).last().copied().unwrap_or(NO_CARD)))
                .chain((0..self.rules.cells).map(|r| (Pile::Cell(r), self.cells[r])));
            let goes_up = |&(_, card): &(Pile, u8)| card != NO_CARD && safe & bit(card) != 0;
            let Some((from, card)) = tops.into_iter().find(goes_up) else { return };
            let Some(f) = self.home(card) else { return };
            self.shift(from, 1, Pile::Foundation(f));
            made(Open::step(from, 1, Pile::Foundation(f)).m);
        }
    }

    /// The cards the foundations take next that no card needs to lie on,
    /// as a set of [`bit`]s (those the lay-offs send up), worked out
    /// afresh: `moves::needed_by_none` for one deck, where the cards ready
    /// to go up are those the foundations take next. Of those, the ones
    /// kept are those on which only cards up or cards kept may lie, until
    /// no more drop out.
    fn fresh_safe(&self) -> u64 {
        let laid_off = Open::laid_off(self.heights);
        // The foundations' next cards, less those that drop out each round.
        let mut safe = 0;
        for (s, &h) in self.heights.iter().enumerate().filter(|&(_, &h)| h < 13) {
            safe |= bit((h + 1) * 4 + s as u8);
        }
        loop {
            let mut kept = 0;
            let mut cards = safe;
            while cards != 0 {
                let card = cards.trailing_zeros() as usize;
                cards &= cards - 1;
                if self.rules.under[card] & !laid_off & !safe == 0 {
                    kept |= 1 << card;
                }
            }
            if kept == safe {
                return safe;
            }
            safe = kept;
        }
    }

    /// The top card of `pile`, or [`NO_CARD`].
    #[inline]
    fn top(&self, pile: Pile) -> u8 {
        match pile {
            Pile::Tableau(t) => self.column(t).last().copied().unwrap_or(NO_CARD),
            Pile::Cell(r) => self.cells[r],
            Pile::Foundation(f) => self.found[f],
        }
    }

    /// Makes `step` and the lay-offs after it, telling `made` each engine
    /// move.
    ///
    /// Every position this form plays from has had its lay-offs made. So
    /// after a move that sends no card up (the safe cards stay the same)
    /// only the card it uncovers and the card it lays on top can be safe,
    /// and when neither is there is nothing to lay off: most moves end
    /// there, without a look at every pile.
    fn play_noting_with(&mut self, step: &Step, made: &mut dyn FnMut(SolMove)) {
        let SolMove::Move { from, count, to } = step.m else { return };
        let (Some(from), Some(to)) = (Pile::of(from), Pile::of(to)) else { return };
        let count = usize::from(count);
        if self.short_of_room(count, to) {
            self.carry(from, count, to, made);
        } else {
            self.shift(from, count, to);
            made(step.m);
        }
        let fresh = bit(self.top(from)) | bit(self.top(to));
        if matches!(to, Pile::Foundation(_)) || self.safe & fresh != 0 {
            self.close(made);
        }
    }

    fn step(from: Pile, count: usize, to: Pile) -> Step {
        Step::plain(SolMove::Move { from: from.id(), count: count as u8, to: to.id() })
    }
}

impl Position for Open {
    /// The moves of `moves::worth_trying`, in its order: every card move
    /// the engine takes (from tableau piles, then free cells; count by
    /// count; onto each target), then the supermoves, less those that
    /// only rename piles.
    fn moves(&self, out: &mut Vec<Step>) {
        let rules = &*self.rules;
        let tableau = rules.tableau;
        let free = self.free();
        let first_empty_cell = (0..rules.cells).find(|&r| self.cells[r] == NO_CARD);
        // The tableau piles' top cards, and each one's pile by card.
        let (mut tops, mut pile_of) = (0u64, [0u8; 64]);
        for t in 0..tableau {
            if let Some(&top) = self.column(t).last() {
                tops |= bit(top);
                pile_of[usize::from(top)] = t as u8;
            }
        }
        let empties = self.empty_piles();
        let first_empty_pile = empties & empties.wrapping_neg();
        // The tableau piles that might take `base` (the first empty one, and
        // those topped by a card it builds on), a bit each, so that they
        // come out in the engine's order.
        let tableau_targets = |base: u8| {
            let mut piles = first_empty_pile;
            let mut takers = rules.onto[usize::from(base)] & tops;
            while takers != 0 {
                piles |= 1 << pile_of[takers.trailing_zeros() as usize];
                takers &= takers - 1;
            }
            Bits(piles)
        };
        // `takes` for one of those piles (`base` builds on each's top).
        let takes = |base: u8, count: usize, t: usize| self.pile_takes(base, count, self.height(t), true, free);
        // A move of a whole pile onto an empty one only renames piles.
        let renames = |from: usize, count: usize, t: usize| self.height(t) == 0 && self.height(from) == count;
        let mut lifts = [0; MAX_TABLEAU];
        for (t, lift) in lifts[..tableau].iter_mut().enumerate() {
            *lift = self.liftable(t);
            let column = self.column(t);
            for count in 1..=*lift {
                let base = column[column.len() - count];
                if count == 1
                    && let Some(f) = self.home(base)
                {
                    out.push(Open::step(Pile::Tableau(t), 1, Pile::Foundation(f)));
                }
                for to in tableau_targets(base) {
                    if to != t && takes(base, count, to) == (true, true) && !renames(t, count, to) {
                        out.push(Open::step(Pile::Tableau(t), count, Pile::Tableau(to)));
                    }
                }
                if count == 1
                    && let Some(r) = first_empty_cell
                {
                    out.push(Open::step(Pile::Tableau(t), 1, Pile::Cell(r)));
                }
            }
        }
        // From a free cell: one card, and never to another free cell (that
        // only renames them).
        for (r, &base) in self.cells[..rules.cells].iter().enumerate().filter(|&(_, &c)| c != NO_CARD) {
            if let Some(f) = self.home(base) {
                out.push(Open::step(Pile::Cell(r), 1, Pile::Foundation(f)));
            }
            for to in tableau_targets(base) {
                if takes(base, 1, to) == (true, true) {
                    out.push(Open::step(Pile::Cell(r), 1, Pile::Tableau(to)));
                }
            }
        }
        if !rules.check_free {
            return;
        }
        for (f, &lift) in lifts[..tableau].iter().enumerate() {
            let column = self.column(f);
            for count in 2..=lift {
                let base = column[column.len() - count];
                for t in tableau_targets(base).filter(|&t| t != f) {
                    if takes(base, count, t) != (true, false) || renames(f, count, t) {
                        continue;
                    }
                    let (from, to) = (Pile::Tableau(f), Pile::Tableau(t));
                    let (cells, spaces) = self.room(free, to);
                    if count <= (cells + 1) << spaces.min(12) && self.clone().carry(from, count, to, &mut |_| {}) {
                        out.push(Open::step(from, count, to));
                    }
                }
            }
        }
    }

    fn play(&mut self, step: &Step) {
        self.play_noting_with(step, &mut |_| {});
    }

    fn play_noting(&mut self, step: &Step, made: &mut Vec<SolMove>) {
        self.play_noting_with(step, &mut |m| made.push(m));
    }

    fn is_won(&self) -> bool {
        self.heights.iter().map(|&h| usize::from(h)).sum::<usize>() == CARDS
    }

    /// Tableau piles as a set, the free cells as a set of cards, the
    /// foundations by each suit's height. In a game of one deck every card
    /// lies on one card, at the bottom of a tableau pile, in a free cell,
    /// on top of its foundation or under a card there; and where each
    /// card not under a foundation's top lies says which piles there are,
    /// card for card, whatever their order, which cards the free cells
    /// hold and how high each foundation is. So the position is
    /// fingerprinted as the sum of a random number for each such card and
    /// where it lies ([`ON`]), kept up to date as cards move. Two
    /// different positions share the sum with a chance of 2^-128.
    fn key(&self) -> Key {
        self.pairs.key
    }

    /// The features `score::features` counts in such a game: cards laid
    /// off, cards above a lower one, cards covering a foundation's next
    /// card, empty piles, cards built in sequence, cards in free cells.
    fn features(&self) -> Features {
        let rules = &*self.rules;
        let tableau = rules.tableau;
        let (in_suit, other) = (i64::from(self.pairs.in_suit), i64::from(self.pairs.other));
        // Where runs move only in suit, cards built otherwise count as
        // little (as the engine's form counts them).
        let (built, fixed) = if rules.stack_suit { (0, other) } else { (other, 0) };
        let empty = if rules.fill_empty { i64::from(self.empty_piles().count_ones()) } else { 0 };
        // The cards above each card a foundation takes next.
        let mut covering = 0;
        for (s, &h) in self.heights.iter().enumerate().filter(|&(_, &h)| h < 13) {
            let next = (h + 1) * 4 + s as u8;
            // Not in the tableau is NOWHERE, past the piles' heights.
            if let Some(&height) = self.heights_of.get(usize::from(self.piles[usize::from(next)])) {
                covering += i64::from(height - 1 - self.depths[usize::from(next)]);
            }
        }
        let counts = PerFeature {
            laid_off: self.heights.iter().map(|&h| i64::from(h)).sum(),
            out_of_order: self.orders[..tableau].iter().map(|&n| i64::from(n)).sum(),
            covering_next: covering,
            empty,
            built_in_suit: in_suit,
            built,
            held: self.cells[..rules.cells].iter().filter(|&&c| c != NO_CARD).count() as i64,
            ..PerFeature::default()
        };
        Features { counts, fixed }
    }

    fn detour(&self, step: &Step) -> i64 {
        let SolMove::Move { from, count, to } = step.m else { return 0 };
        let (Some(Pile::Tableau(f)), Some(Pile::Tableau(t))) = (Pile::of(from), Pile::of(to)) else { return 0 };
        let src = self.column(f);
        let Some(below) = src.len().checked_sub(usize::from(count) + 1) else { return 0 };
        let Some(&onto) = self.column(t).last() else { return 0 };
        let moving = src[below + 1];
        let fit = |under: u8| match (self.fits(moving, under), suit(under) == suit(moving)) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 2,
        };
        let sideways = step.deals == 0 && fit(src[below]) > 0 && fit(onto) <= fit(src[below]);
        if sideways { SIDEWAYS } else { 0 }
    }

    /// No waste, so no buried cards: the rest count as in any game.
    fn counted(&self, w: Weights) -> Weights {
        Weights { buried: 0, ..w }.with_free_cells(self.rules.cells > 0).with_runs_of(self.rules.suits_kept_apart)
    }

    fn pack_onto(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.pairs.key.to_le_bytes());
        out.extend_from_slice(&[self.pairs.in_suit, self.pairs.other]);
        out.extend_from_slice(&self.heights_of[..self.rules.tableau]);
        out.extend_from_slice(&self.orders[..self.rules.tableau]);
        for t in 0..self.rules.tableau {
            out.extend_from_slice(self.column(t));
        }
        out.extend_from_slice(&self.cells[..self.rules.cells]);
        out.extend_from_slice(&self.found);
    }

    fn unpack_from(&mut self, packed: &[u8]) {
        let (key, packed) = packed.split_at(16);
        let key = Key::from_le_bytes(key.try_into().unwrap_or_default());
        self.pairs = Pairs { key, in_suit: packed[0], other: packed[1] };
        let packed = &packed[2..];
        let (tableau, cells) = (self.rules.tableau, self.rules.cells);
        let (heights, packed) = packed.split_at(tableau);
        let (orders, packed) = packed.split_at(tableau);
        self.heights_of[..tableau].copy_from_slice(heights);
        self.orders[..tableau].copy_from_slice(orders);
        let packed = self.lay(packed);
        self.cells[..cells].copy_from_slice(&packed[..cells]);
        self.found.copy_from_slice(&packed[cells..cells + 4]);
        self.heights = self.fresh_heights();
        self.safe = self.fresh_safe();
    }
}

#[cfg(test)]
impl Open {
    /// What is kept up to date as cards move.
    fn kept(&self) -> (Pairs, [u8; 4], u64, [u8; 64], [u8; 64], [u8; MAX_TABLEAU]) {
        (self.pairs, self.heights, self.safe, self.piles, self.depths_placed(), self.orders)
    }

    /// Works out afresh which pile each card lies in, and how deep.
    fn place(&mut self) {
        let columns: Vec<u8> = (0..self.rules.tableau).flat_map(|t| self.column(t).to_vec()).collect();
        self.lay(&columns);
    }

    /// How deep each card in the tableau lies (that of a card elsewhere
    /// is not kept).
    fn depths_placed(&self) -> [u8; 64] {
        let mut out = [0; 64];
        for (card, &pile) in self.piles.iter().enumerate() {
            if pile != NOWHERE {
                out[card] = self.depths[card];
            }
        }
        out
    }

    /// The engine's position this one stands for, on `like`'s rules.
    fn to_solitaire(&self, like: &Solitaire) -> Solitaire {
        use crate::cards::{Card, Suit};
        use crate::solitaire::engine::Slot;
        let card = |c: u8| Slot {
            card: Card::new(Rank::new(rank(c)).unwrap_or(Rank::ACE), Suit::ALL[usize::from(suit(c))]),
            face_up: true,
        };
        let mut out = like.clone();
        for t in 0..self.rules.tableau {
            *out.pile_mut(PileKind::Tableau, t) = self.column(t).iter().map(|&c| card(c)).collect();
        }
        for r in 0..self.rules.cells {
            *out.pile_mut(PileKind::Reserve, r) =
                Some(self.cells[r]).filter(|&c| c != NO_CARD).map(card).into_iter().collect();
        }
        for f in 0..4 {
            let top = self.found[f];
            *out.pile_mut(PileKind::Foundation, f) = (1..=rank(top)).map(|r| card(r * 4 + suit(top))).collect();
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::GameRng;
    use crate::core::{Session, Variant};
    use crate::solitaire::solver::key::{Symmetry, key};
    use crate::solitaire::solver::moves::{close, play, worth_trying};
    use crate::solitaire::solver::tests::from_ini as game;

    fn open_games() -> Vec<(&'static str, &'static str)> {
        vec![
            ("FreeCell", include_str!("../../../game-types/FreeCell/game.ini")),
            ("Baker's Game", include_str!("../../../game-types/Baker's Game/game.ini")),
            ("Seahaven Towers", include_str!("../../../game-types/Seahaven Towers/game.ini")),
            ("Eight Off", include_str!("../../../game-types/Eight Off/game.ini")),
            ("Baker's Dozen", include_str!("../../../game-types/Baker's Dozen/game.ini")),
            ("Beleaguered Castle", include_str!("../../../game-types/Beleaguered Castle/game.ini")),
        ]
    }

    const WEIGHINGS: [Weights; 4] = [Weights::PLAIN, Weights::DIGGING, Weights::BUILDING, Weights::ROOM];

    /// Walks at random from deals of every open game, in both modes, and
    /// at each position asks both forms the same questions: the moves, in
    /// order; the position each leads to (pile for pile, foundations in
    /// their order); the scores and detours; whether positions share a key;
    /// and that a packed position unpacks to itself.
    #[test]
    fn the_compact_form_plays_as_the_engine_does() {
        let mut rng = GameRng::new(7);
        let mut positions = 0;
        for (name, ini) in open_games() {
            for mode in ["easy", "hard"] {
                let v = game(ini, mode);
                let compiled_in_easy = !(name == "Beleaguered Castle" && mode == "easy");
                for seed in 1..=12 {
                    let mut state = Session::new(v.clone(), seed).state().clone();
                    close(&mut state, &mut |_| {});
                    let Some(mut open) = Open::compile(&state) else {
                        assert!(!compiled_in_easy, "{name} {mode}: not compiled");
                        break;
                    };
                    for _ in 0..80 {
                        positions += 1;
                        assert_eq!(open.to_solitaire(&state), state, "{name} {mode} {seed}");
                        let steps = worth_trying(&state, Symmetry::of(&state));
                        let mut compact = Vec::new();
                        open.moves(&mut compact);
                        assert_eq!(compact, steps, "{name} {mode} {seed}: the moves");
                        assert_eq!(open.features(), crate::solitaire::solver::score::features(&state));
                        for w in WEIGHINGS {
                            assert_eq!(open.counted(w), w.counted_in(state.rules()));
                        }
                        let mut packed = Vec::new();
                        open.pack_onto(&mut packed);
                        let mut unpacked = open.clone();
                        // Nothing of the old position may survive unpacking.
                        (unpacked.cells, unpacked.found, unpacked.heights, unpacked.safe) =
                            ([NO_CARD; MAX_CELLS], [0; 4], [0; 4], 0);
                        (unpacked.pairs, unpacked.piles, unpacked.depths, unpacked.orders) =
                            (Pairs::default(), [0; 64], [0; 64], [0; MAX_TABLEAU]);
                        unpacked.unpack_from(&packed);
                        assert_eq!(unpacked.to_solitaire(&state), state);
                        assert_eq!(unpacked.kept(), open.kept(), "unpacked whole");
                        let mut children = Vec::new();
                        for step in &steps {
                            assert_eq!(open.detour(step), state.detour(step));
                            let (mut s, mut o) = (state.clone(), open.clone());
                            play(&mut s, step);
                            o.play(step);
                            let (mut by_engine, mut by_compact) = (Vec::new(), Vec::new());
                            state.clone().play_noting(step, &mut by_engine);
                            open.clone().play_noting(step, &mut by_compact);
                            assert_eq!(by_compact, by_engine, "{name} {mode} {seed}: the moves made");
                            assert_eq!(o.to_solitaire(&state), s, "{name} {mode} {seed}: {step:?}");
                            assert_eq!(o.is_won(), s.is_won());
                            let mut placed = o.clone();
                            placed.place();
                            let fresh = (
                                o.fresh_pairs(),
                                o.fresh_heights(),
                                o.fresh_safe(),
                                placed.piles,
                                placed.depths_placed(),
                                o.fresh_orders(),
                            );
                            assert_eq!(o.kept(), fresh, "kept up to date");
                            children.push((o.key(), key(&s, Symmetry::of(&s)), s, o));
                        }
                        for a in &children {
                            for b in &children {
                                assert_eq!(a.0 == b.0, a.1 == b.1, "{name} {mode} {seed}: keys part alike");
                            }
                        }
                        if children.is_empty() {
                            break;
                        }
                        let pick = rng.below(children.len() as u32) as usize;
                        let (_, _, s, o) = children.swap_remove(pick);
                        (state, open) = (s, o);
                    }
                }
            }
        }
        assert!(positions > 5_000, "{positions} positions compared");
    }

    #[test]
    fn each_pile_has_room_for_the_most_it_can_hold() {
        // Building down: the cards dealt, then at most a card of each rank.
        let freecell = game(include_str!("../../../game-types/FreeCell/game.ini"), "hard").deal(1);
        let (onto, _) = freecell.fit_table();
        assert_eq!(Open::stride(onto, 7, usize::MAX), 20);
        assert_eq!(Open::compile(&freecell).map(|o| o.rules.stride), Some(20));
        // MaxAllowed caps what lies above the cards dealt, not those.
        assert_eq!(Open::stride(onto, 7, 10), 10);
        assert_eq!(Open::stride(onto, 12, 10), 12);
        // Where a card may lie on a higher or a lower one, a pile may hold
        // the whole deck.
        let either_way = std::array::from_fn(|m| {
            (0..64u8).filter(|&o| rank(o).abs_diff(rank(m as u8)) == 1).fold(0, |set, o| set | bit(o))
        });
        assert_eq!(Open::stride(&either_way, 7, usize::MAX), CARDS);
    }

    #[test]
    fn games_with_hidden_cards_or_a_stock_are_not_compiled() {
        let klondike = game(include_str!("../../../game-types/Klondike/game.ini"), "easy");
        assert!(Open::compile(&klondike.deal(1)).is_none());
        let spider = game(include_str!("../../../game-types/Spider One Suit/game.ini"), "easy");
        assert!(Open::compile(&spider.deal(1)).is_none());
    }
}
