//! The Chance (game 3 of Ralph S. Sutherland's Card Shell, 1992): Klondike
//! dealing three, in which every card that can go to a foundation goes
//! there by itself, with columns built by one of three Sequences rules and
//! games scored by the Card Shell's points.
//!
//! The pile engine plays it from a game.ini (the family's
//! `card-shell/The Chance/game.ini`); [`ChanceVariant`] holds one engine
//! variant per rule, differing only in the tableau's colour and suit
//! checks. Its options are `rule=alternating`, `rule=any` or `rule=suit`.
//!
//! The game is lost when no further foundation lay-off is possible. The
//! engine's own status cannot see that (the stock can always be dealt and
//! turned over), so [`lay_off_prospect`] searches every position the
//! remaining moves reach.

use std::collections::VecDeque;
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustc_hash::FxHashSet;

use crate::core::{Game, Variant};

use super::engine::{Solitaire, SolitaireVariant};
use super::library::GameType;
use super::rules::{ColourCheck, Mode, Rules, TableauRules};
use super::spec::{Diagnostic, GameSpec};

/// The game's id in saves and statistics.
pub const ID: &str = "the-chance";

/// How columns are built down: the Sequences... dialog's three rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sequences {
    /// Red on black, black on red: the standard rule.
    #[default]
    Alternating,
    /// One rank lower, whatever the suit.
    AnySuit,
    /// One rank lower in the same suit.
    OneSuit,
}

impl Sequences {
    pub const ALL: [Sequences; 3] = [Sequences::Alternating, Sequences::AnySuit, Sequences::OneSuit];

    /// The rule's word in options and statistics: `alternating`, `any`, `suit`.
    pub fn name(self) -> &'static str {
        match self {
            Sequences::Alternating => "alternating",
            Sequences::AnySuit => "any",
            Sequences::OneSuit => "suit",
        }
    }

    /// The rule as the dialog and the scores name it.
    pub fn label(self) -> &'static str {
        match self {
            Sequences::Alternating => "Alternating colour",
            Sequences::AnySuit => "Any suit",
            Sequences::OneSuit => "One suit only",
        }
    }

    /// Reads a rule's word (any case).
    pub fn parse(word: &str) -> Option<Sequences> {
        Sequences::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(word.trim()))
    }

    /// The tableau rules with this rule's colour and suit checks.
    fn apply(self, tableau: &mut TableauRules) {
        (tableau.colour, tableau.suit_check) = match self {
            Sequences::Alternating => (ColourCheck::Different, false),
            Sequences::AnySuit => (ColourCheck::Any, false),
            Sequences::OneSuit => (ColourCheck::Any, true),
        };
    }

    /// The Card Shell's points for a game under this rule with `cards`
    /// laid off, won or lost.
    pub fn points(self, cards: usize, won: bool) -> Points {
        let n = cards as i64;
        // In quarter points: (n - 20) / 4; 2 (n - 10) / 2 or (n - 10) / 2;
        // 4 (n - 5) or n - 5.
        Points(match (self, won) {
            (Sequences::AnySuit, _) => n - 20,
            (Sequences::Alternating, true) => 4 * (n - 10),
            (Sequences::Alternating, false) => 2 * (n - 10),
            (Sequences::OneSuit, true) => 16 * (n - 5),
            (Sequences::OneSuit, false) => 4 * (n - 5),
        })
    }
}

/// Points, kept exactly in quarters (the any-suit rule divides by four).
/// They read as a Mac shows a number: `8`, `3.5`, `-2.25`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub i64);

impl Points {
    /// The points as written by [`Display`](fmt::Display), read back.
    pub fn parse(text: &str) -> Option<Points> {
        let t = text.trim();
        let (negative, t) = t.strip_prefix('-').map_or((false, t), |rest| (true, rest));
        let (whole, fraction) = t.split_once('.').map_or((t, None), |(w, f)| (w, Some(f)));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let quarters = match fraction {
            None | Some("0" | "00") => 0,
            Some("25") => 1,
            Some("5" | "50") => 2,
            Some("75") => 3,
            Some(_) => return None,
        };
        let q = whole.parse::<i64>().ok()?.checked_mul(4)?.checked_add(quarters)?;
        Some(Points(if negative { -q } else { q }))
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0.saturating_add(other.0))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let q = self.0.unsigned_abs();
        let fraction = ["", ".25", ".5", ".75"][(q % 4) as usize];
        write!(f, "{sign}{}{fraction}", q / 4)
    }
}

