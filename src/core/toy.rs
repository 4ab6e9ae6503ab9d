//! A tiny game for the core's unit tests: count up to a target.
//!
//! The target comes from the seed, moves are `add N`, adding past the target
//! is refused, and whenever the total ends in 4 an automatic `add 1` follows
//! (so automatic moves are exercised too). Option `max=N` caps N.

use super::game::{Game, Refusal, Status, Variant};
use super::hash::fnv1a64;
use super::rng::GameRng;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    pub target: u32,
    pub total: u32,
    max: u32,
}

impl Game for Count {
    type Move = u32;

    fn parse_move(&self, text: &str) -> Result<u32, String> {
        let n = text.strip_prefix("add ").ok_or_else(|| format!("{text:?} is not `add N`"))?;
        n.parse().map_err(|_| format!("{n:?} is not a number"))
    }

    fn move_text(&self, m: &u32) -> String {
        format!("add {m}")
    }

    fn check(&self, m: &u32) -> Result<(), Refusal> {
        if *m == 0 || *m > self.max {
            return Err(Refusal::new(format!("You may add 1 to {}.", self.max)));
        }
        if self.total + m > self.target {
            return Err(Refusal::new(format!("Adding {m} would pass the target of {}.", self.target)));
        }
        Ok(())
    }

    fn apply(&mut self, m: &u32) {
        self.total += m;
    }

    fn status(&self) -> Status {
        if self.total == self.target { Status::Won } else { Status::Playing }
    }

    fn score(&self) -> i64 {
        i64::from(self.total)
    }

    fn auto_move(&self) -> Option<u32> {
        (self.total % 10 == 4 && self.total < self.target).then_some(1)
    }

    fn hint(&self) -> Option<u32> {
        (self.total < self.target).then_some(1)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    pub max: u32,
}

impl Variant for Counting {
    type Game = Count;

    fn id(&self) -> &str {
        "count"
    }

    fn content_hash(&self) -> u64 {
        fnv1a64(b"count rules v1")
    }

    fn options(&self) -> String {
        format!("max={}", self.max)
    }

    fn with_options(&self, options: &str) -> Result<Self, String> {
        let max = options
            .strip_prefix("max=")
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("{options:?} is not `max=N`"))?;
        Ok(Counting { max })
    }

    fn deal(&self, seed: u64) -> Count {
        // A starting total of 4 sets off an automatic move at the deal.
        let mut rng = GameRng::new(seed);
        Count { target: 10 + rng.below(20), total: rng.below(5), max: self.max }
    }
}
