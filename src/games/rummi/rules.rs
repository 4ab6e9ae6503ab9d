//! Rummi's rules: two players (you and the program), 14 tiles each, the
//! table shared. A turn is a series of tile moves ended by `ok` (the table
//! must then hold only valid sets, and a player's first play must total at
//! least 30 from their own tray), `draw` (nothing moved: take a tile), or
//! `penalty` (after an invalid play: the invalid series go to the tray and
//! five tiles are drawn). Table tiles may be rearranged, never taken to a
//! tray. Players holding two tiles of a kind may swap one for one of the
//! other's pairs. The first to empty their tray wins; when the pile is
//! empty and both pass in a row, the one holding fewer tiles wins.

use crate::core::{Game, GameRng, Refusal, Status, Variant, fnv1a64};

use super::moves::{Move, Source, Target};
use super::table::{self, Table};
use super::tile::{Kind, TILES, TileId};

/// Tiles each player takes at the start.
pub const HAND: usize = 14;
/// What a player's first play must total.
pub const FIRST_PLAY: u32 = 30;
/// Tiles drawn as a penalty for an invalid play.
pub const PENALTY: usize = 5;
/// The most tiles one tray can hold: all but one. While the game goes on
/// the other side holds at least one (an empty tray ends the game), and a
/// penalty brings every invalid series on the table, whoever laid its
/// tiles, back to the tray that pays it, so the whole table can end up
/// there too. Drawing alone reaches 90 in Single play (14 dealt and the
/// 76 of the pile).
pub const MOST_HELD: usize = TILES - 1;

/// The two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The person at the keyboard.
    Player,
    /// The computer.
    Program,
}

