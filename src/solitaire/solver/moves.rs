//! Which moves the search makes: every legal move of the engine but those
//! that lead nowhere new, each followed by the moves that are made without
//! choice (the session's automatic moves and safe lay-offs).
//!
//! - Automatic moves: whatever `Game::auto_move` makes after each move (as
//!   the session does), so a line replays exactly through a session.
//! - Safe lay-offs (dominance): with foundations built one way in suit, a card
//!   may go up when every card that could be built on it in the tableau,
//!   on those, and so on, could itself go up at once (all copies), unless
//!   it is up for good already (all copies, and TakeBack never brings it
//!   back). No winning line needs the card where it lies, so making the
//!   move at once loses nothing. Not from a waste dealt several cards at
//!   a time (taking a card out shifts which cards later deals uncover),
//!   nor when the move empties a tableau pile that then blocks dealing or
//!   is refilled by itself.
//! - Supermoves: where CheckFree refuses a run for want of room (Hard
//!   mode), the run is still tried when free cells and empty piles could
//!   carry it a part at a time, as a player would: it is made as the
//!   engine moves of [`steps`] (only in games without automatic moves,
//!   which would come in between).
//! - Stock plays: where a single stock deals to a single waste (and no
//!   automatic move can come in between), dealing and turning the waste
//!   over are not moves of their own: each card the stock can bring to the
//!   top of the waste before the end of the next whole pass is played from there in one step
//!   (the deals then the move). Dealing touches nothing but the stock and
//!   the waste, so any winning line can put off its deals until just
//!   before the waste card they uncover is played: nothing is lost.
//! - Moves that cannot lead anywhere new are not tried: a whole pile onto
//!   an empty pile of the same kind when such piles are interchangeable,
//!   a move onto an empty interchangeable pile other than the first
//!   empty one (they all give the same position), and a foundation card
//!   taken back only to be laid off again at once (it gives this one).
//! - Idle swaps: a run moved off a card X onto a card Y that takes the same
//!   cards X does (the twin of X in Klondike) only changes which of X and Y
//!   lies open. Where any run may move whole at any time, no free cell or
//!   deal can tell X alone from X under its run, and no pile limit can
//!   bite, a line that makes the swap and leaves X where it lies can move
//!   X's run (whatever has grown on it) instead, and put things on Y that
//!   it put on X, until X goes up: the swap is worth making only just
//!   before that, so it is tried only when X can go to a foundation at
//!   once, and made in one step with that lay-off. (Not in Spider: a
//!   swap there completes a suit on Y.)

use crate::cards::{Card, Rank};
use crate::core::Game;
use crate::solitaire::engine::{PileId, SolMove, Solitaire};
use crate::solitaire::rules::{Build, DealTo, PileKind, Rules, Sequence};

use super::key::{Symmetry, code};

/// At most this many automatic moves follow one move (as in the session).
const AUTO_LIMIT: usize = 10_000;

/// Makes the session's automatic moves.
fn settle(state: &mut Solitaire) {
    for _ in 0..AUTO_LIMIT {
        let Some(auto) = state.auto_move() else { break };
        if state.check(&auto).is_err() {
            break;
        }
        state.apply(&auto);
    }
}

/// Makes the moves that need no choice: automatic moves, then each safe
/// lay-off (calling `chosen` with it, as it is a move the player makes)
/// followed by the automatic moves again. With the player's auto-play the
/// lay-offs are automatic moves (see [`Rules::safe_auto_play`]).
pub fn close(state: &mut Solitaire, chosen: &mut dyn FnMut(SolMove)) {
    settle(state);
    while let Some(m) = safe_lay_off(state) {
        state.apply(&m);
        chosen(m);
        settle(state);
    }
}

/// [`close`] for the position a line starts from, which no move led to
/// (a deal, or the position on the table). The player's auto-play lays
/// cards off only after a move, so any lay-off waiting there is the
/// player's to make, and the others follow it by themselves: the first
/// is told to `chosen`. (Made without a word, the line would start with a
/// move the table refuses while that card still lies there.)
pub fn close_start(state: &mut Solitaire, chosen: &mut dyn FnMut(SolMove)) {
    if state.rules().safe_auto_play
        && let Some(m) = safe_lay_off(state)
    {
        state.apply(&m);
        chosen(m);
    }
    close(state, chosen);
}

