/// The generator that decides the faults given a `probability`: SplitMix64, so the same
/// `seed` gives the same decisions for the same sequence of requests on every machine.
struct RulesGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from `seed`.
  init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<1` with 53 random bits.
  mutating func nextUnit() -> Double {
    Double(next() >> 11) / Double(1 << 53)
  }
}
