#if canImport(Glibc)
import Glibc
#endif

/// How the `pushc` process sets up the C allocator before it runs a command.
///
/// With glibc, by default, an allocation of 128 KiB or more (an input chunk, a part of about
/// that size) is mapped from the system and unmapped when freed, until the first such free
/// raises the threshold, and a heap whose free top grows past a limit is trimmed, its pages
/// given back: the heaps grow and shrink with the parts in flight, on one thread as on several,
/// and each cycle comes back as page faults. A fixed threshold of 4 MiB and heaps trimmed only
/// past 64 MiB of free memory keep those pages: `pushc compile --target apns-payload` on 20,000
/// notices takes 1,100 page faults instead of 20,600 on one thread (a quarter less processor
/// time) and 1,500 instead of 7,800 on two (an eighth less); `pushc lint` on 100,000 notices
/// 1,500 instead of 10,600. Peak memory stays the same, as the memory kept was in use a moment
/// before.
///
/// The settings are the process's, so they are the command-line tool's to make, never the
/// library's. A user who tunes the allocator (`GLIBC_TUNABLES` naming `glibc.malloc`) keeps
/// their settings.
enum AllocatorTuning {
  /// A `mallopt` parameter of glibc and its value.
  struct Setting: Equatable {
    /// The parameter's number in `malloc.h`.
    var parameter: Int32
    /// The value.
    var value: Int32
  }

  /// `M_TRIM_THRESHOLD`: the free memory at the top of a heap from which it is trimmed.
  static let trimming = Setting(parameter: -1, value: 64 << 20)
  /// `M_MMAP_THRESHOLD`: the smallest allocation mapped on its own rather than served from a
  /// heap.
  static let mapping = Setting(parameter: -3, value: 4 << 20)

  /// The settings to make, in the environment `environmentValue` looks up: none when it tunes
  /// the allocator already.
  static func settings(environmentValue: (String) -> String?) -> [Setting] {
    if environmentValue("GLIBC_TUNABLES")?.contains("glibc.malloc") == true { return [] }
    return [mapping, trimming]
  }

  /// Makes ``settings(environmentValue:)`` with glibc's `mallopt`; nothing with another C
  /// library.
  static func apply(environmentValue: (String) -> String?) {
    #if canImport(Glibc)
    // `mallopt` is glibc's own, not in the module's headers: found by name.
    guard let symbol = dlsym(nil, "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    for setting in settings(environmentValue: environmentValue) {
      _ = mallopt(setting.parameter, setting.value)
    }
    #endif
  }
}