/// A choice the search makes: `deals` stock actions (a deal, or turning
/// the waste over once the stock is empty), then the move `m`, then, if
/// `then_up`, the card `m` uncovers onto a foundation (a swap between
/// twins is made only for that: see the module notes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// At most 209 ([`folds_stock`] folds no more than two decks'
    /// stock): one byte keeps a step, and every node of a search, small.
    pub deals: u8,
    pub then_up: bool,
    pub m: SolMove,
}

impl Step {
    pub fn plain(m: SolMove) -> Step {
        Step { deals: 0, then_up: false, m }
    }
}

/// The stock action available: a deal from stock 1, or turning the waste
/// over.
fn stock_action(state: &Solitaire) -> Option<SolMove> {
    // The engine's yes-or-no questions: `check` would word a refusal.
    if state.can_deal(0) { Some(SolMove::Deal(0)) } else { state.can_recycle().then_some(SolMove::Recycle) }
}

/// Makes the stock action available on a settled position, if there is
/// one; the position stays settled. A deal to the waste touches nothing
/// that settling would change, so it is made without settling after it
/// (see `Solitaire::deal_from`): a stock play may deal dozens of times.
fn act_on_stock(state: &mut Solitaire) -> bool {
    match stock_action(state) {
        Some(SolMove::Deal(stock)) if state.rules().stock.deal_to == DealTo::Waste => {
            state.deal_from(usize::from(stock))
        }
        Some(action) => state.apply(&action),
        None => return false,
    }
    true
}

/// Makes `step` (a supermove in its parts) and everything that follows it
/// without choice.
pub fn play(state: &mut Solitaire, step: &Step) {
    if step.deals > 0 {
        // Settling first and after each deal comes to the same, as the
        // deals touch only the stock and the waste.
        state.settle();
        for _ in 0..step.deals {
            if !act_on_stock(state) {
                break;
            }
        }
    }
    if state.wants_room(&step.m) {
        for m in supermove_parts(state, &step.m) {
            state.apply(&m);
        }
    } else {
        state.apply(&step.m);
    }
    if step.then_up
        && let Some(up) = up_from(state, &step.m)
    {
        state.apply(&up);
    }
    close(state, &mut |_| {});
}

/// The engine moves that make `step`, in order.
pub fn steps(state: &Solitaire, step: &Step) -> Vec<SolMove> {
    if step.deals == 0 && !step.then_up {
        return supermove_parts(state, &step.m);
    }
    let mut scratch = state.clone();
    let mut out = Vec::new();
    for _ in 0..step.deals {
        let Some(action) = stock_action(&scratch) else { break };
        scratch.apply(&action);
        out.push(action);
    }
    for m in supermove_parts(&scratch, &step.m) {
        scratch.apply(&m);
        out.push(m);
    }
    out.extend(step.then_up.then(|| up_from(&scratch, &step.m)).flatten());
    out
}

/// The move of the card `m` uncovered (`m` made on `state`) onto the first
/// foundation that takes it.
fn up_from(state: &Solitaire, m: &SolMove) -> Option<SolMove> {
    let SolMove::Move { from, .. } = *m else { return None };
    (0..state.pile_count(PileKind::Foundation))
        .map(|f| PileId::new(PileKind::Foundation, f))
        .find(|&to| state.accepts(from, 1, to))
        .map(|to| SolMove::Move { from, count: 1, to })
}

/// The engine moves that make `m`: itself, or a supermove's parts.
fn supermove_parts(state: &Solitaire, m: &SolMove) -> Vec<SolMove> {
    if !state.wants_room(m) {
        return vec![*m];
    }
    let SolMove::Move { from, count, to } = *m else { return vec![*m] };
    let mut scratch = state.clone();
    let mut out = Vec::new();
    if carry(&mut scratch, from, usize::from(count), to, &mut out) { out } else { vec![*m] }
}

