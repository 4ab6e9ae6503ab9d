//! The Windows way of celebrating a win: the cards leave the foundations
//! one by one, fall and bounce along the bottom of the table, leaving a
//! trail of themselves, until the last has left the screen.

use crate::cards::Card;
use crate::core::GameRng;
use crate::gfx::Rect;

/// Pixels per second squared pulling cards down.
const GRAVITY: f64 = 900.0;
/// The share of its speed a card keeps when it bounces.
const BOUNCE: f64 = 0.75;
/// Trail positions kept and drawn (older ones fade from the picture), so a
/// frame stays quick to draw.
const TRAIL: usize = 600;
/// Milliseconds between trail positions.
const STEP_MS: u32 = 20;

/// A card in flight.
#[derive(Clone, Debug)]
struct Flying {
    card: Card,
    x: f64,
    y: f64,
    vx: f64,
    vy: f64,
}

/// The celebration's state.
#[derive(Clone, Debug)]
pub struct Bounce {
    /// Cards still to launch, with the rectangle each leaves from; the last
    /// goes first.
    waiting: Vec<(Card, Rect)>,
    flying: Option<Flying>,
    /// Where cards have been drawn, oldest first.
    trail: Vec<(Card, i32, i32)>,
    area: Rect,
    card_h: i32,
    rng: GameRng,
    /// Milliseconds not yet simulated.
    pending: u32,
}

impl Bounce {
    /// A celebration of `cards` leaving from their rectangles (the
    /// foundations' tops, in launch order) inside `area`.
    pub fn new(cards: Vec<(Card, Rect)>, area: Rect, card_h: i32, seed: u64) -> Bounce {
        let mut waiting = cards;
        waiting.reverse();
        Bounce { waiting, flying: None, trail: Vec::new(), area, card_h, rng: GameRng::new(seed), pending: 0 }
    }

    /// Whether every card has left the screen.
    pub fn done(&self) -> bool {
        self.flying.is_none() && self.waiting.is_empty()
    }

    /// Moves the cards on by `ms`.
    pub fn tick(&mut self, ms: u32) {
        self.pending = self.pending.saturating_add(ms);
        while self.pending >= STEP_MS && !self.done() {
            self.pending -= STEP_MS;
            self.step(f64::from(STEP_MS) / 1000.0);
        }
    }

    fn step(&mut self, dt: f64) {
        let Some(f) = &mut self.flying else {
            if let Some((card, from)) = self.waiting.pop() {
                // Left or right at random, at a random speed, with a little lift.
                let speed = 120.0 + f64::from(self.rng.below(240));
                let vx = if self.rng.below(2) == 0 { -speed } else { speed };
                let vy = -f64::from(self.rng.below(300));
                self.flying = Some(Flying { card, x: from.x as f64, y: from.y as f64, vx, vy });
            }
            return;
        };
        f.vy += GRAVITY * dt;
        f.x += f.vx * dt;
        f.y += f.vy * dt;
        let floor = f64::from(self.area.bottom() - self.card_h);
        if f.y > floor {
            f.y = floor;
            f.vy = -f.vy * BOUNCE;
        }
        self.trail.push((f.card, f.x as i32, f.y as i32));
        if self.trail.len() > TRAIL {
            self.trail.remove(0);
        }
        let gone = f.x < f64::from(self.area.x) - 200.0 || f.x > f64::from(self.area.right());
        if gone {
            self.flying = None;
        }
    }

    /// Whether `card` has left its foundation (so the foundation shows the
    /// card under it).
    pub fn has_left(&self, card: Card) -> bool {
        !self.waiting.iter().any(|w| w.0 == card)
    }

    /// Every card to draw, oldest first, at its position.
    pub fn cards(&self) -> impl Iterator<Item = (Card, i32, i32)> + '_ {
        self.trail.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};

    #[test]
    fn every_card_leaves_the_screen_in_the_end() {
        let cards: Vec<(Card, Rect)> =
            (1..=13).map(|r| (Card::new(Rank::new(r).unwrap(), Suit::Spades), Rect::new(300, 10, 71, 96))).collect();
        let area = Rect::new(0, 20, 698, 480);
        let mut b = Bounce::new(cards, area, 96, 7);
        let mut frames = 0;
        while !b.done() && frames < 10_000 {
            b.tick(100);
            frames += 1;
            for (_, _, y) in b.cards() {
                assert!(y <= area.bottom() - 96, "a card fell through the floor");
            }
        }
        assert!(b.done(), "the celebration never ended");
        assert!(b.cards().count() > 13, "a trail was left");
    }
}
