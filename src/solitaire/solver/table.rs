//! The transposition table: the keys of every position reached, in an
//! open-addressed set that refuses to grow past its byte budget; and how
//! the searches count the bytes they hold ([`Bytes`]).
//!
//! The keys are well-mixed 128-bit fingerprints, so a slot is the key
//! itself, found by its low bits and linear probing: a lookup in a big
//! table touches one cache line, where a general hash set touches its
//! control bytes and then its keys (two misses; a long proof spent a tenth
//! of its time there).

use super::key::Key;

/// What an insertion did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The position is new (and now recorded).
    New,
    /// The position was reached before.
    Before,
    /// The position is new but the table is full: it was not recorded.
    Full,
}

/// A set of keys within a byte budget.
pub struct Table {
    /// A power of two of slots, `EMPTY` where no key lies.
    slots: Vec<Key>,
    len: usize,
    budget: usize,
}

/// The slot no key fills: a key that comes out as this is stored as
/// [`ZERO_STANDS_IN`] (two keys in 2^128 then share a slot, as likely as
/// any other collision).
const EMPTY: Key = 0;
const ZERO_STANDS_IN: Key = 1;

/// Slots a new table starts with.
const FIRST_SLOTS: usize = 64;

/// The keys `slots` slots may hold before they must grow: seven eighths
/// of them, as linear probing slows sharply when fuller.
fn capacity_of(slots: usize) -> usize {
    slots / 8 * 7
}

/// The slots a table of `slots` slots grows to.
fn grown(slots: usize) -> usize {
    (slots * 2).max(FIRST_SLOTS)
}

/// Bytes `slots` slots hold.
fn bytes_for(slots: usize) -> usize {
    slots * std::mem::size_of::<Key>()
}

impl Table {
    pub fn new(budget: usize) -> Table {
        Table { slots: Vec::new(), len: 0, budget }
    }

    /// Lets the table grow to `budget` bytes (when other searches leave it
    /// their room).
    pub fn widen(&mut self, budget: usize) {
        self.budget = self.budget.max(budget);
    }

    fn capacity(&self) -> usize {
        capacity_of(self.slots.len())
    }

    /// Records `key`, unless the table would have to grow past its budget.
    pub fn insert(&mut self, key: Key) -> Seen {
        let key = if key == EMPTY { ZERO_STANDS_IN } else { key };
        if self.len == self.capacity() {
            if !self.slots.is_empty() && self.probe(key).is_ok() {
                return Seen::Before;
            }
            if !self.may_grow() {
                return Seen::Full;
            }
            self.grow();
        }
        match self.probe(key) {
            Ok(_) => Seen::Before,
            Err(empty) => {
                self.slots[empty] = key;
                self.len += 1;
                Seen::New
            }
        }
    }

    /// The slot holding `key`, or else the empty slot where it would go
    /// (the table has slots, some of them empty).
    fn probe(&self, key: Key) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            match self.slots[i] {
                EMPTY => return Err(i),
                k if k == key => return Ok(i),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Whether the table may double within its budget.
    fn may_grow(&self) -> bool {
        bytes_for(self.grown_slots()) <= self.budget
    }

    fn grown_slots(&self) -> usize {
        grown(self.slots.len())
    }

    /// Doubles the slots and places every key again.
    fn grow(&mut self) {
        let grown = vec![EMPTY; self.grown_slots()];
        let old = std::mem::replace(&mut self.slots, grown);
        for key in old.into_iter().filter(|&k| k != EMPTY) {
            if let Err(empty) = self.probe(key) {
                self.slots[empty] = key;
            }
        }
    }

    /// Bytes held now and soon (see [`held`]); a table that may not grow
    /// stays as it is.
    pub fn bytes(&self) -> Bytes {
        let now = bytes_for(self.slots.len());
        if self.may_grow() { held(self.len, self.capacity(), now) } else { Bytes::exact(now) }
    }

    /// Bytes held now and once `more` keys are recorded at once: the table
    /// may double more than once on the way (within its budget).
    pub fn bytes_taking(&self, more: usize) -> Bytes {
        let now = bytes_for(self.slots.len());
        let mut slots = self.slots.len();
        while capacity_of(slots) <= self.len + more && bytes_for(grown(slots)) <= self.budget {
            slots = grown(slots);
        }
        Bytes { now, soon: bytes_for(slots) }
    }
}

/// Room for this many more elements of a collection counts as none: a
/// position's expansion adds fewer.
const SLACK: usize = 1024;

/// What a search holds: bytes now, and soon, counting each collection
/// about to double at twice its size, so that a search that would grow
/// past the memory limit leaves before it grows, not after (five queues
/// doubling at once overshot the limit by a fifth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bytes {
    pub now: usize,
    pub soon: usize,
}

impl Bytes {
    /// Bytes that will not grow by doubling.
    pub fn exact(n: usize) -> Bytes {
        Bytes { now: n, soon: n }
    }
}

impl std::ops::Add for Bytes {
    type Output = Bytes;

    fn add(self, other: Bytes) -> Bytes {
        Bytes { now: self.now + other.now, soon: self.soon + other.soon }
    }
}

impl std::iter::Sum for Bytes {
    fn sum<I: Iterator<Item = Bytes>>(iter: I) -> Bytes {
        iter.fold(Bytes::default(), |a, b| a + b)
    }
}

/// What a collection of `len` elements with room for `capacity` holds,
/// taking `bytes` now.
pub fn held(len: usize, capacity: usize, bytes: usize) -> Bytes {
    Bytes { now: bytes, soon: if len + SLACK >= capacity { 2 * bytes } else { bytes } }
}

/// What a collection of `len` elements of `size` bytes with room for
/// `capacity` holds now, and once `more` are added at once: it may double
/// more than once on the way.
pub fn held_taking(len: usize, capacity: usize, size: usize, more: usize) -> Bytes {
    // Growing once fewer than SLACK places are left, as `held` counts.
    let room = room_after(capacity, len + more + SLACK + 1);
    Bytes { now: capacity * size, soon: room * size }
}

/// The room a vector with room for `capacity` has once it holds `len`:
/// as it was, or doubled (at least) to take them.
pub fn room_after(capacity: usize, len: usize) -> usize {
    if len <= capacity { capacity } else { (2 * capacity).max(len.next_power_of_two()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_stays_within_its_budget() {
        let mut t = Table::new(4096);
        let mut full = false;
        for k in 0..10_000u128 {
            match t.insert(k * 0x9e37_79b9_7f4a_7c15) {
                Seen::Full => full = true,
                Seen::New => assert!(!full, "a key was recorded after the table was full"),
                Seen::Before => unreachable!(),
            }
        }
        assert!(full);
        assert!(t.bytes().now <= 4096, "{:?}", t.bytes());
        assert_eq!(t.insert(0), Seen::Before);
        assert!(t.len > 100);
    }

    #[test]
    fn every_key_is_found_again_after_the_table_grows() {
        let mut t = Table::new(1 << 20);
        // Keys that share their low bits share a home slot and probe past
        // each other; the others spread.
        let keys: Vec<Key> =
            (1..3_000u128).map(|k| if k % 3 == 0 { (k << 64) | 5 } else { k * 0x9e37_79b9_7f4a_7c15 }).collect();
        for &k in &keys {
            assert_eq!(t.insert(k), Seen::New, "{k:#x}");
        }
        assert!(t.slots.len() > 3_000, "the table grew to {} slots", t.slots.len());
        for &k in &keys {
            assert_eq!(t.insert(k), Seen::Before, "{k:#x}");
        }
        assert_eq!(t.len, keys.len());
    }
}