/// Moves the top `count` cards of `from` to `to` in moves the engine
/// takes, parking part of the run on an empty tableau pile first (the
/// classic halving: the part a parked pile can take with the room left,
/// then the rest, then the parked part back on top). Makes the moves on
/// `state` and lists them in `out`; false if it cannot be done.
fn carry(state: &mut Solitaire, from: PileId, count: usize, to: PileId, out: &mut Vec<SolMove>) -> bool {
    let m = SolMove::Move { from, count: count as u8, to };
    if state.accepts(from, count, to) {
        state.apply(&m);
        out.push(m);
        return true;
    }
    if !state.wants_room(&m) || count < 2 {
        return false;
    }
    let Some(park) = (0..state.pile_count(PileKind::Tableau))
        .map(|t| PileId::new(PileKind::Tableau, t))
        .find(|&p| p != to && p != from && state.pile(p.kind, p.index()).is_empty() && !state.is_covered(p.index()))
    else {
        return false;
    };
    let (cells, spaces) = room(state, to);
    // With `spaces` empty piles besides the target, one of them can take
    // (cells + 1) * 2^(spaces - 1) cards.
    let part = ((cells + 1) << spaces.saturating_sub(1).min(12)).min(count - 1);
    carry(state, from, part, park, out)
        && carry(state, from, count - part, to, out)
        && carry(state, park, part, to, out)
}

/// The free cells and the empty fillable tableau piles other than `to`.
fn room(state: &Solitaire, to: PileId) -> (usize, usize) {
    let rules = state.rules();
    let empty = |kind: PileKind, i: usize| PileId::new(kind, i) != to && state.pile(kind, i).is_empty();
    let cells = if rules.reserve.are_free_cells() {
        (0..state.pile_count(PileKind::Reserve)).filter(|&r| empty(PileKind::Reserve, r)).count()
    } else {
        0
    };
    let spaces = if rules.tableau.spaces_are_room() {
        (0..state.pile_count(PileKind::Tableau))
            .filter(|&t| empty(PileKind::Tableau, t) && !state.is_covered(t))
            .count()
    } else {
        0
    };
    (cells, spaces)
}

/// Runs CheckFree refuses that free cells and empty piles could carry in
/// steps (see the module notes), onto the piles `target` takes.
fn supermoves(state: &Solitaire, target: &dyn Fn(PileId) -> bool) -> Vec<SolMove> {
    let rules = state.rules();
    if !rules.tableau.check_free || rules.lays_off_by_itself() || rules.foundation.complete_sequences {
        return Vec::new();
    }
    let mut out = Vec::new();
    let tableau = state.pile_count(PileKind::Tableau);
    for f in 0..tableau {
        let from = PileId::new(PileKind::Tableau, f);
        for count in 2..=state.liftable(from) {
            for to in (0..tableau).filter(|&t| t != f).map(|t| PileId::new(PileKind::Tableau, t)).filter(|&t| target(t))
            {
                let top = state.pile(to.kind, to.index()).last();
                let bottom = state.pile(from.kind, from.index()).iter().rev().nth(count - 1).map(|s| s.card);
                if top.is_some_and(|top| bottom.is_none_or(|b| !state.builds_on(b, top.card))) {
                    continue;
                }
                let m = SolMove::Move { from, count: count as u8, to };
                if !state.wants_room(&m) {
                    continue;
                }
                let (cells, spaces) = room(state, to);
                if count <= (cells + 1) << spaces.min(12) && carry(&mut state.clone(), from, count, to, &mut Vec::new())
                {
                    out.push(m);
                }
            }
        }
    }
    out
}

/// Whether stock actions are folded into the moves that play the card
/// they uncover (see the module notes): where one stock deals to one
/// waste, and at most two decks, so that a stock play's deals fit a
/// [`Step`].
pub fn folds_stock(state: &Solitaire) -> bool {
    let rules = state.rules();
    rules.stock.deal_to == DealTo::Waste
        && rules.decks <= 2
        && rules.stock.visible
        && rules.stock.piles == 1
        && rules.waste_piles == 1
        && !rules.lays_off_by_itself()
        && !rules.foundation.complete_sequences
        && rules.addition == 0
}

