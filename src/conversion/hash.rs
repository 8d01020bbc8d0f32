//! A hasher for the driver's maps, whose keys are addresses of MLIR objects.

use std::{
    collections::{HashMap, HashSet},
    hash::{BuildHasherDefault, Hasher},
};

/// One rotate, xor and multiply per word (FxHash): enough to spread
/// addresses, which are distinct and already well distributed. The default
/// SipHash, built to resist adversarial keys, cost about an eighth of the
/// conversion time in the driver's maps (docs/performance.md).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct AddressHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl AddressHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for AddressHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.add(word);
    }

    fn write_usize(&mut self, word: usize) {
        self.add(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map keyed by addresses (or tuples of them).
pub(crate) type AddressMap<K, V> = HashMap<K, V, BuildHasherDefault<AddressHasher>>;

/// A set of addresses.
pub(crate) type AddressSet<K> = HashSet<K, BuildHasherDefault<AddressHasher>>;
