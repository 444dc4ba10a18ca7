/// The command-line options of `pushc-bench`.
struct Options {
  var iterations = 9
  var sizeMB = 8
  var python = false

  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  mutating func parse(_ arguments: [String]) throws {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--iterations":
        guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
          throw UsageError(description: "--iterations needs a positive integer")
        }
        iterations = value
      case "--size-mb":
        guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
          throw UsageError(description: "--size-mb needs a positive integer")
        }
        sizeMB = value
      case "--python":
        python = true
      default:
        throw UsageError(
          description: "unknown argument '\(argument)'; usage: pushc-bench [--iterations N] [--size-mb N] [--python]"
        )
      }
    }
  }
}
