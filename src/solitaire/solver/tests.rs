//! The solver's answers checked against the engine: every winning line is
//! replayed through a session to a won state.

use super::{Limit, Limits, Report, Verdict, solve};
use crate::core::{Game, Session, Status, Variant};
use crate::solitaire::engine::{Solitaire, SolitaireVariant, position};
use crate::solitaire::rules::{PileKind, Rules, examples};
use crate::solitaire::spec::GameSpec;

fn variant(name: &str, rules: Rules) -> SolitaireVariant {
    SolitaireVariant::new(name, 0, rules.clone(), rules).unwrap()
}

/// The game a game.ini's text describes, with `options` ("easy", "hard").
pub(super) fn from_ini(ini: &str, options: &str) -> SolitaireVariant {
    let (spec, _) = GameSpec::parse(std::path::Path::new("game.ini"), ini.as_bytes()).unwrap();
    SolitaireVariant::from_spec("game", &spec).unwrap().with_options(options).unwrap()
}

fn limits(nodes: u64) -> Limits {
    Limits::new(nodes, 200)
}

/// Plays `moves` through a session from `session`'s position and says
/// whether it ends won.
fn replays_to_a_win(mut session: Session<SolitaireVariant>, moves: &[String]) -> bool {
    for text in moves {
        session.play_text(text).unwrap_or_else(|r| panic!("{text}: {r}"));
    }
    session.state().status() == Status::Won
}

fn solve_and_replay(v: SolitaireVariant, seed: u64) -> Report {
    let session = Session::new(v, seed);
    let report = solve(session.state(), &limits(200_000));
    let Verdict::Won(moves) = &report.verdict else { panic!("seed {seed}: {report:?}") };
    assert!(replays_to_a_win(session, moves), "seed {seed}: the line does not win");
    report
}

#[test]
fn wins_microsoft_deal_one_and_the_moves_replay() {
    let v = variant("freecell", examples::freecell()).with_options("easy,ms").unwrap();
    let Verdict::Won(moves) = solve_and_replay(v, 1).verdict else { unreachable!() };
    assert!(moves.len() > 52, "{}", moves.len());
}

#[test]
fn wins_a_deal_of_each_kind_of_game() {
    let seeds =
        [("klondike", 0), ("the-chance", 2), ("spider-one-suit", 6), ("golf", 7), ("pyramid", 0), ("aces-up", 2)];
    let more = [("yukon", 0), ("bakers-dozen", 1), ("canfield", 4), ("scorpion", 6), ("freecell", 2)];
    for (name, seed) in seeds.into_iter().chain(more) {
        let rules = examples::all().into_iter().find(|(n, _)| *n == name).unwrap().1;
        solve_and_replay(variant(name, rules), seed);
    }
}

#[test]
fn says_when_a_deal_cannot_be_won() {
    let session = Session::new(variant("the-chance", examples::the_chance()), 7);
    assert_eq!(solve(session.state(), &limits(10_000)).verdict, Verdict::Lost);
    let stopped = solve(session.state(), &limits(5));
    assert_eq!((stopped.verdict, stopped.nodes), (Verdict::Undecided(Limit::Nodes), 5));
}

/// Klondike with two decks must be won with all 104 cards on four
/// foundations that hold 13 each (AllowWrap or not): lost at once, with no
/// position searched, as lint says of the game type. One deck, or a
/// foundation start a deal gives (StartRankCard) that is an ace going up,
/// is searched as before.
#[test]
fn foundations_with_no_room_for_the_pack_are_lost_at_once() {
    let klondike = include_str!("../../../game-types/Klondike/game.ini");
    let two_decks = klondike.replacen("Decks=1", "Decks=2", 1);
    let wrapping = two_decks.replacen("[Foundation]\n", "[Foundation]\nAllowWrap=1\n", 1);
    for ini in [&two_decks, &wrapping] {
        let two = from_ini(ini, "easy");
        assert_eq!(two.deal(1).rules().pack_size(), 104);
        let report = solve(&two.deal(1), &limits(10_000));
        assert_eq!((report.verdict, report.nodes), (Verdict::Lost, 0));
    }
    let one = solve(&from_ini(klondike, "easy").deal(1), &limits(50));
    assert!(one.nodes > 0 && one.verdict != Verdict::Lost, "{one:?}");
}

/// FreeCell under Hard rules, a run moving only as far as free cells and
/// empty columns allow.
fn hard_freecell() -> Rules {
    examples::freecell()
}