/// The game ids, game.ini hashes and rules of The Chance's three game
/// types before it became one game, so that their saves still open.
const FORMER: [(&str, u64, Sequences); 3] = [
    (ID, 0x17b5_6aa5_f691_29ca, Sequences::Alternating),
    ("the-chance-any-suit", 0xae25_974a_3f61_37cc, Sequences::AnySuit),
    ("the-chance-same-suit", 0xb2d6_ad7d_502c_78af, Sequences::OneSuit),
];

/// The rule a former game id stands for (`the-chance-any-suit`), if it is one.
pub fn former_id(id: &str) -> Option<Sequences> {
    FORMER.iter().find(|f| f.0 != ID && f.0.eq_ignore_ascii_case(id)).map(|f| f.2)
}

/// The Chance played by one Sequences rule: deals [`Solitaire`] states.
#[derive(Clone, Debug)]
pub struct ChanceVariant {
    /// The engine's variant for each rule, in [`Sequences::ALL`] order.
    tables: Arc<[SolitaireVariant; 3]>,
    rule: Sequences,
}

impl ChanceVariant {
    /// The game of a game.ini (read for its Easy mode: The Chance has no
    /// modes), alternating colour to begin with.
    pub fn from_spec(spec: &GameSpec) -> Result<ChanceVariant, String> {
        let base = Rules::from_spec(spec, Mode::Easy)?;
        let table = |rule: Sequences| {
            let mut rules = base.clone();
            rule.apply(&mut rules.tableau);
            SolitaireVariant::new(ID, spec.hash, rules.clone(), rules)
        };
        let tables = [table(Sequences::ALL[0])?, table(Sequences::ALL[1])?, table(Sequences::ALL[2])?];
        Ok(ChanceVariant { tables: Arc::new(tables), rule: Sequences::default() })
    }

    /// The rule in force.
    pub fn rule(&self) -> Sequences {
        self.rule
    }

    /// The same game under another rule.
    pub fn with_rule(&self, rule: Sequences) -> ChanceVariant {
        ChanceVariant { rule, ..self.clone() }
    }

    /// The engine's variant for the rule in force (for the solver and
    /// `parlour deal`).
    pub fn table(&self) -> &SolitaireVariant {
        let i = Sequences::ALL.iter().position(|&r| r == self.rule).expect("every rule is in ALL");
        &self.tables[i]
    }
}

impl Variant for ChanceVariant {
    type Game = Solitaire;

    fn id(&self) -> &str {
        ID
    }

    fn content_hash(&self) -> u64 {
        self.table().content_hash()
    }

    fn options(&self) -> String {
        format!("rule={}", self.rule.name())
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        let options = options.trim();
        if options.is_empty() {
            return Ok(self.with_rule(Sequences::default()));
        }
        options
            .strip_prefix("rule=")
            .and_then(Sequences::parse)
            .map(|rule| self.with_rule(rule))
            .ok_or_else(|| format!("{options:?} is not an option of {ID}: use rule=alternating, rule=any or rule=suit"))
    }

    fn deal(&self, seed: u64) -> Solitaire {
        self.table().deal(seed)
    }

    /// Saves of the three former game types (`easy` or `hard`, which
    /// played alike) open under the rule each stood for.
    fn adopt(&self, id: &str, content_hash: u64, options: &str) -> Option<String> {
        let (_, _, rule) = FORMER.iter().find(|f| f.0 == id && f.1 == content_hash)?;
        matches!(options, "easy" | "hard").then(|| self.with_rule(*rule).options())
    }
}

/// The folder holding the game's game.ini, inside a `card-shell` folder.
pub const FOLDER: &str = "The Chance";

/// The Chance as the game registry keeps it: its rules file read as a game
/// type (its name and the table's layout) and the game under the rule it
/// opens with.
#[derive(Clone, Debug)]
pub struct ChanceGame {
    pub game_type: GameType,
    pub variant: ChanceVariant,
}

impl ChanceGame {
    /// Reads the game from its folder (or game.ini); errors are the
    /// game.ini's diagnostics.
    pub fn load(path: &Path) -> Result<ChanceGame, Vec<Diagnostic>> {
        let game_type = GameType::load(path)?;
        let variant = ChanceVariant::from_spec(&game_type.spec)
            .map_err(|e| vec![Diagnostic::error(&game_type.spec.path, 1, e)])?;
        Ok(ChanceGame { game_type, variant })
    }
}

/// What the moves left can still lay off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prospect {
    /// Some line of play lays off another card.
    LayOff,
    /// No line of play lays off another card: the game is lost.
    NoLayOff,
    /// The search stopped at its limit before it could tell.
    Unknown,
}