/// The plays of each waste card the stock can bring up: for each number
/// of stock actions up to the end of the next whole pass through the
/// stock, the moves of the waste's top card then. `state` is settled, as
/// every position the searches reach is.
fn stock_plays(state: &Solitaire) -> Vec<Step> {
    let rules = state.rules();
    let (stock_pile, waste_pile) = (state.pile(PileKind::Stock, 0), state.pile(PileKind::Waste, 0));
    let waste = PileId::new(PileKind::Waste, 0);
    // The actions touch only the stock and the waste: the targets look the
    // same throughout, so they are asked about each card the waste shows
    // while the two piles' cards alone are dealt and turned over, as
    // `Solitaire::deal_from` and turning the waste over move them.
    let looks = state.glances(&|_| true);
    let mut stock: Vec<Card> = stock_pile.iter().map(|s| s.card).collect();
    let mut shown: Vec<Card> = waste_pile.iter().map(|s| s.card).collect();
    let mut recycles = state.recycles();
    let actions = stock_actions_looked_at(state);
    // A play or two for each action at most in most deals: room made at
    // once, since growing from nothing took reallocations at every position.
    let mut out = Vec::with_capacity(actions);
    for deals in 1..=actions {
        if !stock.is_empty() {
            for _ in 0..rules.stock.deal_count {
                let Some(card) = stock.pop() else { break };
                shown.push(card);
            }
        } else if !shown.is_empty() && rules.stock.redeals.is_none_or(|n| recycles < n) {
            stock.extend(shown.drain(..).rev());
            recycles += 1;
        } else {
            break;
        }
        let Some(&top) = shown.last() else { continue };
        for &(to, look) in &looks {
            if !look.refuses(top, 1) && state.takes_from_waste(waste, top, to) {
                out.push(Step { deals: deals as u8, then_up: false, m: SolMove::Move { from: waste, count: 1, to } });
            }
        }
    }
    out
}

/// How many stock actions [`stock_plays`] looks through: the rest of
/// this pass, turning the waste over, and a whole pass (at most what a
/// [`Step`] holds).
fn stock_actions_looked_at(state: &Solitaire) -> usize {
    let per = state.rules().stock.deal_count.max(1);
    let (stock, waste) = (state.pile(PileKind::Stock, 0).len(), state.pile(PileKind::Waste, 0).len());
    (stock.div_ceil(per) + 1 + (stock + waste).div_ceil(per)).min(usize::from(u8::MAX))
}

/// The moves worth trying from `state`.
pub fn worth_trying(state: &Solitaire, symmetry: Symmetry) -> Vec<Step> {
    let mut first_empty = [None; 5];
    for kind in [PileKind::Tableau, PileKind::Reserve, PileKind::Foundation] {
        first_empty[kind as usize] = (0..state.pile_count(kind)).find(|&i| state.pile(kind, i).is_empty());
    }
    // Of the empty piles that play alike, only the first is a target.
    let target = |to: PileId| {
        !symmetry.of_kind(to.kind)
            || !state.pile(to.kind, to.index()).is_empty()
            || first_empty[to.kind as usize] == Some(to.index())
    };
    let folds = folds_stock(state);
    let mut moves = state.legal_moves_onto(&target);
    moves.extend(supermoves(state, &target));
    if folds {
        moves.retain(|m| !matches!(m, SolMove::Deal(_) | SolMove::Recycle));
    }
    // A whole pile onto an empty one like it.
    moves.retain(|m| {
        let SolMove::Move { from, count, to } = *m else { return true };
        !(symmetry.of_kind(to.kind)
            && state.pile(to.kind, to.index()).is_empty()
            && from.kind == to.kind
            && usize::from(count) == state.pile(from.kind, from.index()).len())
    });
    // A swap is worth making only just before the card it uncovers goes
    // up: it is made together with that lay-off, one step (where the key
    // takes the runs on twins as a set, the swap alone leads back here).
    let swaps = swaps_pruned(state);
    let mut up = None;
    let plays = if folds { stock_plays(state) } else { Vec::new() };
    let mut steps: Vec<Step> = Vec::with_capacity(moves.len() + plays.len());
    steps.extend(moves.into_iter().filter_map(|m| {
        let swap = swaps && is_swap(state, &m);
        let idle = swap && !uncovers_for_foundation(state, &m);
        (!idle && !comes_straight_back(state, symmetry, &mut up, &m))
            .then_some(Step { then_up: swap, ..Step::plain(m) })
    }));
    steps.extend(plays.into_iter().filter(|s| match s.m {
        SolMove::Move { to, .. } => target(to),
        _ => true,
    }));
    steps
}

