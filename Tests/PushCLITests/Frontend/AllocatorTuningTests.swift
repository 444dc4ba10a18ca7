import Testing

@testable import pushc

/// The allocator settings `pushc` makes at start-up, and a user's own that it leaves alone.
@Suite struct AllocatorTuningTests {
  @Test func bothThresholdsAreSetByDefault() {
    let settings = AllocatorTuning.settings { _ in nil }
    #expect(settings == [AllocatorTuning.mapping, AllocatorTuning.trimming])
    #expect(AllocatorTuning.mapping == .init(parameter: -3, value: 4 << 20))
    #expect(AllocatorTuning.trimming == .init(parameter: -1, value: 64 << 20))
  }

  @Test(arguments: [
    ("glibc.malloc.trim_threshold=0", true),
    ("glibc.cpu.hwcaps=-AVX2:glibc.malloc.arena_max=1", true),
    ("glibc.cpu.hwcaps=-AVX2", false),
    ("", false),
  ])
  func aUsersMallocTunablesAreKept(tunables: String, keepsTheirs: Bool) {
    let settings = AllocatorTuning.settings { $0 == "GLIBC_TUNABLES" ? tunables : nil }
    #expect(settings.isEmpty == keepsTheirs)
  }

  /// Applying the settings in the test process changes no result: they only move where memory
  /// comes from.
  @Test func applyingTheSettingsIsHarmless() {
    AllocatorTuning.apply { _ in nil }
    let bytes = [UInt8](repeating: 7, count: 8 << 20)
    #expect(bytes.count == 8 << 20 && bytes.last == 7)
  }
}
