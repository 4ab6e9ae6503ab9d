//! Rummi's rules under random play: no tile is ever made or lost through
//! any sequence of moves, swaps and penalties; every play the program
//! makes (Expert or Beginner) is legal move by move; games end.

use parlour::core::{Game, GameRng, Session, Status, Variant};
use parlour::games::rummi::computer::{self, Level};
use parlour::games::rummi::moves::{Move, Source, Target};
use parlour::games::rummi::rules::{Rummi, RummiVariant, Side};
use parlour::games::rummi::tile::TileId;
use proptest::prelude::*;

fn assert_every_tile_once(g: &Rummi) {
    assert_eq!(g.all_tiles(), TileId::all().collect::<Vec<_>>(), "tiles made or lost in {g:?}");
}

/// A random move for the side to move, legal or not: tiles from the tray
/// or the table onto series, free cells or the tray, swaps, OK, draws and
/// penalties.
fn random_move(g: &Rummi, rng: &mut GameRng) -> Move {
    let series = g.table().series();
    let tray = g.tray(g.turn());
    let pick = |rng: &mut GameRng, n: usize| rng.below(n.max(1) as u32) as usize;
    let to = |rng: &mut GameRng| match rng.below(4) {
        0 => Target::Tray,
        1 => Target::Cell {
            row: rng.below(g.table().rows() as u32) as u16,
            col: rng.below(g.table().cols() as u32) as u16,
        },
        _ => Target::Series(pick(rng, series.len())),
    };
    match rng.below(12) {
        0..=4 if !tray.is_empty() => Move::Put { from: Source::Tray(tray[pick(rng, tray.len())].kind()), to: to(rng) },
        5..=7 if !series.is_empty() => {
            let s = pick(rng, series.len());
            let kind = series[s].tiles[pick(rng, series[s].tiles.len())].kind();
            Move::Put { from: Source::Table { series: s, kind }, to: to(rng) }
        }
        8 => {
            let mine = g.duplicates(g.turn());
            let theirs = g.duplicates(g.turn().other());
            match (mine.first(), theirs.first()) {
                (Some(&give), Some(&take)) => Move::Swap { give, take },
                _ => Move::Draw,
            }
        }
        9 => Move::Penalty,
        10 => Move::Done,
        _ => Move::Draw,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn no_tile_is_made_or_lost(seed in any::<u64>(), steps in 50usize..400) {
        let mut g = RummiVariant::default().deal(seed);
        let mut rng = GameRng::new(seed ^ 0x5eed);
        for _ in 0..steps {
            if g.is_over() {
                break;
            }
            let m = random_move(&g, &mut rng);
            let before = g.clone();
            match g.check(&m) {
                Ok(()) => {
                    g.apply(&m);
                    prop_assert_ne!(&g, &before, "{} changed nothing", m);
                }
                Err(_) => prop_assert_eq!(&g, &before),
            }
            assert_every_tile_once(&g);
        }
    }

    #[test]
    fn every_play_of_the_program_is_legal_and_games_end(seed in any::<u64>(), expert in any::<bool>()) {
        let level = if expert { Level::Expert } else { Level::Beginner };
        let mut session = Session::new(RummiVariant::default(), seed);
        let mut turns = 0;
        while session.state().status() == Status::Playing {
            turns += 1;
            prop_assert!(turns < 400, "the game does not end");
            let state = session.state().clone();
            let moves = computer::turn(&state, level);
            prop_assert!(matches!(moves.last(), Some(Move::Done | Move::Draw)), "{:?}", moves);
            for m in &moves {
                if let Err(why) = session.play(m) {
                    prop_assert!(false, "{} refused: {} in {:?}", m, why, session.state());
                }
                assert_every_tile_once(session.state());
            }
            prop_assert!(session.state().table().is_valid());
            prop_assert!(session.state().is_over() || session.state().turn() != state.turn());
        }
        // The whole game replays from its moves.
        let last = session.steps().len() - 1;
        prop_assert_eq!(&session.replay_to(last).unwrap(), session.state());
    }
}

#[test]
fn the_expert_beats_the_beginner_more_often_than_not() {
    let mut expert_wins = 0;
    let games = 12;
    for seed in 0..games {
        let mut g = RummiVariant::default().deal(seed);
        while !g.is_over() {
            let level = if g.turn() == Side::Player { Level::Expert } else { Level::Beginner };
            for m in computer::turn(&g, level) {
                g.check(&m).unwrap();
                g.apply(&m);
            }
        }
        if g.status() == Status::Won {
            expert_wins += 1;
        }
    }
    assert!(expert_wins * 2 > games, "the Expert won only {expert_wins} of {games}");
}
