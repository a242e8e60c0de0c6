//! splitmix64, the command's one mixer: the same numbers on every platform. The command's own,
//! though src/main.rs mixes with the same constants: the puzzles of a seed are a promise, and
//! must not change when the search's tie-breaking does. The tests and the benchmark draw with
//! it too.

/// splitmix64's state: `Random(seed)`.
pub struct Random(pub u64);

impl Random {
	pub fn next_u64(&mut self) -> u64 {
		self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
		let mut z = self.0;
		z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
		z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
		z ^ (z >> 31)
	}

	/// A number below `n`.
	pub fn below(&mut self, n: usize) -> usize {
		(self.next_u64() % n as u64) as usize
	}

	pub fn shuffle<T>(&mut self, items: &mut [T]) {
		for i in (1..items.len()).rev() {
			items.swap(i, self.below(i + 1));
		}
	}
}
