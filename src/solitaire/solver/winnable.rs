//! Winnable-only play: game number `n` stands for the first of a fixed
//! series of deals that the solver proves winnable: `n` itself, searched
//! long, then deals made from `n`, each searched briefly. The search has
//! node and memory limits but no clock, so the same number gives the same
//! deal on every machine, however fast.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::core::{Variant, fnv1a64};

use super::super::engine::Solitaire;
use super::{Limit, Limits, Verdict, solve};

/// Positions the number's own deal may be searched: a winnable deal
/// keeps its number unless it takes longer than this to prove.
pub const NODES_FOR_NUMBER: u64 = 150_000;
/// Positions each of the other candidates may be searched. Any deal the
/// solver wins will do, and in games whose deals it often cannot decide
/// (Forty Thieves, Golf, Scorpion) many quick tries find one far more
/// often than two long ones: of numbers 1..20 in each game type and
/// mode, 48 of 800 found no winnable deal this way against 104 with
/// every candidate at 150,000 (Forty Thieves Hard 0 against 9, Golf 3
/// against 9, Scorpion Hard 1 against 10; Spider Four Suits, whose wins
/// took long, 17 against 15, and Clear Fork Hard 7 against 5); of
/// numbers 21..40 in the game types where the two differ, measured
/// afterwards, 54 of 280 against 93. Since Spider weighs builds in suit
/// once per suit (see `Weights::with_runs_of`), Spider Four Suits finds
/// none for 4 of 1..20 in each mode and 2 of 21..40.
pub const NODES_PER_OTHER: u64 = 15_000;
/// Megabytes each search may hold.
pub const MEMORY_MB: usize = 128;
/// Deals tried for one number before giving up.
pub const CANDIDATES: u64 = 24;
/// Positions all the candidates of one number may take together, so a
/// game whose deals the solver can rarely decide gives up (the deal waits
/// for this search): enough for every candidate to have its try. With
/// less, a number whose own deal used up its share reached only half of
/// them: Golf's 1242928734 (its own deal won in 258,299 positions, the
/// 13th candidate in 6,072) was dealt as it came, unproved.
pub const TOTAL_NODES: u64 = NODES_FOR_NUMBER + (CANDIDATES - 1) * NODES_PER_OTHER;

/// The positions the `k`-th candidate may be searched.
fn nodes_for(k: u64) -> u64 {
    if k == 0 { NODES_FOR_NUMBER } else { NODES_PER_OTHER }
}

/// The `k`-th deal tried for game number `n`: `n` itself first, so a
/// winnable deal keeps its number, then seeds derived from `n`.
pub fn candidate(n: u64, k: u64) -> u64 {
    if k == 0 {
        return n;
    }
    let mut bytes = n.to_le_bytes().to_vec();
    bytes.extend(k.to_le_bytes());
    fnv1a64(&bytes)
}

/// The seed winnable-only play deals for game number `n`: the first
/// candidate the solver proves winnable, or `None` if none of them could
/// be proved within the limits (or `watch`'s cancel flag was set). `tried`
/// hears of each candidate as it is searched; `watch`'s progress counter,
/// if any, counts the positions of every candidate together, out of at
/// most [`TOTAL_NODES`].
pub fn winnable_seed<V: Variant<Game = Solitaire>>(
    variant: &V,
    n: u64,
    mut tried: impl FnMut(u64),
    watch: Watch,
) -> Option<u64> {
    let mut left = TOTAL_NODES;
    for k in 0..CANDIDATES {
        if left == 0 || watch.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            break;
        }
        let seed = candidate(n, k);
        tried(seed);
        let limits = Limits {
            cancel: watch.cancel.clone(),
            progress: watch.progress.clone(),
            ..Limits::new(nodes_for(k).min(left), MEMORY_MB)
        };
        let report = solve(&variant.deal(seed), &limits);
        match report.verdict {
            Verdict::Won(_) => return Some(seed),
            Verdict::Undecided(Limit::Cancelled) => break,
            _ => left = left.saturating_sub(report.nodes.max(1)),
        }
    }
    None
}

