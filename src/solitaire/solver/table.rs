//! The transposition table: the keys of every position reached, in a hash
//! set that refuses to grow past its byte budget; and how the searches
//! count the bytes they hold ([`Bytes`]).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

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
    keys: HashSet<Key, BuildHasherDefault<Low64>>,
    budget: usize,
}

/// Bytes a slot of the set costs: the key and hashbrown's control byte.
const SLOT_BYTES: usize = std::mem::size_of::<Key>() + 1;

/// Bytes a set with room for `keys` keys holds (hashbrown keeps an eighth
/// of its buckets empty).
fn bytes_for(keys: usize) -> usize {
    keys * SLOT_BYTES * 8 / 7
}

impl Table {
    pub fn new(budget: usize) -> Table {
        Table { keys: HashSet::default(), budget }
    }

    /// Lets the table grow to `budget` bytes (when other searches leave it
    /// their room).
    pub fn widen(&mut self, budget: usize) {
        self.budget = self.budget.max(budget);
    }

    /// Records `key`, unless the table would have to grow past its budget.
    pub fn insert(&mut self, key: Key) -> Seen {
        if self.keys.contains(&key) {
            return Seen::Before;
        }
        if self.keys.len() == self.keys.capacity() && !self.may_grow() {
            return Seen::Full;
        }
        self.keys.insert(key);
        Seen::New
    }

    /// Whether the table may double within its budget.
    fn may_grow(&self) -> bool {
        bytes_for(self.keys.capacity().max(4) * 2) <= self.budget
    }

    /// Bytes held now and soon (see [`held`]); a table that may not grow
    /// stays as it is.
    pub fn bytes(&self) -> Bytes {
        let now = bytes_for(self.keys.capacity());
        if self.may_grow() { held(self.keys.len(), self.keys.capacity(), now) } else { Bytes::exact(now) }
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

/// The keys are fingerprints already: their low 64 bits are the hash.
#[derive(Default)]
struct Low64(u64);

impl Hasher for Low64 {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().take(8) {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u128(&mut self, n: u128) {
        self.0 = n as u64;
    }
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
        assert!(t.keys.len() > 100);
    }
}