/// How much less a sideways move is worth trying than the position it
/// leads to.
pub const SIDEWAYS: i64 = 20;

/// A move of tableau cards that already rest on a card they build on to
/// another non-empty tableau pile, onto a card no better (one of their suit
/// is better than one of another): it uncovers nothing new.
pub fn sideways(state: &Solitaire, m: &SolMove) -> bool {
    let SolMove::Move { from, count, to } = *m else { return false };
    if from.kind != PileKind::Tableau || to.kind != PileKind::Tableau {
        return false;
    }
    let src = state.pile(from.kind, from.index());
    let Some(base) = src.len().checked_sub(usize::from(count) + 1) else { return false };
    let Some(onto) = state.pile(to.kind, to.index()).last() else { return false };
    let moving = src[base + 1].card;
    let fit = |under: Card| match (state.builds_on(moving, under), under.suit == moving.suit) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => 2,
    };
    src[base].face_up && fit(src[base].card) > 0 && fit(onto.card) <= fit(src[base].card)
}

/// Whether idle swaps (see the module notes) may be left out in this game
/// and position.
fn swaps_pruned(state: &Solitaire) -> bool {
    let rules = state.rules();
    swaps_pruned_given_runs(rules)
        && (rules.tableau.max_allowed >= rules.decks * 52
            || (0..state.pile_count(PileKind::Tableau)).all(|i| state.face_up_moves_whole(i)))
}

/// Whether idle swaps may be left out in a game of `rules` where the
/// face-up cards of every tableau pile are one run.
fn swaps_pruned_given_runs(rules: &Rules) -> bool {
    let t = &rules.tableau;
    let whole_runs = t.max_move.is_none() && !t.check_free && !t.stack_suit_check && rules.addition == 0;
    let nothing_else_tells = rules.reserve.piles == 0
        && !rules.lays_off_by_itself()
        && !rules.foundation.complete_sequences
        && !rules.foundation.discard
        && rules.stock.deal_to != DealTo::Tableau;
    // A pile's face-up cards never outnumber its limit: there are not that
    // many cards, or every pile's face-up cards are one run, which stays so
    // (cards only ever go on in sequence) and is at most a suit long.
    let unlimited = t.max_allowed >= rules.decks * 52
        || (t.max_allowed >= 13
            && t.check_in_order
            && !t.allow_wrap
            && matches!(t.sequence, Sequence::Higher | Sequence::Lower));
    whole_runs && nothing_else_tells && unlimited
}

/// Whether the runs lying on twins (cards that take the same cards) are a
/// set in a game of `rules` where the face-up cards of every tableau pile
/// are one run (so that what lies on a twin may move whole): then the key
/// deals them out among the twins in a canonical order (see
/// [`key`](super::key), which checks the runs).
///
/// Where idle swaps are left out, two positions that differ only in which
/// of two twins holds which run play alike: each line from one is matched
/// from the other, move for move on the same cards, but for a twin going
/// up, which the other position makes by first swapping the run off it
/// (onto the other twin, then open), a step of its own here. That needs,
/// besides what [`swaps_pruned`] asks, one deck (the twins are told apart
/// by their cards) and builds checked in order.
pub fn twins_interchange(rules: &Rules) -> bool {
    rules.decks == 1 && rules.tableau.check_in_order && swaps_pruned_given_runs(rules)
}

/// Whether `m` is a swap: a sideways move between open tableau piles onto
/// a card that takes what the card it uncovers takes.
fn is_swap(state: &Solitaire, m: &SolMove) -> bool {
    let SolMove::Move { from, count, to } = *m else { return false };
    if !sideways(state, m) || state.is_covered(from.index()) || state.is_covered(to.index()) {
        return false;
    }
    let src = state.pile(from.kind, from.index());
    let uncovered = src[src.len() - usize::from(count) - 1].card;
    state.pile(to.kind, to.index()).last().is_some_and(|onto| state.takes_alike(uncovered, onto.card))
}