/// What another thread may see of a [`winnable_seed`] search and do to it.
#[derive(Clone, Default)]
pub struct Watch {
    /// Set to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Where the search counts the positions it has expanded.
    pub progress: Option<Arc<AtomicU64>>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, Session, Status};
    use crate::solitaire::engine::SolitaireVariant;
    use crate::solitaire::rules::examples;

    fn freecell(hard: bool) -> SolitaireVariant {
        let rules = examples::freecell();
        let v = SolitaireVariant::new("freecell", 0, rules.clone(), rules).unwrap();
        if hard { v.with_options("hard,ms").unwrap() } else { v.with_options("easy,ms").unwrap() }
    }

    #[test]
    fn a_winnable_deal_keeps_its_number() {
        let v = freecell(true);
        assert_eq!(winnable_seed(&v, 1, |_| {}, Watch::default()), Some(1));
    }

    #[test]
    fn an_unwinnable_deal_gives_way_to_the_same_winnable_one_every_time() {
        // Microsoft deal 11982 cannot be won under Hard rules.
        let v = freecell(true);
        let mut tried = Vec::new();
        let seed = winnable_seed(&v, 11982, |s| tried.push(s), Watch::default())
            .expect("a winnable deal among the candidates");
        assert_ne!(seed, 11982);
        assert_eq!(tried[0], 11982, "the number itself is tried first");
        assert_eq!(winnable_seed(&v, 11982, |_| {}, Watch::default()), Some(seed), "the same number, the same deal");
        assert_won_through_a_session(v, seed);
    }

    /// Deal `seed`, proved winnable once, is proved so again within a
    /// later candidate's positions, and the solver's line wins it played
    /// through a session.
    fn assert_won_through_a_session(v: SolitaireVariant, seed: u64) {
        let Verdict::Won(line) = solve(&v.deal(seed), &Limits::new(NODES_PER_OTHER, MEMORY_MB)).verdict else {
            panic!("deal {seed} was proved winnable once, and not again")
        };
        let mut session = Session::new(v, seed);
        for m in &line {
            session.play_text(m).unwrap();
        }
        assert_eq!(session.state().status(), Status::Won);
    }

    /// Aces Up deal 3 is not proved winnable within its own search. With
    /// every candidate searched as long, none tried within the 300,000
    /// positions was proved winnable and the number was dealt as it comes.
    #[test]
    fn a_number_whose_deal_resists_gets_a_winnable_deal_from_brief_tries() {
        let v = super::super::tests::from_ini(include_str!("../../../game-types/Aces Up/game.ini"), "easy");
        let first = solve(&v.deal(3), &Limits::new(NODES_FOR_NUMBER, MEMORY_MB)).verdict;
        assert!(!matches!(first, Verdict::Won(_)), "deal 3 itself: {first:?}");
        let mut tried = Vec::new();
        let seed =
            winnable_seed(&v, 3, |s| tried.push(s), Watch::default()).expect("a winnable deal among the candidates");
        assert!(tried.len() > 2, "{} candidates tried", tried.len());
        assert_won_through_a_session(v, seed);
    }

    /// The progress counter counts on from one candidate to the next, so
    /// a window's gauge never goes back: by the time each candidate is
    /// tried it holds all the positions of those before it.
    #[test]
    fn the_positions_of_every_candidate_count_together() {
        let v = super::super::tests::from_ini(include_str!("../../../game-types/Aces Up/game.ini"), "easy");
        let progress = Arc::new(AtomicU64::new(0));
        let mut seen = Vec::new();
        let watch = Watch { cancel: None, progress: Some(Arc::clone(&progress)) };
        winnable_seed(&v, 3, |_| seen.push(progress.load(Ordering::Relaxed)), watch).expect("a winnable deal");
        assert!(seen.len() > 2, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
        assert!(seen[1] > NODES_FOR_NUMBER / 2, "the number's own search counted: {seen:?}");
        assert!(progress.load(Ordering::Relaxed) <= TOTAL_NODES);
    }

    /// Golf's deal 1242928734 takes more than its share to prove winnable,
    /// and ten candidates after it are not proved within theirs: the
    /// 13th, proved at once, must still be tried.
    #[test]
    fn every_candidate_is_tried_when_the_number_uses_up_its_share() {
        let v = super::super::tests::from_ini(include_str!("../../../game-types/Golf/game.ini"), "easy");
        let n = 1_242_928_734;
        let mut tried = Vec::new();
        let seed =
            winnable_seed(&v, n, |s| tried.push(s), Watch::default()).expect("a winnable deal among the candidates");
        assert_eq!(seed, candidate(n, 12), "tried {}", tried.len());
        assert_won_through_a_session(v, seed);
    }

    #[test]
    fn a_cancelled_search_tries_no_more_candidates() {
        let v = freecell(true);
        let mut tried = 0;
        let stop = Arc::new(AtomicBool::new(true));
        assert_eq!(winnable_seed(&v, 1, |_| tried += 1, Watch { cancel: Some(stop), progress: None }), None);
        assert_eq!(tried, 0);
    }
}

#[cfg(test)]
mod documented {
    use super::*;

    /// `n` as the guide and README write it: thousands set off by commas.
    fn written(n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(d);
        }
        out
    }

    /// The author's guide and the README give the limits the search has:
    /// positions for the number and for each deal made from it, how many
    /// deals, and the total.
    #[test]
    fn the_guide_and_readme_give_the_limits_in_force() {
        assert_eq!((written(495_000), written(999), written(1_000)), ("495,000".into(), "999".into(), "1,000".into()));
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let guide = std::fs::read_to_string(root.join("guide/game-ini.guide")).unwrap();
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        let (own, other, total) = (written(NODES_FOR_NUMBER), written(NODES_PER_OTHER), written(TOTAL_NODES));
        let made_from = format!("{} deals made from n", CANDIDATES - 1);
        let guide_says = format!("({own} for deal n, {other} for each deal made from it, {total} in all; no clock)");
        assert!(guide.contains(&made_from) && guide.contains(&guide_says), "guide/game-ini.guide: {guide_says}");
        // The README wraps its lines: its words are compared one space apart.
        let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
        let readme_says = [
            format!("{} seeds made from n", CANDIDATES - 1),
            format!("within {own} positions"),
            format!("{other} for each seed"),
            format!("({total} in all"),
        ];
        for said in readme_says {
            assert!(readme.contains(&said), "README: {said}");
        }
    }
}
