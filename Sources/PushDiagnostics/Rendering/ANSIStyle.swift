/// The ANSI escape sequences the renderers use when colour is on.
enum ANSIStyle {
  static let reset = "\u{1B}[0m"
  static let bold = "\u{1B}[1m"
  static let blue = "\u{1B}[1;34m"

  static func severity(_ severity: Severity) -> String {
    switch severity {
    case .error: "\u{1B}[1;31m"
    case .warning: "\u{1B}[1;33m"
    case .note: "\u{1B}[1;36m"
    }
  }
}