impl Side {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Side {
        match self {
            Side::Player => Side::Program,
            Side::Program => Side::Player,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This side emptied its tray.
    Out(Side),
    /// The pile ran out and both passed in a row: the side holding fewer
    /// tiles (then the lower total) wins; `None` is a tie.
    Blocked { winner: Option<Side> },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rummi {
    /// Face down; tiles are drawn from the end.
    pile: Vec<TileId>,
    /// Each side's tray, sorted (by colour, then number).
    trays: [Vec<TileId>; 2],
    table: Table,
    turn: Side,
    /// The table as the turn found it.
    start: Table,
    /// Tiles put from the mover's tray onto the table this turn.
    played: Vec<TileId>,
    /// Whether each side has made its first play.
    melded: [bool; 2],
    /// Single play: the program does not play.
    single: bool,
    /// Turns in a row ended without a tile played or drawn (the pile being
    /// empty).
    passes: u8,
    ending: Option<Ending>,
}

impl Rummi {
    /// A game about to start: `trays` dealt, `pile` left, `first` to move.
    pub fn new(pile: Vec<TileId>, trays: [Vec<TileId>; 2], table: Table, first: Side) -> Rummi {
        let mut g = Rummi {
            pile,
            trays,
            start: table.clone(),
            table,
            turn: first,
            played: Vec::new(),
            melded: [false; 2],
            single: false,
            passes: 0,
            ending: None,
        };
        g.trays.iter_mut().for_each(|t| t.sort_unstable());
        g
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn tray(&self, side: Side) -> &[TileId] {
        &self.trays[side.index()]
    }

    pub fn pile(&self) -> &[TileId] {
        &self.pile
    }

    pub fn turn(&self) -> Side {
        self.turn
    }

    pub fn single(&self) -> bool {
        self.single
    }

    pub fn melded(&self, side: Side) -> bool {
        self.melded[side.index()]
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// Tiles the mover has put on the table this turn.
    pub fn played(&self) -> &[TileId] {
        &self.played
    }

    /// The numbers of the tiles played this turn, added up.
    pub fn played_value(&self) -> u32 {
        self.played.iter().map(|t| u32::from(t.kind().number())).sum()
    }

    /// Whether anything moved this turn: the gadget then says OK rather
    /// than offering to take a tile.
    pub fn moved(&self) -> bool {
        !self.played.is_empty() || self.table != self.start
    }

    /// The kinds `side` holds twice.
    pub fn duplicates(&self, side: Side) -> Vec<Kind> {
        let tray = self.tray(side);
        let mut kinds: Vec<Kind> =
            tray.windows(2).filter(|w| w[0].kind() == w[1].kind()).map(|w| w[0].kind()).collect();
        kinds.dedup();
        kinds
    }

    /// Why the turn may not end with OK now, if it may not.
    pub fn end_problem(&self) -> Option<String> {
        let invalid = self.table.series().iter().filter(|s| !s.is_valid_set()).count();
        if invalid > 0 {
            let what = if invalid == 1 { "One series on the table is" } else { "Some series on the table are" };
            return Some(format!("{what} not a valid set (a run of 3 or more, or a group of 3 or 4)."));
        }
        if self.short_first_play() {
            let total = self.played_value();
            return Some(format!(
                "A first play must total at least {FIRST_PLAY} from the tray; this one totals {total}."
            ));
        }
        None
    }

    /// Whether the mover has yet to make a first play and this turn's
    /// tiles total less than it must. A turn that plays no tile (the
    /// table only rearranged) is no first play: it ends with a tile
    /// taken, as any turn that plays none does.
    fn short_first_play(&self) -> bool {
        !self.melded(self.turn) && !self.played.is_empty() && self.played_value() < FIRST_PLAY
    }

    /// The series the turn may not end with, which the view frames: every
    /// one that is not a valid set and, while a first play is short, every
    /// one the turn made or changed, valid or not (the penalty puts them
    /// all back). Series are compared by their tiles, as a series pushed
    /// along by a growing neighbour is still the one the turn found.
    pub fn faulty_series(&self) -> impl Iterator<Item = &table::Series> {
        let short = self.short_first_play();
        let found = |s: &table::Series| self.start.series().iter().any(|old| old.tiles == s.tiles);
        self.table.series().iter().filter(move |s| !s.is_valid_set() || (short && !found(s)))
    }

    fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
        Err(Refusal::new(why))
    }

    /// Checks a move and makes it, or says why not; on refusal the state
    /// may be half changed, so callers work on a copy (see `check`).
    fn perform(&mut self, m: &Move) -> Result<(), Refusal> {
        if self.ending.is_some() {
            return Self::refuse("The game is over.");
        }
        match *m {
            Move::Put { from, to } => self.put(from, to),
            Move::Swap { give, take } => self.swap(give, take),
            Move::Done => {
                if !self.moved() {
                    return Self::refuse("Nothing has moved: take a tile instead.");
                }
                if let Some(why) = self.end_problem() {
                    return Self::refuse(why);
                }
                let mover = self.turn.index();
                if !self.played.is_empty() {
                    self.melded[mover] = true;
                }
                if self.trays[mover].is_empty() {
                    self.ending = Some(Ending::Out(self.turn));
                    return Ok(());
                }
                if self.played.is_empty() {
                    // Only rearranged: a player who plays no tile takes one.
                    self.draw(1);
                } else {
                    self.passes = 0;
                }
                self.end_turn();
                Ok(())
            }
            Move::Draw => {
                if self.moved() {
                    return Self::refuse("Tiles have moved: press OK, or put them back first.");
                }
                self.draw(1);
                self.end_turn();
                Ok(())
            }
            Move::Penalty => {
                if !self.moved() || self.end_problem().is_none() {
                    return Self::refuse("The play is valid: there is nothing to pay a penalty for.");
                }
                self.take_back_invalid();
                self.draw(PENALTY);
                self.end_turn();
                Ok(())
            }
            Move::Single(on) => {
                if self.single == on {
                    return Self::refuse(if on { "Single play is on already." } else { "Single play is off already." });
                }
                if self.turn != Side::Player && self.moved() {
                    return Self::refuse("Wait for the program's turn to end.");
                }
                self.single = on;
                // The program stops before its turn: the turn is yours.
                self.turn = Side::Player;
                Ok(())
            }
        }
    }

    fn put(&mut self, from: Source, to: Target) -> Result<(), Refusal> {
        let mover = self.turn.index();
        // The target series is found again by its first tile once the
        // source tile has left the table.
        let anchor = match to {
            Target::Series(j) => {
                let Some(s) = self.table.series().get(j) else {
                    return Self::refuse(format!("There is no series {j} on the table."));
                };
                if matches!(from, Source::Table { series, .. } if series == j) {
                    return Self::refuse("The tile is in that series already.");
                }
                Some(s.tiles[0])
            }
            _ => None,
        };
        let id = match from {
            Source::Tray(kind) => {
                if to == Target::Tray {
                    return Self::refuse(format!("{kind} is on the tray already."));
                }
                let Some(at) = self.trays[mover].iter().position(|t| t.kind() == kind) else {
                    return Self::refuse(format!("There is no {kind} on the tray."));
                };
                let id = self.trays[mover].remove(at);
                self.played.push(id);
                id
            }
            Source::Table { series, kind } => {
                let Some(s) = self.table.series().get(series) else {
                    return Self::refuse(format!("There is no series {series} on the table."));
                };
                let Some(pos) = s.tiles.iter().position(|t| t.kind() == kind) else {
                    return Self::refuse(format!("Series {series} has no {kind}."));
                };
                self.table.take(series, pos)
            }
        };
        match to {
            Target::Series(_) => {
                let anchor = anchor.expect("a series target has an anchor");
                let (j, _) = self.table.find(anchor).expect("the target series is still on the table");
                self.table.drop_on(j, id).map_err(Refusal::new)
            }
            Target::Cell { row, col } => self.table.place(row, col, id).map_err(Refusal::new),
            Target::Tray => {
                let Some(at) = self.played.iter().position(|&t| t == id) else {
                    return Self::refuse("Tiles from the table stay on it.");
                };
                self.played.remove(at);
                insert_sorted(&mut self.trays[mover], id);
                Ok(())
            }
        }
    }

    fn swap(&mut self, give: Kind, take: Kind) -> Result<(), Refusal> {
        let (mover, other) = (self.turn.index(), self.turn.other().index());
        if !self.duplicates(self.turn).contains(&give) {
            return Self::refuse(format!("Only a duplicate can be swapped: there is one {give} on the tray."));
        }
        if !self.duplicates(self.turn.other()).contains(&take) {
            return Self::refuse(format!("The other side has no pair of {take}."));
        }
        let g = self.trays[mover].iter().rposition(|t| t.kind() == give).expect("a duplicate is held");
        let t = self.trays[other].iter().rposition(|t| t.kind() == take).expect("a duplicate is held");
        let given = self.trays[mover].remove(g);
        let taken = self.trays[other].remove(t);
        insert_sorted(&mut self.trays[other], given);
        insert_sorted(&mut self.trays[mover], taken);
        Ok(())
    }

    /// Takes up to `n` tiles from the pile onto the mover's tray; a turn
    /// that draws nothing counts as a pass.
    fn draw(&mut self, n: usize) {
        let mover = self.turn.index();
        let n = n.min(self.pile.len());
        if n == 0 {
            self.passes += 1;
            return;
        }
        self.passes = 0;
        for _ in 0..n {
            let id = self.pile.pop().expect("counted");
            insert_sorted(&mut self.trays[mover], id);
        }
    }

    /// After an invalid OK: a player yet to make a first play gets the
    /// table back as it was and the tiles played; otherwise every invalid
    /// series goes onto the tray.
    fn take_back_invalid(&mut self) {
        let mover = self.turn.index();
        let back: Vec<TileId> = if self.melded[mover] {
            let mut back = Vec::new();
            while let Some(i) = self.table.series().iter().position(|s| !s.is_valid_set()) {
                let len = self.table.series()[i].tiles.len();
                for _ in 0..len {
                    back.push(self.table.take(i, 0));
                    if self.table.series().get(i).is_none_or(|s| s.tiles.is_empty()) {
                        break;
                    }
                }
            }
            back
        } else {
            self.table = self.start.clone();
            std::mem::take(&mut self.played)
        };
        for id in back {
            insert_sorted(&mut self.trays[mover], id);
        }
    }

    fn end_turn(&mut self) {
        self.played.clear();
        self.start = self.table.clone();
        if !self.single {
            self.turn = self.turn.other();
        }
        let sides_to_pass = if self.single { 1 } else { 2 };
        if self.pile.is_empty() && self.passes >= sides_to_pass {
            self.ending = Some(Ending::Blocked { winner: self.fewer() });
        }
    }

    /// The numbers of the tiles `side` holds, added up: what decides a
    /// blocked game between trays of as many tiles.
    pub fn tray_total(&self, side: Side) -> u32 {
        self.tray(side).iter().map(|t| u32::from(t.kind().number())).sum()
    }

    /// The side holding fewer tiles, then the lower total; none on a tie.
    fn fewer(&self) -> Option<Side> {
        let weight = |s: Side| (self.tray(s).len(), self.tray_total(s));
        let (p, q) = (weight(Side::Player), weight(Side::Program));
        match p.cmp(&q) {
            std::cmp::Ordering::Less => Some(Side::Player),
            std::cmp::Ordering::Greater => Some(Side::Program),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Every tile of the game, wherever it is (for the tests that prove
    /// none is made or lost).
    pub fn all_tiles(&self) -> Vec<TileId> {
        let mut all: Vec<TileId> = self.pile.iter().chain(self.trays.iter().flatten()).copied().collect();
        all.extend(self.table.tiles());
        all.sort_unstable();
        all
    }
}

fn insert_sorted(tray: &mut Vec<TileId>, id: TileId) {
    let at = tray.partition_point(|&t| t < id);
    tray.insert(at, id);
}

impl Game for Rummi {
    type Move = Move;

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        Move::parse(text)
    }

    fn move_text(&self, m: &Move) -> String {
        m.to_string()
    }

    fn check(&self, m: &Move) -> Result<(), Refusal> {
        let mut after = self.clone();
        after.perform(m)?;
        if after == *self {
            return Err(Refusal::new("The tile is there already."));
        }
        Ok(())
    }

    fn apply(&mut self, m: &Move) {
        self.perform(m).expect("apply is called with checked moves");
    }

    fn status(&self) -> Status {
        match self.ending {
            None => Status::Playing,
            Some(Ending::Out(Side::Player) | Ending::Blocked { winner: Some(Side::Player) }) => Status::Won,
            Some(_) => Status::Lost,
        }
    }

    /// The tiles left on the player's tray (what the statistics add up).
    fn score(&self) -> i64 {
        self.tray(Side::Player).len() as i64
    }
}

/// Rummi with a table of `cols` x `rows` cells (the screen size decides it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RummiVariant {
    pub cols: u16,
    pub rows: u16,
}

impl Default for RummiVariant {
    fn default() -> Self {
        RummiVariant { cols: table::DEFAULT_COLS, rows: table::DEFAULT_ROWS }
    }
}

impl RummiVariant {
    /// The variant with a table of this size, or why the size will not do.
    pub fn sized(cols: u16, rows: u16) -> Result<RummiVariant, String> {
        let ok =
            (table::MIN_COLS..=table::MAX_COLS).contains(&cols) && (table::MIN_ROWS..=table::MAX_ROWS).contains(&rows);
        if !ok {
            return Err(format!(
                "a table of {cols} x {rows} will not do: {}-{} columns and {}-{} rows",
                table::MIN_COLS,
                table::MAX_COLS,
                table::MIN_ROWS,
                table::MAX_ROWS
            ));
        }
        Ok(RummiVariant { cols, rows })
    }
}

impl Variant for RummiVariant {
    type Game = Rummi;

    fn id(&self) -> &str {
        "rummi"
    }

    fn content_hash(&self) -> u64 {
        fnv1a64(b"rummi 1.3 rules, parlour 1")
    }

    fn options(&self) -> String {
        format!("table={}x{}", self.cols, self.rows)
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        if options.trim().is_empty() {
            return Ok(RummiVariant::default());
        }
        let size =
            options.trim().strip_prefix("table=").ok_or_else(|| format!("`{options}` is not `table=COLSxROWS`"))?;
        let (c, r) = size.split_once('x').ok_or_else(|| format!("`{size}` is not COLSxROWS"))?;
        let parse = |t: &str| t.parse::<u16>().map_err(|_| format!("`{t}` in `{options}` is not a number"));
        RummiVariant::sized(parse(c)?, parse(r)?)
    }

    fn deal(&self, seed: u64) -> Rummi {
        let mut rng = GameRng::new(seed);
        let mut pile: Vec<TileId> = TileId::all().collect();
        debug_assert_eq!(pile.len(), TILES);
        rng.shuffle(&mut pile);
        let player = pile.split_off(pile.len() - HAND);
        let program = pile.split_off(pile.len() - HAND);
        let first = if rng.below(2) == 0 { Side::Player } else { Side::Program };
        Rummi::new(pile, [player, program], Table::new(self.cols, self.rows), first)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<TileId> {
        let mut seen = std::collections::HashMap::new();
        text.split_whitespace()
            .map(|t| {
                let k = Kind::parse(t).unwrap();
                let copy = seen.entry(k).or_insert(0);
                *copy += 1;
                TileId::new(k, *copy - 1)
            })
            .collect()
    }

    /// A game with these trays, table sets and pile, the player to move.
    pub(crate) fn position(player: &str, program: &str, table: &[&str], pile: &str) -> Rummi {
        let mut t = Table::new(24, 9);
        for set in table {
            t.add_series(ids(set));
        }
        let mut g = Rummi::new(ids(pile), [ids(player), ids(program)], t, Side::Player);
        g.melded = [true, true];
        g
    }

    fn play(g: &mut Rummi, text: &str) -> Result<(), String> {
        let m = g.parse_move(text)?;
        g.check(&m).map_err(|r| r.to_string())?;
        g.apply(&m);
        Ok(())
    }

    #[test]
    fn the_deal_gives_fourteen_each_and_keeps_every_tile() {
        let g = RummiVariant::default().deal(7);
        assert_eq!(g.tray(Side::Player).len(), HAND);
        assert_eq!(g.tray(Side::Program).len(), HAND);
        assert_eq!(g.pile().len(), TILES - 2 * HAND);
        assert_eq!(g.all_tiles(), TileId::all().collect::<Vec<_>>());
        let starters: std::collections::HashSet<Side> =
            (0..20).map(|s| RummiVariant::default().deal(s).turn()).collect();
        assert_eq!(starters.len(), 2, "either side may start");
        assert_eq!(RummiVariant::default().deal(7), g, "the seed decides the deal");
    }

    #[test]
    fn a_first_play_of_exactly_thirty_is_enough() {
        let mut g = position("R9 R10 R11 K1", "B1 B2", &[], "Y1 Y2 Y3");
        g.melded = [false, false];
        play(&mut g, "R9 > 0:0").unwrap();
        play(&mut g, "R10 > 0").unwrap();
        assert!(g.end_problem().unwrap().contains("valid set"));
        play(&mut g, "R11 > 0").unwrap();
        assert_eq!(g.played_value(), 30);
        play(&mut g, "ok").unwrap();
        assert!(g.melded(Side::Player));
        assert_eq!(g.turn(), Side::Program);
    }

    #[test]
    fn a_first_play_under_thirty_is_refused_and_the_penalty_restores_the_table() {
        let mut g = position("R1 R2 R3 K1", "B1 B2", &["Y4 Y5 Y6"], "Y1 Y2 Y3 K2 K3 K4 K5 K6 K7");
        g.melded = [false, true];
        play(&mut g, "R1 > 1:0").unwrap();
        play(&mut g, "R2 > 1").unwrap();
        play(&mut g, "R3 > 1").unwrap();
        let why = play(&mut g, "ok").unwrap_err();
        assert!(why.contains("at least 30"), "{why}");
        play(&mut g, "Y6 in 0 > 5:5").unwrap();
        play(&mut g, "penalty").unwrap();
        assert_eq!(g.tray(Side::Player).len(), 4 + PENALTY);
        assert_eq!(g.table().series().len(), 1);
        assert_eq!(g.table().series()[0].kinds().len(), 3);
        assert_eq!(g.all_tiles().len(), 3 + 4 + 2 + 9);
    }

    /// The series `faulty_series` gives, each as its tiles' names.
    fn faulty(g: &Rummi) -> Vec<String> {
        let names = |s: &table::Series| s.kinds().iter().map(Kind::to_string).collect::<Vec<_>>().join(" ");
        g.faulty_series().map(names).collect()
    }

    /// The requester says a short first play is framed on the table: its
    /// sets are faulty though each is valid, and only until it reaches 30.
    #[test]
    fn a_short_first_play_is_faulty_until_it_totals_thirty() {
        let mut g = position("K1 K2 K3 R9 R10 R11", "B1 B2", &["Y4 Y5 Y6"], "Y1");
        g.melded = [false, true];
        play(&mut g, "K1 > 2:0").unwrap();
        play(&mut g, "K2 > 1").unwrap();
        play(&mut g, "K3 > 1").unwrap();
        assert!(g.end_problem().unwrap().contains("totals 6"));
        assert_eq!(faulty(&g), ["K1 K2 K3"], "the table's own set is not the play's");
        play(&mut g, "R9 > 4:0").unwrap();
        play(&mut g, "R10 > 2").unwrap();
        assert_eq!(faulty(&g), ["K1 K2 K3", "R9 R10"]);
        play(&mut g, "R11 > 2").unwrap();
        assert_eq!(g.played_value(), 36);
        assert_eq!(g.end_problem(), None);
        assert!(faulty(&g).is_empty(), "30 reached: nothing is faulty");
    }

    /// Once a side has made its first play, only series that are no set
    /// are faulty.
    #[test]
    fn a_melded_players_valid_sets_are_never_faulty() {
        let mut g = position("K1 K2 K3 R1", "B1 B2", &[], "Y1");
        play(&mut g, "K1 > 0:0").unwrap();
        play(&mut g, "K2 > 0").unwrap();
        play(&mut g, "K3 > 0").unwrap();
        play(&mut g, "R1 > 2:0").unwrap();
        assert_eq!(faulty(&g), ["R1"]);
    }

    #[test]
    fn thirty_may_be_reached_by_splitting_a_table_run() {
        // K6 K7 K8 total 21; the R11 only plays by splitting R9-R13 into
        // R9 R10 R11 and R11 R12 R13, which brings the play to 32.
        let mut g = position("R11 K6 K7 K8", "Y1 Y1", &["R9 R10 R11 R12 R13"], "");
        g.melded = [false, true];
        play(&mut g, "K6 > 3:0").unwrap();
        play(&mut g, "K7 > 1").unwrap();
        play(&mut g, "K8 > 1").unwrap();
        assert!(play(&mut g, "ok").unwrap_err().contains("totals 21"));
        play(&mut g, "R11 > 0").unwrap();
        let sets: Vec<usize> = g.table().series().iter().map(|s| s.tiles.len()).collect();
        assert_eq!(sets, [3, 3, 3]);
        play(&mut g, "ok").unwrap();
        assert!(g.melded(Side::Player));
    }

    /// Before a first play the table may be rearranged alone: OK then
    /// ends the turn with a tile taken, as rummi.guide says, rather than
    /// asking for a first play of 30 and its penalty.
    #[test]
    fn rearranging_alone_before_a_first_play_takes_a_tile() {
        let mut g = position("K1 K2", "B1 B2", &["R1 R2 R3 R4 R5 R6"], "Y1 Y2");
        g.melded = [false, true];
        play(&mut g, "R6 in 0 > 3:0").unwrap();
        play(&mut g, "R5 in 0 > 1").unwrap();
        play(&mut g, "R4 in 0 > 1").unwrap();
        assert_eq!(g.table().series().len(), 2);
        assert_eq!(g.end_problem(), None);
        assert!(faulty(&g).is_empty());
        play(&mut g, "ok").unwrap();
        assert_eq!((g.tray(Side::Player).len(), g.melded(Side::Player)), (3, false));
        assert_eq!(g.turn(), Side::Program);
    }

    #[test]
    fn table_tiles_never_go_to_a_tray() {
        let mut g = position("R1", "B1", &["Y4 Y5 Y6"], "K1");
        let why = play(&mut g, "Y4 in 0 > tray").unwrap_err();
        assert_eq!(why, "Tiles from the table stay on it.");
        play(&mut g, "R1 > 2:2").unwrap();
        play(&mut g, "R1 in 1 > tray").unwrap();
        assert!(!g.moved());
    }

    #[test]
    fn penalty_draws_what_the_pile_holds() {
        let mut g = position("R1 R2 K9", "B1", &[], "Y1 Y2");
        play(&mut g, "R1 > 0:0").unwrap();
        play(&mut g, "R2 > 0").unwrap();
        play(&mut g, "penalty").unwrap();
        assert_eq!(g.tray(Side::Player).len(), 3 + 2);
        assert!(g.pile().is_empty());
        assert_eq!(g.turn(), Side::Program);
    }

    #[test]
    fn duplicates_are_swapped_pair_for_pair() {
        let mut g = position("R5 R5 K1", "B9 B9 Y2", &[], "");
        assert_eq!(g.duplicates(Side::Player), vec![Kind::parse("R5").unwrap()]);
        assert!(play(&mut g, "swap K1 for B9").is_err());
        assert!(play(&mut g, "swap R5 for Y2").is_err());
        play(&mut g, "swap R5 for B9").unwrap();
        let kinds = |s| g.tray(s).iter().map(|t| t.kind().to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(kinds(Side::Player), "R5 B9 K1");
        assert_eq!(kinds(Side::Program), "R5 B9 Y2");
    }

    #[test]
    fn emptying_the_tray_wins_and_a_blocked_game_goes_to_fewer_tiles() {
        let mut g = position("R1 R2 R3", "B1", &[], "");
        play(&mut g, "R1 > 0:0").unwrap();
        play(&mut g, "R2 > 0").unwrap();
        play(&mut g, "R3 > 0").unwrap();
        play(&mut g, "ok").unwrap();
        assert_eq!(g.status(), Status::Won);
        assert!(play(&mut g, "draw").is_err());

        let mut g = position("R1 R5", "B1", &[], "");
        play(&mut g, "draw").unwrap();
        assert_eq!(g.status(), Status::Playing);
        play(&mut g, "draw").unwrap();
        assert_eq!(g.ending(), Some(Ending::Blocked { winner: Some(Side::Program) }));
        assert_eq!(g.status(), Status::Lost);
    }

    #[test]
    fn single_play_keeps_the_turn() {
        let mut g = position("R1 R5", "B1", &[], "K1 K2");
        play(&mut g, "single on").unwrap();
        play(&mut g, "draw").unwrap();
        assert_eq!(g.turn(), Side::Player);
        assert!(play(&mut g, "single on").is_err());
        play(&mut g, "single off").unwrap();
        play(&mut g, "draw").unwrap();
        assert_eq!(g.turn(), Side::Program);
        play(&mut g, "single on").unwrap();
        assert_eq!(g.turn(), Side::Player, "the program stops before its turn");
    }

    #[test]
    fn options_read_back() {
        let v = RummiVariant::sized(30, 12).unwrap();
        assert_eq!(RummiVariant::default().with_options(&v.options()), Ok(v));
        assert!(RummiVariant::default().with_options("table=5x5").is_err());
        assert!(RummiVariant::default().with_options("tabel=24x9").is_err());
    }
}