/// Whether the card that move `m` uncovers can go up after it: a swap
/// that does not let it is idle.
fn uncovers_for_foundation(state: &Solitaire, m: &SolMove) -> bool {
    let SolMove::Move { from, count, .. } = *m else { return false };
    let src = state.pile(from.kind, from.index());
    // The move leaves the foundations as they are.
    src.len() > usize::from(count) && state.foundation_takes(from, src[src.len() - usize::from(count) - 1].card)
}

/// Steps from the foundations' start rank to `rank` going up (with wrap).
pub fn steps_up(state: &Solitaire, rank: Rank) -> Option<usize> {
    let rules = state.rules();
    let (from, to) = (rules.order(state.start_rank()), rules.order(rank));
    if to >= from {
        Some(usize::from(to - from))
    } else if rules.foundation.allow_wrap {
        Some(usize::from(to + 13 - from))
    } else {
        None
    }
}

/// What the lay-off question asks of the foundations, worked out once per
/// position as sets of cards (a bit each by [`code`]; copies are alike).
struct UpSets {
    /// The game's cards.
    in_game: u64,
    /// The cards every copy of which is up or could go up at once: the
    /// cards before it in its suit's foundation order (below it, or above
    /// it on foundations built down) are all up, all copies.
    ready: u64,
    /// The cards every copy of which is up.
    laid_off: u64,
}

impl UpSets {
    /// Worked out in a few dozen steps: this runs at every position with a
    /// card a foundation takes, several times over.
    fn of(state: &Solitaire) -> UpSets {
        let rules = state.rules();
        // By steps from the start rank (up, or down on foundations built
        // down), the ranks at most that many steps on, a bit each at the
        // clubs' place of [`code`].
        let mut within = [0u64; 13];
        let ((bottom, top), start) = (rules.order_range(), rules.order(state.start_rank()));
        let down = rules.foundation.build == Build::Down;
        let mut ranks = 0;
        for (steps, within) in within.iter_mut().enumerate() {
            // The place in the rank order `steps` on from the start.
            let mut order = if down { i32::from(start) - steps as i32 } else { i32::from(start) + steps as i32 };
            if rules.foundation.allow_wrap {
                if order > i32::from(top) {
                    order -= 13;
                } else if order < i32::from(bottom) {
                    order += 13;
                }
            }
            if (i32::from(bottom)..=i32::from(top)).contains(&order) {
                // Ace high or low, the ace's code is 1.
                ranks |= 1 << (if order == 14 { 1 } else { order } * 4);
            }
            *within = ranks;
        }
        // By suit, how many foundations of it have cards and the fewest
        // cards one of them holds. A foundation starts with its suit's
        // start card, so at most `copies` of them hold a suit.
        let mut holding = [(0, usize::MAX); 4];
        for f in 0..state.pile_count(PileKind::Foundation) {
            let pile = state.pile(PileKind::Foundation, f);
            if let Some(first) = pile.first() {
                let (n, fewest) = &mut holding[first.card.suit as usize];
                *n += 1;
                *fewest = (*fewest).min(pile.len());
            }
        }
        let mut sets = UpSets { in_game: 0, ready: 0, laid_off: 0 };
        for &suit in &rules.suits {
            // How high every copy's foundation of this suit stands.
            let (n, fewest) = holding[suit as usize];
            let sure = if n < rules.copies(Card::new(Rank::ACE, suit)) { 0 } else { fewest.min(13) };
            let s = suit as u32;
            sets.in_game |= ALL_RANKS << s;
            // A card `steps` up is ready when `steps <= sure`, up for good
            // when `steps < sure` (a whole suit up: every card, both ways).
            sets.ready |= within[sure.min(12)] << s;
            if sure > 0 {
                sets.laid_off |= within[sure - 1] << s;
            }
        }
        sets
    }
}

/// Every rank's bit at the clubs' place of [`code`].
const ALL_RANKS: u64 = {
    let mut ranks = 0;
    let mut value = 1;
    while value <= 13 {
        ranks |= 1 << (value * 4);
        value += 1;
    }
    ranks
};

