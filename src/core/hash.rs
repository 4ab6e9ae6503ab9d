//! FNV-1a, 64-bit: the fingerprint of a variant's data.
//!
//! A save records the hash of the variant data it was made with, so a save
//! from another version of a variant is refused instead of replayed into
//! nonsense. The value is written into files, so the algorithm is pinned here
//! (offset basis and prime from the FNV specification) rather than taken from
//! `std::hash`, whose output may change between Rust releases.

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// The 64-bit FNV-1a hash of `bytes`.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(OFFSET_BASIS, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::fnv1a64;

    /// Test vectors from the FNV reference test suite.
    #[test]
    fn matches_published_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }
}