#[test]
fn a_hand_made_freecell_end_is_won_in_the_known_moves() {
    // Every card left can go up, and each lay-off is safe: the line is the
    // lay-offs in pile order.
    let s = position(
        hard_freecell(),
        &[
            ("F1", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"),
            ("F2", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"),
            ("F3", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
            ("F4", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"),
            ("T1", "KC QC"),
            ("T2", "KS KD"),
        ],
    );
    let report = solve(&s, &limits(1000));
    let Verdict::Won(moves) = &report.verdict else { panic!("{report:?}") };
    assert_eq!(moves, &["T1>F1", "T1>F1", "T2>F2", "T2>F4"]);
}

#[test]
fn a_hand_made_freecell_position_with_no_room_is_lost() {
    // Every free cell and column is full and nothing can move up: lost,
    // and the search says so having tried everything.
    let s = position(
        hard_freecell(),
        &[
            ("R1", "9C"),
            ("R2", "9D"),
            ("R3", "9H"),
            ("R4", "9S"),
            ("T1", "AC 2D"),
            ("T2", "AD 2C"),
            ("T3", "AH 2S"),
            ("T4", "AS 2H"),
            ("T5", "3C 3D 3H 3S 4C 4D 4H 4S"),
            ("T6", "5C 5D 5H 5S 6C 6D 6H 6S"),
            ("T7", "7C 7D 7H 7S 8C 8D 8H 8S"),
            ("T8", "TC TD TH TS JC JD JH JS QC QD QH QS KC KD KH KS"),
        ],
    );
    assert_eq!(solve(&s, &limits(1000)).verdict, Verdict::Lost);
}

#[test]
fn a_card_the_stock_brings_up_goes_to_an_empty_foundation() {
    // Klondike dealing three: the ace of spades is in the stock and its
    // foundation is empty. Only a stock play onto that empty foundation
    // wins (waste cards dealt three at a time are never laid off without
    // choice, and only kings fill the tableau's spaces).
    let mut rules = examples::klondike();
    rules.stock.deal_count = 3;
    let s = position(
        rules,
        &[
            ("S1", "AS"),
            ("F1", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),
            ("F2", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
            ("F3", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
            ("T1", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
        ],
    );
    let report = solve(&s, &limits(1000));
    let Verdict::Won(moves) = &report.verdict else { panic!("{report:?}") };
    assert_eq!(moves[..2], ["S1", "W1>F4"]);
}

#[test]
fn a_card_a_winning_line_takes_a_foundation_card_back_onto_stays_down() {
    // Klondike with TakeBack, spaces for kings only. Both black fours are
    // up, so nothing can be built on the five of hearts from the tableau;
    // but the only win takes the four of clubs back onto it to hold the
    // three of diamonds while the two goes up. Laying the five off at once
    // (enough where foundation cards stay up) would lose that line.
    let mut rules = examples::klondike();
    rules.foundation.take_back = true;
    let rest = "(KS) (KH) (KD) (KC) (QS) (QH) (QD) (QC) (JS) (JH) (JD) (JC) (TS) (TH) (TD) (TC) (9S) (9H) (9D) \
                (9C) (8S) (8H) (8D) (8C) (7S) (7H) (7D) (7C) (6S) (6H) (6D) (6C) (5D) (5S) (5C) 4D";
    let s = position(
        rules,
        &[
            ("F1", "AC 2C 3C 4C"),
            ("F2", "AS 2S 3S 4S"),
            ("F3", "AH 2H 3H 4H"),
            ("F4", "AD"),
            ("T1", "5H"),
            ("T2", "2D 3D"),
            ("T3", rest),
        ],
    );
    let report = solve(&s, &limits(100_000));
    let Verdict::Won(moves) = &report.verdict else { panic!("{report:?}") };
    // Either black four will do.
    assert!(["F1>T1", "F2>T1"].contains(&moves[0].as_str()) && moves[1] == "T2>T1", "{moves:?}");
    let mut line = s.clone();
    for m in moves {
        let m = line.parse_move(m).unwrap();
        line.check(&m).unwrap();
        line.apply(&m);
    }
    assert!(line.is_won());
}

/// Klondike (foundation cards coming back where `take_back`) with the
/// five of hearts alone on the first tableau pile, hearts up to four, the
/// clubs, spades and diamonds foundations as `foundations` says, and
/// `rest` on the second pile.
fn five_of_hearts_alone(take_back: bool, foundations: [&str; 3], rest: &str) -> Solitaire {
    let mut rules = examples::klondike();
    rules.foundation.take_back = take_back;
    let [clubs, spades, diamonds] = foundations;
    position(
        rules,
        &[("F1", clubs), ("F2", spades), ("F3", "AH 2H 3H 4H"), ("F4", diamonds), ("T1", "5H"), ("T2", rest)],
    )
}

#[test]
fn a_card_goes_up_once_all_that_could_lie_on_it_could_go_up() {
    // The five of hearts, with both black threes and the two of diamonds
    // up: the black fours and the three of diamonds (all that could come
    // to lie on it, or on those) go up as soon as they are free, so it may
    // go up at once, whether foundation cards come back or not.
    let five_of_hearts_up = |take_back: bool, [clubs, spades, diamonds]: [&str; 3]| {
        let s = five_of_hearts_alone(take_back, [clubs, spades, diamonds], "(4C) (4S) (3D) (2D) KS");
        super::moves::safe_lay_off(&s) == Some(s.parse_move("T1>F3").unwrap())
    };
    let threes = ["AC 2C 3C", "AS 2S 3S"];
    for take_back in [true, false] {
        assert!(five_of_hearts_up(take_back, [threes[0], threes[1], "AD 2D"]), "take back {take_back}");
        assert!(
            !five_of_hearts_up(take_back, [threes[0], threes[1], "AD"]),
            "the three of diamonds may need the four of clubs (take back {take_back})"
        );
        assert!(!five_of_hearts_up(take_back, ["AC 2C", threes[1], "AD 2D"]), "the four of clubs is not free to go up");
    }
    // Where cards stay up, a card up for good needs nothing to lie on: the
    // black fours up, the five goes up whatever the diamonds. Where they
    // come back, the four of clubs may come back to hold the three of
    // diamonds.
    let fours = ["AC 2C 3C 4C", "AS 2S 3S 4S"];
    assert!(five_of_hearts_up(false, [fours[0], fours[1], "AD"]));
    assert!(!five_of_hearts_up(true, [fours[0], fours[1], "AD"]));
}

/// The same judgement turned about, on foundations built down from the
/// king with the tableau built up: the nine of hearts goes up once the
/// black jacks and the queen of diamonds are up, so that the black tens
/// and the jack of diamonds (all that could come to lie on it, or on
/// those) would go up as soon as they were free.
#[test]
fn on_foundations_built_down_a_card_goes_up_once_all_that_could_lie_on_it_could_go_up() {
    use crate::cards::Rank;
    use crate::solitaire::rules::{Build, FoundationStart, Sequence};
    let mut rules = examples::klondike();
    rules.foundation.build = Build::Down;
    rules.foundation.start = FoundationStart::Rank(Rank::KING);
    rules.tableau.sequence = Sequence::Higher;
    rules.tableau.kings_only = false;
    let nine_of_hearts_up = |take_back: bool, [clubs, spades, diamonds]: [&str; 3]| {
        let mut rules = rules.clone();
        rules.foundation.take_back = take_back;
        let s = position(
            rules,
            &[
                ("F1", clubs),
                ("F2", spades),
                ("F3", "KH QH JH TH"),
                ("F4", diamonds),
                ("T1", "9H"),
                ("T2", "(TC) (TS) (JD) (QD) AS"),
            ],
        );
        super::moves::safe_lay_off(&s) == Some(s.parse_move("T1>F3").unwrap())
    };
    let jacks = ["KC QC JC", "KS QS JS"];
    for take_back in [true, false] {
        assert!(nine_of_hearts_up(take_back, [jacks[0], jacks[1], "KD QD"]), "take back {take_back}");
        assert!(!nine_of_hearts_up(take_back, [jacks[0], jacks[1], "KD"]), "the jack of diamonds may need a ten");
        assert!(!nine_of_hearts_up(take_back, ["KC QC", jacks[1], "KD QD"]), "the ten of clubs is not free to go up");
    }
}

#[test]
fn a_foundation_card_is_taken_back_only_where_it_would_not_go_straight_up_again() {
    // The four of clubs back onto the five of hearts: worth trying while
    // the three of diamonds may need it to lie on, not once the three
    // could go up at once (the four would be laid off again at once).
    let four_of_clubs_back_tried = |diamonds: &str| {
        let s = five_of_hearts_alone(true, ["AC 2C 3C 4C", "AS 2S 3S 4S", diamonds], "(KD) (QD) KS");
        let back = s.parse_move("F1>T1").unwrap();
        super::moves::worth_trying(&s, super::key::Symmetry::of(&s)).iter().any(|step| step.m == back)
    };
    assert!(four_of_clubs_back_tried("AD"));
    assert!(!four_of_clubs_back_tried("AD 2D"));
}

/// Microsoft deal `n` under FreeCell rules, runs limited by CheckFree as
/// `hard` says (or whole runs moving freely).
fn microsoft(n: u64, check_free: bool) -> Session<SolitaireVariant> {
    let mut rules = examples::freecell();
    rules.tableau.check_free = check_free;
    Session::new(variant("freecell", rules).with_options("hard,ms").unwrap(), n)
}

#[test]
fn microsoft_deal_11982_is_proved_lost_under_hard_rules_and_won_with_whole_runs() {
    let hard = microsoft(11982, true);
    let report = solve(hard.state(), &Limits::new(2_000_000, 300));
    assert_eq!(report.verdict, Verdict::Lost, "{report:?}");
    let easy = microsoft(11982, false);
    let Verdict::Won(moves) = solve(easy.state(), &limits(200_000)).verdict else { panic!("easy 11982 not won") };
    assert!(replays_to_a_win(easy, &moves));
}

#[test]
fn hard_lines_move_long_runs_in_steps_the_engine_takes() {
    // The replay checks each step: no move in the line needs more room
    // than CheckFree gives.
    for n in [1, 2, 3, 617] {
        let session = microsoft(n, true);
        let Verdict::Won(moves) = solve(session.state(), &limits(500_000)).verdict else { panic!("deal {n}") };
        assert!(replays_to_a_win(session, &moves), "deal {n}");
    }
}

/// Whether `start` can be won, by plain exhaustive search over every legal
/// move (each followed by the session's automatic moves), with none of the
/// solver's prunings: the ground truth for small positions (`None` when
/// the position has too many to search).
fn winnable_by_brute_force(start: &Solitaire) -> Option<bool> {
    let settle = |s: &mut Solitaire| {
        while let Some(m) = s.auto_move() {
            s.apply(&m);
        }
    };
    // The redeal count matters only when redeals are limited.
    let key = |s: &Solitaire| {
        let packed = s.pack();
        if s.rules().stock.redeals.is_some() { packed } else { packed[4..].to_vec() }
    };
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![start.clone()];
    seen.insert(key(start));
    while let Some(s) = todo.pop() {
        if s.is_won() {
            return Some(true);
        }
        if seen.len() > 100_000 {
            return None;
        }
        for m in s.legal_moves() {
            let mut next = s.clone();
            next.apply(&m);
            settle(&mut next);
            if seen.insert(key(&next)) {
                todo.push(next);
            }
        }
    }
    Some(false)
}

/// An end game of `rules`: each suit on a foundation for its first
/// `below - 1` ranks (from the ace, or from the king on foundations built
/// down), the other cards spread at random over the tableau (all but
/// each pile's top face down when `hidden`), the reserve piles and the
/// stock.
fn end_game(rules: Rules, seed: u64, below: u8, hidden: bool) -> Solitaire {
    let mut rng = crate::core::GameRng::new(seed);
    let suits = ['C', 'D', 'H', 'S'];
    let mut ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
    if rules.foundation.build == crate::solitaire::rules::Build::Down {
        ranks.reverse();
    }
    let mut piles: Vec<(String, Vec<String>)> = Vec::new();
    for (i, suit) in suits.iter().enumerate() {
        let cards = ranks[..usize::from(below) - 1].iter().map(|r| format!("{r}{suit}")).collect();
        piles.push((format!("F{}", i + 1), cards));
    }
    let mut rest: Vec<String> =
        suits.iter().flat_map(|s| ranks[usize::from(below) - 1..].iter().map(move |r| format!("{r}{s}"))).collect();
    let (tableau, reserves, stock) = (rules.tableau.piles, rules.reserve.piles, rules.stock.piles);
    let targets: Vec<String> = (1..=tableau)
        .map(|t| format!("T{t}"))
        .chain((1..=reserves).map(|r| format!("R{r}")))
        .chain((stock > 0).then(|| "S1".to_string()))
        .collect();
    while !rest.is_empty() {
        let card = rest.swap_remove(rng.below(rest.len() as u32) as usize);
        let mut to = targets[rng.below(targets.len() as u32) as usize].clone();
        if to.starts_with('R') && piles.iter().any(|(p, c)| *p == to && !c.is_empty()) {
            to = "T1".into();
        }
        match piles.iter_mut().find(|(p, _)| *p == to) {
            Some((_, cards)) => cards.push(card),
            None => piles.push((to, vec![card])),
        }
    }
    let texts: Vec<(String, String)> = piles
        .into_iter()
        .map(|(pile, cards)| {
            let n = cards.len();
            let down = |i: usize| pile == "S1" || (hidden && pile.starts_with('T') && i + 1 < n);
            let words: Vec<String> =
                cards.into_iter().enumerate().map(|(i, c)| if down(i) { format!("({c})") } else { c }).collect();
            (pile, words.join(" "))
        })
        .collect();
    let view: Vec<(&str, &str)> = texts.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    position(rules, &view)
}

/// The solver's verdict on small end games agrees with exhaustive search,
/// both ways: each pruning (safe lay-offs, supermoves, stock plays, piles
/// taken as sets, the stock and waste taken as one cycle) loses no win and
/// invents none.
#[test]
fn verdicts_agree_with_brute_force_on_small_end_games() {
    // Few piles and cells, so that many of the positions are lost.
    let mut draw_three = examples::klondike();
    draw_three.stock.deal_count = 3;
    draw_three.tableau.piles = 3;
    let mut once_through = draw_three.clone();
    once_through.stock.redeals = Some(0);
    let mut freecell = examples::freecell();
    freecell.tableau.piles = 4;
    freecell.reserve.piles = 1;
    let mut bakers = freecell.clone();
    bakers.tableau.suit_check = true;
    // Two piles put a third of the cards in the stock, where it matters
    // which of them each split between stock and waste can bring up.
    let mut two_piles = draw_three.clone();
    two_piles.tableau.piles = 2;
    // Foundation cards coming back: the lay-offs judged safe must allow
    // for them.
    let mut take_back = draw_three.clone();
    take_back.foundation.take_back = true;
    // All cards face up: runs on twins, taken as a set, in most positions.
    let mut open = draw_three.clone();
    open.tableau.piles = 4;
    // Turned about: foundations built down from the king, the tableau
    // built up (any card fills a gap), where lay-offs are judged too.
    let turned = |mut rules: Rules| {
        use crate::cards::Rank;
        use crate::solitaire::rules::{Build, FoundationStart, Sequence};
        rules.foundation.build = Build::Down;
        rules.foundation.start = FoundationStart::Rank(Rank::KING);
        rules.tableau.sequence = Sequence::Higher;
        rules.tableau.kings_only = false;
        assert!(rules.lay_offs_judged());
        rules
    };
    let draw_three_turned = turned(draw_three.clone());
    let freecell_turned = turned(freecell.clone());
    let games = [
        ("klondike draw three", draw_three, 10, true),
        ("klondike draw three, open", open, 9, false),
        ("klondike draw three, take back", take_back, 9, true),
        ("klondike draw three, two piles", two_piles, 10, false),
        ("klondike, one pass", once_through, 10, true),
        ("freecell, hard", freecell, 9, false),
        ("bakers", bakers, 9, false),
        ("klondike draw three, turned about", draw_three_turned, 10, true),
        ("freecell, hard, turned about", freecell_turned, 9, false),
    ];
    let (mut won, mut lost) = (0, 0);
    for (name, rules, below, hidden) in games {
        for seed in 0..25 {
            let s = end_game(rules.clone(), seed, below, hidden);
            let Some(truth) = winnable_by_brute_force(&s) else { continue };
            let report = solve(&s, &limits(2_000_000));
            match &report.verdict {
                Verdict::Won(moves) => {
                    assert!(truth, "{name} {seed}: solver won a position brute force cannot");
                    let mut line = s.clone();
                    for m in moves {
                        let m = line.parse_move(m).unwrap();
                        line.check(&m).unwrap_or_else(|r| panic!("{name} {seed}: {r}"));
                        line.apply(&m);
                        while let Some(a) = line.auto_move() {
                            line.apply(&a);
                        }
                    }
                    assert!(line.is_won(), "{name} {seed}: the line does not win");
                    won += 1;
                }
                Verdict::Lost => {
                    assert!(!truth, "{name} {seed}: solver says lost, brute force wins");
                    lost += 1;
                }
                Verdict::Undecided(_) => panic!("{name} {seed}: undecided"),
            }
        }
    }
    // The positions are a mix, so both answers were checked.
    assert!(won > 10 && lost > 10, "won {won}, lost {lost}");
}

/// The move texts the search tries from `s`.
fn tried(s: &Solitaire) -> Vec<String> {
    let steps = super::moves::worth_trying(s, super::key::Symmetry::of(s));
    steps.iter().filter(|step| step.deals == 0).map(|step| s.move_text(&step.m)).collect()
}

#[test]
fn a_run_swaps_between_twins_only_to_let_the_card_it_uncovers_go_up() {
    // The six of hearts lies on the seven of clubs and could lie on the
    // seven of spades, which takes the same cards.
    let table = |clubs: &str| {
        position(examples::klondike(), &[("F1", clubs), ("T1", "(KD) 7C 6H"), ("T2", "7S"), ("T3", "8D")])
    };
    let swap = "T1>T2".to_string();
    let ready = table("AC 2C 3C 4C 5C 6C");
    assert!(tried(&ready).contains(&swap), "the seven of clubs goes up after it");
    // In one step with that lay-off: the swap alone would come back to a
    // position of the same key.
    let steps = super::moves::worth_trying(&ready, super::key::Symmetry::of(&ready));
    let step = steps.iter().find(|step| ready.move_text(&step.m) == swap).unwrap();
    assert!(step.then_up);
    let mut after = ready.clone();
    super::moves::play(&mut after, step);
    assert_eq!(after.pile(PileKind::Foundation, 0).len(), 7, "the seven of clubs is up");
    assert_eq!(super::moves::steps(&ready, step).len(), 2, "the replay makes the swap, then the lay-off");
    let idle = tried(&table("AC 2C 3C 4C 5C"));
    assert!(!idle.contains(&swap), "{idle:?}");
    assert!(!idle.is_empty(), "other moves are still tried");
    // With a free cell the seven alone could go where it cannot with the
    // six on it: the swap is tried.
    let mut freecell = examples::freecell();
    freecell.tableau.check_free = false;
    let s = position(freecell, &[("F1", "AC 2C 3C 4C 5C"), ("T1", "KD 7C 6H"), ("T2", "7S"), ("T3", "KH")]);
    assert!(tried(&s).contains(&swap));
}

#[test]
fn runs_on_twins_are_a_set_in_the_key() {
    use super::key::{Symmetry, key};
    let key_of = |rules: Rules, piles: &[(&str, &str)]| {
        let s = position(rules, piles);
        key(&s, Symmetry::of(&s))
    };
    // The black fours (with what lies on them) lie on the red fives one
    // way or the other, one of them open or not.
    let klondike = |piles: &[(&str, &str)]| key_of(examples::klondike(), piles);
    let one = klondike(&[("T1", "(KS) 5H 4C 3D"), ("T2", "(QC) 5D 4S"), ("T3", "9C")]);
    assert_eq!(one, klondike(&[("T1", "(KS) 5H 4S"), ("T2", "(QC) 5D 4C 3D"), ("T3", "9C")]));
    let open = klondike(&[("T1", "(KS) 5H 4C 3D"), ("T2", "(QC) 5D"), ("T3", "9C")]);
    assert_eq!(open, klondike(&[("T1", "(KS) 5H"), ("T2", "(QC) 5D 4C 3D"), ("T3", "9C")]));
    // The cards below the twins stay where they are.
    assert_ne!(one, klondike(&[("T1", "(QC) 5H 4C 3D"), ("T2", "(KS) 5D 4S"), ("T3", "9C")]));
    assert_ne!(one, open);
    // Where a free cell can tell a card alone from one with a run on it,
    // the runs are not a set.
    let mut freecell = examples::freecell();
    freecell.tableau.check_free = false;
    assert_ne!(
        key_of(freecell.clone(), &[("T1", "6S 5H 4C 3D"), ("T2", "6C 5D 4S")]),
        key_of(freecell, &[("T1", "6S 5H 4S"), ("T2", "6C 5D 4C 3D")])
    );
}

/// Klondike dealing three from `cards` (in the order the stock deals them
/// once the waste is turned over), the first `dealt` of them in the waste,
/// with `redeals` allowed.
fn split_stock(cards: &[&str], dealt: usize, redeals: Option<u32>) -> Solitaire {
    let mut rules = examples::klondike();
    rules.stock.deal_count = 3;
    rules.stock.redeals = redeals;
    let waste = cards[..dealt].join(" ");
    let stock: Vec<String> = cards[dealt..].iter().rev().map(|c| format!("({c})")).collect();
    let stock = stock.join(" ");
    position(rules, &[("S1", stock.as_str()), ("W1", waste.as_str()), ("T1", "KH")])
}

#[test]
fn the_stock_and_the_waste_are_one_cycle_where_each_split_reaches_the_others() {
    use super::key::{Symmetry, key};
    let cards = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"];
    let key_at = |dealt, redeals| {
        let s = split_stock(&cards, dealt, redeals);
        key(&s, Symmetry::of(&s))
    };
    // Whole deals of three, or the stock empty: every split reaches the
    // others by dealing and turning the waste over.
    for dealt in [3, 6, 7] {
        assert_eq!(key_at(dealt, None), key_at(0, None), "{dealt} dealt");
    }
    // Part-way through a deal the waste can show cards the others never do.
    for dealt in [1, 2, 4, 5] {
        assert_ne!(key_at(dealt, None), key_at(0, None), "{dealt} dealt");
    }
    // With redeals counted, turning the waste over is not free.
    assert_ne!(key_at(3, Some(2)), key_at(0, Some(2)));
}

#[test]
fn a_stock_no_card_goes_back_into_is_keyed_by_its_length() {
    use super::key::{Symmetry, key};
    let key_with = |stock: &str, redeals| {
        let mut rules = examples::klondike();
        rules.stock.redeals = redeals;
        let s = position(rules, &[("S1", stock), ("W1", "9D"), ("T1", "KH")]);
        key(&s, Symmetry::of(&s))
    };
    // Dealt once, a stock only ever holds the bottom cards of the one it
    // started as: the same length is the same cards within a search.
    assert_eq!(key_with("(2S) (3S)", Some(0)), key_with("(4S) (5S)", Some(0)));
    assert_ne!(key_with("(2S) (3S)", Some(0)), key_with("(2S)", Some(0)));
    // Turned over, the waste comes back in, so the cards themselves count.
    assert_ne!(key_with("(2S) (3S)", Some(1)), key_with("(4S) (5S)", Some(1)));
}

#[test]
fn the_search_holds_no_more_than_its_memory_limit() {
    // Aces Up deal 3 fills whatever room it is given; the queues of the
    // shared search used to double together past the limit (4.4 MB held
    // at a limit of 4).
    let start = Session::new(variant("aces up", examples::aces_up()), 3).state().clone();
    for mb in [2, 4] {
        let report = solve(&start, &Limits::new(100_000, mb));
        assert!(report.peak_bytes > 0 && report.peak_bytes <= mb << 20, "{mb} MB: held {}", report.peak_bytes);
    }
}

/// The queues that weigh buried waste cards their own way score apart only
/// where a waste can bury cards for good: elsewhere they are one weighing,
/// so FreeCell and Klondike search as before.
#[test]
fn a_buried_card_weighs_only_where_the_waste_is_turned_over_a_limited_number_of_times() {
    use super::score::Weights;
    let mut one_pass = examples::klondike();
    one_pass.stock.redeals = Some(0);
    for (name, rules) in [("freecell", examples::freecell()), ("klondike", examples::klondike())] {
        assert_eq!(Weights::UNBURYING.counted_in(&rules), Weights::DIGGING.counted_in(&rules), "{name}");
    }
    assert_ne!(Weights::UNBURYING.counted_in(&one_pass), Weights::DIGGING.counted_in(&one_pass));
}

/// Where there are free cells, cards built on another suit weigh more;
/// elsewhere (Klondike, Canfield's reserve that takes no card) as given.
#[test]
fn cards_built_on_another_suit_weigh_more_only_where_there_are_free_cells() {
    use super::score::Weights;
    let plain = Weights::PLAIN;
    let freecell = plain.counted_in(&examples::freecell());
    assert!(freecell.built > plain.built, "freecell: {} against {}", freecell.built, plain.built);
    assert_eq!(freecell.built_in_suit, plain.built_in_suit);
    assert_eq!(plain.counted_in(&examples::klondike()).built, plain.built);
    let mut reserve_takes_none = examples::freecell();
    reserve_takes_none.reserve.max_allowed = 0;
    assert_eq!(plain.counted_in(&reserve_takes_none).built, plain.built);
}

/// Where a moved run must be one suit, a card built on one of its suit
/// weighs once per suit the cards come in; elsewhere as given.
#[test]
fn cards_built_in_suit_weigh_once_per_suit_where_runs_must_be_one_suit() {
    use super::score::Weights;
    use crate::cards::Suit;
    let plain = Weights::PLAIN;
    let mut spider = examples::spider_one_suit();
    assert_eq!(plain.counted_in(&spider).built_in_suit, plain.built_in_suit);
    spider.suits = vec![Suit::Hearts, Suit::Spades];
    assert_eq!(plain.counted_in(&spider).built_in_suit, 2 * plain.built_in_suit);
    spider.suits = Suit::ALL.to_vec();
    assert_eq!(plain.counted_in(&spider).built_in_suit, 4 * plain.built_in_suit);
    assert_eq!(plain.counted_in(&examples::klondike()).built_in_suit, plain.built_in_suit);
}

/// Spider Four Suits deal 12 took 214,327 positions while a build in
/// suit weighed as little as in any game; now a few thousand.
#[test]
fn spider_four_suits_is_won_by_building_in_suit() {
    let v = from_ini(include_str!("../../../game-types/Spider Four Suits/game.ini"), "hard");
    let session = Session::new(v, 12);
    let report = solve(session.state(), &limits(20_000));
    let Verdict::Won(moves) = &report.verdict else { panic!("{report:?}") };
    assert!(replays_to_a_win(session, moves), "the line does not win");
}

/// The score's features, counted once and weighed by each weighing: a
/// Klondike position counted by hand.
#[test]
fn a_position_is_scored_by_its_features_weighed() {
    use super::score::{Features, PerFeature, Weights, features};
    // Clubs up to two; a pile of two face-down cards under the five of
    // hearts and the four of clubs (built, not in suit); the three of
    // clubs, next up, under the king of spades; four of the seven piles
    // empty.
    let s = position(
        examples::klondike(),
        &[("F1", "AC 2C"), ("T1", "(9D) (8S) 5H 4C"), ("T2", "3C KS"), ("T3", ""), ("T4", "QH")],
    );
    let counted = features(&s);
    let counts = PerFeature {
        laid_off: 2,
        // The king lies above the three, which must go up before it.
        out_of_order: 1,
        covering_next: 1,
        empty: 4,
        face_down: 2,
        built: 1,
        ..PerFeature::default()
    };
    // The face-up cards above the last face-down one, counted alike by
    // every weighing.
    let expected = Features { counts, fixed: -3 };
    assert_eq!(counted, expected);
    let w = Weights::PLAIN;
    let by_hand = 2 * w.laid_off - w.out_of_order - w.covering_next + 4 * w.empty - 2 * w.face_down + w.built - 3;
    assert_eq!(w.weigh(&counted), by_hand);
}

/// A watcher sees the positions expanded so far while the search runs,
/// and, at the end, all but the last few hundred of them.
#[test]
fn the_search_publishes_its_progress() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    let v = variant("freecell", examples::freecell()).with_options("hard,ms").unwrap();
    let progress = Arc::new(AtomicU64::new(0));
    let limits = Limits { progress: Some(Arc::clone(&progress)), ..limits(3_000) };
    let report = solve(Session::new(v, 11982).state(), &limits);
    assert_eq!(report.verdict, Verdict::Undecided(Limit::Nodes));
    let seen = progress.load(Ordering::Relaxed);
    assert!(seen > 0 && seen <= report.nodes && report.nodes - seen < 256, "{seen} of {}", report.nodes);
}

/// With the player's auto-play the table lays cards off after a move,
/// never at the deal: a line from a deal with a lay-off waiting starts
/// with it and wins played as the table plays, the other lay-offs made
/// by themselves. FreeCell's deal 6 has the ace of diamonds free; the
/// line used to leave it out, as if the table had laid it off already.
#[test]
fn with_auto_play_a_line_starts_with_the_lay_off_waiting_at_the_deal() {
    let v = from_ini(include_str!("../../../game-types/FreeCell/game.ini"), "easy");
    let played = v.deal(6).with_safe_auto_play(true).into_owned();
    let Verdict::Won(line) = solve(&played, &limits(100_000)).verdict else { panic!("deal 6 is won") };
    assert_eq!(line.first().map(String::as_str), Some("T7>F1"), "{line:?}");
    assert!(super::wins(&played, &line), "{line:?}");
}
