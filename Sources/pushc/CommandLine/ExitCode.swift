/// The status `pushc` exits with.
///
/// The values follow `sysexits.h` where one fits, so scripts can tell a bad input (1) from a bad
/// command line (64) and an unreadable file (66).
struct ExitCode: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The numeric status.
  let rawValue: Int32

  /// Creates an exit code from its numeric status.
  init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Everything worked; warnings may have been reported.
  static let success = ExitCode(rawValue: 0)
  /// An input has errors (or warnings under `--warnings-as-errors`), or `fmt --check` found a
  /// file that is not in canonical form.
  static let failure = ExitCode(rawValue: 1)
  /// The command line is wrong (`EX_USAGE`).
  static let usage = ExitCode(rawValue: 64)
  /// An input file cannot be read (`EX_NOINPUT`).
  static let cannotRead = ExitCode(rawValue: 66)
  /// An output file cannot be written (`EX_CANTCREAT`).
  static let cannotWrite = ExitCode(rawValue: 73)
  /// Standard output cannot be written (`EX_IOERR`): a full disk, an I/O error.
  static let outputFailed = ExitCode(rawValue: 74)
  /// A configuration file (`.pushc.yaml`) has errors (`EX_CONFIG`); nothing was checked.
  static let configuration = ExitCode(rawValue: 78)

  var description: String { String(rawValue) }

  /// Orders codes by how bad they are, which for the codes above is their numeric order.
  static func < (lhs: ExitCode, rhs: ExitCode) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// Raises this code to `other` when `other` is worse, so that processing several inputs exits
  /// with the worst outcome.
  mutating func escalate(to other: ExitCode) {
    self = max(self, other)
  }
}