/// A card's bit in a set of cards by [`code`].
fn bit(card: Card) -> u64 {
    1 << code(card)
}

/// Whether an empty tableau pile blocks dealing or is refilled by itself.
fn gaps_tell(rules: &Rules) -> bool {
    rules.tableau.fill_from_reserve || (rules.stock.deal_to == DealTo::Tableau && rules.stock.deal_needs_no_gaps)
}

/// Whether `m` takes a foundation card back onto the tableau only for it
/// to be laid off again at once, so that it leads back to this very
/// position (the foundations being a set).
///
/// Whether the card would be laid off is judged on this position, where it
/// is still up: the same answer as after the move wherever the tableau
/// builds down and nothing wraps, as then the cards that could come to lie
/// on it are all lower, and whether they could go up asks nothing of its
/// own foundation from it upward.
///
/// `up` is worked out at the first such move and kept for the others.
fn comes_straight_back(state: &Solitaire, symmetry: Symmetry, up: &mut Option<UpSets>, m: &SolMove) -> bool {
    // Most moves are not taken back from a foundation: ask that first.
    let SolMove::Move { from, count: 1, to } = *m else { return false };
    if from.kind != PileKind::Foundation || to.kind != PileKind::Tableau {
        return false;
    }
    let rules = state.rules();
    // Judged for foundations built up only (with a tableau built down).
    let judged_alike = rules.tableau.sequence == Sequence::Lower
        && rules.foundation.build == Build::Up
        && !rules.tableau.allow_wrap
        && !rules.foundation.allow_wrap
        && !rules.lays_off_by_itself()
        && symmetry.of_kind(PileKind::Foundation);
    if !judged_alike || !rules.lay_offs_judged() || gaps_tell(rules) || state.is_covered(to.index()) {
        return false;
    }
    let Some(top) = state.pile(from.kind, from.index()).last() else { return false };
    needed_by_none(state, up.get_or_insert_with(|| UpSets::of(state)), top.card)
}

/// A safe lay-off from here, if there is one (see the module notes).
pub fn safe_lay_off(state: &Solitaire) -> Option<SolMove> {
    let rules = state.rules();
    if !rules.lay_offs_judged() {
        return None;
    }
    let blocks_or_refills = gaps_tell(rules);
    // A card taken back could fill a gap that would otherwise block a deal
    // or be refilled: where gaps tell, no line may be judged to need no
    // foundation card back.
    if blocks_or_refills && rules.foundation.take_back {
        return None;
    }
    // A look at the foundations' tops, to pass over at once the cards no
    // foundation takes (most of them) before the engine's full check: by
    // suit, a bit for each rank some foundation takes next.
    let mut next = [0u16; 4];
    for f in 0..state.pile_count(PileKind::Foundation) {
        match state.pile(PileKind::Foundation, f).last() {
            None => next.iter_mut().for_each(|ranks| *ranks |= 1 << state.start_rank().value()),
            Some(top) => {
                let wrap = rules.foundation.allow_wrap;
                let following = match rules.foundation.build {
                    Build::Down => rules.rank_below(top.card.rank, wrap),
                    _ => rules.rank_above(top.card.rank, wrap),
                };
                if let Some(rank) = following {
                    next[top.card.suit as usize] |= 1 << rank.value();
                }
            }
        }
    }
    let may_go_up = |card: Card| next[card.suit as usize] >> card.rank.value() & 1 == 1;
    // Worked out at the first card a foundation takes.
    let mut up = None;
    let sources = [PileKind::Tableau, PileKind::Reserve, PileKind::Waste];
    for kind in sources {
        if kind == PileKind::Waste && rules.stock.deal_count > 1 {
            continue;
        }
        for i in 0..state.pile_count(kind) {
            let pile = state.pile(kind, i);
            let Some(top) = pile.last().filter(|s| s.face_up && may_go_up(s.card)) else { continue };
            if kind == PileKind::Tableau && (state.is_covered(i) || (pile.len() == 1 && blocks_or_refills)) {
                continue;
            }
            let from = PileId::new(kind, i);
            let Some(to) = (0..state.pile_count(PileKind::Foundation))
                .map(|f| PileId::new(PileKind::Foundation, f))
                .find(|&to| state.accepts(from, 1, to))
            else {
                continue;
            };
            if needed_by_none(state, up.get_or_insert_with(|| UpSets::of(state)), top.card) {
                return Some(SolMove::Move { from, count: 1, to });
            }
        }
    }
    None
}

