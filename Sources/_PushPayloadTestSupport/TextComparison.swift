package import Testing

/// Checks that `actual` equals `expected`, showing the first differing line on failure, like
/// swift-syntax's `assertStringsEqualWithDiff`.
package func expectSameText(
  _ actual: String,
  _ expected: String,
  _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  var line = 0
  while line < min(actualLines.count, expectedLines.count), actualLines[line] == expectedLines[line]
  {
    line += 1
  }
  let expectedLine = line < expectedLines.count ? "\(expectedLines[line])" : "<end>"
  let actualLine = line < actualLines.count ? "\(actualLines[line])" : "<end>"
  Issue.record(
    """
    \(what) differs at line \(line + 1):
    - expected: \(expectedLine)
    + actual:   \(actualLine)
    --- full actual text:
    \(actual)
    """,
    sourceLocation: sourceLocation
  )
}