/// Whether any line of play from `state` lays off another card, searching
/// at most `limit` positions, or until `stop` is set (then the answer is
/// `Unknown`). Every move but a lay-off is tried (tableau moves, deals,
/// turning the talon over). Positions wait their turn packed, a byte a
/// card, and the number of turns is left out of them, since turning the
/// talon over has no limit.
pub fn lay_off_prospect(state: &Solitaire, limit: usize, stop: &AtomicBool) -> Prospect {
    if state.is_won() {
        return Prospect::NoLayOff;
    }
    let key = |s: &Solitaire| {
        let mut packed = s.pack();
        packed[..4].fill(0);
        packed
    };
    let mut seen = FxHashSet::default();
    seen.insert(key(state));
    let mut queue = VecDeque::from([key(state)]);
    while let Some(packed) = queue.pop_front() {
        let position = state.unpack(&packed);
        for m in position.legal_moves() {
            let mut next = position.clone();
            next.apply(&m);
            if next.cards_on_foundations() > position.cards_on_foundations() || next.auto_move().is_some() {
                return Prospect::LayOff;
            }
            let k = key(&next);
            if !seen.contains(&k) {
                if seen.len() >= limit || stop.load(Ordering::Relaxed) {
                    return Prospect::Unknown;
                }
                seen.insert(k.clone());
                queue.push_back(k);
            }
        }
    }
    Prospect::NoLayOff
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Session;
    use crate::solitaire::engine::{PileId, SolMove};
    use crate::solitaire::rules::PileKind;

    const GAME_INI: &[u8] = include_bytes!("../../card-shell/The Chance/game.ini");

    pub(crate) fn variant() -> ChanceVariant {
        let (spec, warnings) = GameSpec::parse(std::path::Path::new("game.ini"), GAME_INI).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        ChanceVariant::from_spec(&spec).unwrap()
    }

    #[test]
    fn the_scoring_table() {
        use Sequences::*;
        // (rule, cards, won, points as the table gives them)
        let cases = [
            (AnySuit, 52, true, "8"),
            (AnySuit, 52, false, "8"),
            (AnySuit, 0, true, "-5"),
            (AnySuit, 0, false, "-5"),
            (AnySuit, 21, false, "0.25"),
            (AnySuit, 30, false, "2.5"),
            (AnySuit, 17, false, "-0.75"),
            (Alternating, 52, true, "42"),
            (Alternating, 52, false, "21"),
            (Alternating, 0, true, "-10"),
            (Alternating, 0, false, "-5"),
            (Alternating, 13, false, "1.5"),
            (Alternating, 7, false, "-1.5"),
            (OneSuit, 52, true, "188"),
            (OneSuit, 52, false, "47"),
            (OneSuit, 0, true, "-20"),
            (OneSuit, 0, false, "-5"),
            (OneSuit, 9, false, "4"),
        ];
        for (rule, cards, won, want) in cases {
            let p = rule.points(cards, won);
            assert_eq!(p.to_string(), want, "{rule:?} with {cards} cards, won {won}");
            assert_eq!(Points::parse(want), Some(p));
        }
    }

    #[test]
    fn points_read_back_and_refuse_other_text() {
        for q in -40..40 {
            assert_eq!(Points::parse(&Points(q).to_string()), Some(Points(q)));
        }
        assert_eq!(Points(-9).to_string(), "-2.25");
        assert_eq!(Points(14).to_string(), "3.5");
        assert_eq!(Points::parse("3.50"), Some(Points(14)));
        for bad in ["", "-", "1.3", "x", "1.", ".5", "--1", "1e3", "99999999999999999999"] {
            assert_eq!(Points::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn rules_differ_only_in_how_columns_build() {
        let v = variant();
        let rules: Vec<Arc<Rules>> =
            Sequences::ALL.iter().map(|&r| Arc::clone(v.with_rule(r).table().rules())).collect();
        let checks: Vec<(ColourCheck, bool)> = rules.iter().map(|r| (r.tableau.colour, r.tableau.suit_check)).collect();
        assert_eq!(checks, [(ColourCheck::Different, false), (ColourCheck::Any, false), (ColourCheck::Any, true)]);
        let r = &rules[0];
        assert!(r.auto_play && r.tableau.kings_only && r.tableau.check_in_order);
        assert_eq!((r.stock.deal_count, r.stock.redeals), (3, None), "three at a time, turned over without limit");
        assert_eq!(r.tableau.piles, 7);
        // Seven columns dealt 1 to 7, the top card of each face up.
        let dealt = v.deal(4);
        for t in 0..7 {
            let pile = dealt.pile(PileKind::Tableau, t);
            let on_foundations = dealt.cards_on_foundations();
            assert!(pile.len() <= t + 1 && (pile.len() == t + 1 || on_foundations > 0), "column {}", t + 1);
            assert!(pile.iter().rev().skip(1).all(|s| !s.face_up) && pile.last().is_none_or(|s| s.face_up));
        }
    }

    #[test]
    fn options_name_the_rule() {
        let v = variant();
        assert_eq!(v.options(), "rule=alternating");
        for rule in Sequences::ALL {
            let w = v.with_options(&format!("rule={}", rule.name())).unwrap();
            assert_eq!(w.rule(), rule);
            assert_eq!(w.options(), format!("rule={}", rule.name()));
        }
        assert!(v.with_options("rule=spiral").unwrap_err().contains("rule=any"));
        assert!(v.with_options("easy").is_err());
        assert_eq!(v.id(), ID);
    }

    #[test]
    fn former_game_types_are_adopted() {
        let v = variant();
        assert_eq!(v.adopt("the-chance-any-suit", 0xae25_974a_3f61_37cc, "hard"), Some("rule=any".into()));
        assert_eq!(v.adopt("the-chance-same-suit", 0xb2d6_ad7d_502c_78af, "easy"), Some("rule=suit".into()));
        assert_eq!(v.adopt(ID, 0x17b5_6aa5_f691_29ca, "easy"), Some("rule=alternating".into()));
        assert_eq!(v.adopt("the-chance-any-suit", 1, "easy"), None, "other rules");
        assert_eq!(v.adopt("klondike", 0x17b5_6aa5_f691_29ca, "easy"), None);
        assert_eq!(v.adopt(ID, 0x17b5_6aa5_f691_29ca, "easy,ms"), None);
        assert_eq!(former_id("The-Chance-Same-Suit"), Some(Sequences::OneSuit));
        assert_eq!(former_id(ID), None);
    }

    #[test]
    fn one_suit_only_refuses_what_alternating_allows() {
        // A red 5 on a black 6 builds by alternating colour and any suit,
        // not by one suit only.
        let v = variant();
        for (rule, ok) in [(Sequences::Alternating, true), (Sequences::AnySuit, true), (Sequences::OneSuit, false)] {
            let rules = (**v.with_rule(rule).table().rules()).clone();
            let s = crate::solitaire::engine::position(rules, &[("T1", "6S"), ("T2", "(KC) 5H"), ("F1", "AH 2H 3H")]);
            let m = SolMove::Move {
                from: PileId::new(PileKind::Tableau, 1),
                count: 1,
                to: PileId::new(PileKind::Tableau, 0),
            };
            assert_eq!(s.check(&m).is_ok(), ok, "{rule:?}");
        }
    }

    #[test]
    fn a_lay_off_is_found_behind_a_deal_and_a_move() {
        let v = variant();
        let rules = (**v.table().rules()).clone();
        // The 4 of hearts lies at the bottom of the stock: the second deal
        // turns it up, and it goes home.
        let s = crate::solitaire::engine::position(
            rules.clone(),
            &[("F1", "AH 2H 3H"), ("S1", "(4H) (9C) (9D) (9S) (KH) (KD)"), ("T1", "(2C) QS"), ("T2", "(2D) QC")],
        );
        assert_eq!(s.auto_move(), None);
        assert_eq!(lay_off_prospect(&s, 10_000, &AtomicBool::new(false)), Prospect::LayOff);
        // The cards the foundations need lie under kings in a full table,
        // and nothing else can free them: play goes on, but nothing can
        // ever be laid off again.
        let stuck = crate::solitaire::engine::position(
            rules,
            &[
                ("F1", "AH 2H 3H"),
                ("S1", "(8C) (8S) (7H)"),
                ("T1", "(4H) KS"),
                ("T2", "(AC) KH"),
                ("T3", "(AD) KC"),
                ("T4", "(AS) KD"),
                ("T5", "(2C) 9H"),
                ("T6", "(2D) 9C"),
                ("T7", "(2S) 9D"),
            ],
        );
        assert!(stuck.has_legal_move(), "moves are left");
        assert_eq!(lay_off_prospect(&stuck, 100_000, &AtomicBool::new(false)), Prospect::NoLayOff);
        assert_eq!(lay_off_prospect(&stuck, 2, &AtomicBool::new(false)), Prospect::Unknown);
        assert_eq!(lay_off_prospect(&stuck, 100_000, &AtomicBool::new(true)), Prospect::Unknown, "stopped");
    }

    #[test]
    fn a_fresh_deal_has_lay_offs_ahead() {
        let v = variant();
        let session = Session::new(v, 1);
        assert_eq!(lay_off_prospect(session.state(), 200_000, &AtomicBool::new(false)), Prospect::LayOff);
    }
}