/// Whether no winning line needs `card` to hold another: every card that
/// could be built on it in the tableau, on those, and so on, is ready to
/// go up at once (the cards below it in its suit up, all copies), but for
/// the cards up for good. Such a card never needs a card to lie on:
/// wherever a line would put it (or a run of the closure starting with
/// it) on `card`, the run can go up instead, top card first, and what the
/// line later builds on those cards is of the closure too, so it goes up
/// in turn. Moving fewer cards never makes a later move illegal.
///
/// A card is up for good where all its copies are up and TakeBack is off:
/// the question does not go on through it. Where TakeBack lets foundation
/// cards come back, a card up may come back to hold another, so the
/// question goes down the whole closure. This is Solvitaire's rule for
/// Klondike with cards coming back (the five of hearts goes up once both
/// black threes and the two of diamonds are up) found for any build; in
/// FreeCell, a red five goes up once the black threes and the other red
/// suit's two are up. (With cards coming back, asking only that the cards
/// built on `card` be up is not enough: with both black fours up but the
/// two of diamonds down, a winning line may take the four of clubs back
/// onto the five of hearts to hold the three of diamonds.)
fn needed_by_none(state: &Solitaire, up: &UpSets, card: Card) -> bool {
    let comes_back = state.rules().foundation.take_back;
    let (_, under) = state.fit_table();
    // Lay-offs are judged only where the tableau builds in sequence, so
    // the fit table names only cards next in rank to the holder.
    let passed_over = if comes_back { 0 } else { up.laid_off };
    let mut seen = bit(card);
    let mut holders = seen;
    while holders != 0 {
        let holder = holders.trailing_zeros() as usize;
        holders &= holders - 1;
        let on = under[holder] & up.in_game & !seen & !passed_over;
        if on & !up.ready != 0 {
            return false;
        }
        seen |= on;
        holders |= on;
    }
    true
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::solitaire::deal::deal;
    use crate::solitaire::rules::examples;

    /// The stock plays found by dealing on a copy of the game, each
    /// action the engine's and each move asked of it.
    fn stock_plays_dealt(state: &Solitaire) -> Vec<Step> {
        let mut scratch = state.clone();
        let waste = PileId::new(PileKind::Waste, 0);
        let mut out = Vec::new();
        for deals in 1..=stock_actions_looked_at(state) {
            let Some(action) = stock_action(&scratch) else { break };
            scratch.apply(&action);
            if scratch.pile(PileKind::Waste, 0).is_empty() {
                continue;
            }
            for kind in [PileKind::Foundation, PileKind::Tableau, PileKind::Reserve] {
                for to in (0..scratch.pile_count(kind)).map(|i| PileId::new(kind, i)) {
                    if scratch.accepts(waste, 1, to) {
                        let m = SolMove::Move { from: waste, count: 1, to };
                        out.push(Step { deals: deals as u8, then_up: false, m });
                    }
                }
            }
        }
        out
    }

    #[test]
    fn stock_plays_are_the_plays_dealing_on_the_game_finds() {
        let mut three = examples::klondike();
        three.stock.deal_count = 3;
        let mut twice = three.clone();
        twice.stock.redeals = Some(1);
        let mut compared = 0;
        for rules in [examples::klondike(), three, twice, examples::canfield()] {
            let rules = Arc::new(rules);
            for seed in 1..=12 {
                let mut state = deal(&rules, seed);
                // A fixed walk of legal moves, stock actions among them.
                let mut pick = seed;
                for _ in 0..80 {
                    assert_eq!(stock_plays(&state), stock_plays_dealt(&state), "seed {seed}");
                    compared += 1;
                    let moves = state.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    state.apply(&moves[(pick >> 33) as usize % moves.len()]);
                }
            }
        }
        assert!(compared > 2000, "{compared} positions compared");
    }
}
