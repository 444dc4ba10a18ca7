import PushDiagnostics
import PushJSON
import PushYAML

/// A `# pushc-disable` comment of a YAML input: the rules and diagnostics it silences, and
/// where.
///
/// - `# pushc-disable RULE-ID[, RULE-ID] [reason]` on a line of its own silences them in the
///   node that starts on the next line that is neither blank nor a comment: a mapping entry
///   with everything under it, or a sequence item. At the end of a line (`key: value  #
///   pushc-disable …`), it silences them in the node that starts on that line.
/// - `# pushc-disable-file RULE-ID[, RULE-ID] [reason]`, anywhere, silences them in the whole
///   file.
///
/// An identifier is a rule's (`apns-push-type`, which covers every diagnostic the rule emits) or
/// a diagnostic's (`apnsMissingTopic`). What follows the identifiers (the first word not
/// preceded by a comma) is the reason, for the reader. JSON has no comments: suppress in JSON
/// inputs with the `suppressions` list of the configuration file.
struct InlineSuppression: Sendable {
  /// What the comment covers.
  enum Scope: Hashable, Sendable {
    /// The whole file.
    case file
    /// The bytes of one node, its first line included.
    case span(SourceSpan)
  }

  /// The keyword of a suppression of the next node.
  static let nextNodeKeyword = "pushc-disable"
  /// The keyword of a suppression of the whole file.
  static let fileKeyword = "pushc-disable-file"

  /// The rules and diagnostics silenced, as written.
  var identifiers: [String]
  /// What the comment covers.
  var scope: Scope
  /// The bytes of the comment, from `#`.
  var comment: SourceSpan

  /// Whether the comment silences `diagnostic`.
  func covers(_ diagnostic: Diagnostic, identifier: String) -> Bool {
    guard RuleNames.suppression(identifier, covers: diagnostic.id) else { return false }
    switch scope {
    case .file:
      return true
    case .span(let span):
      guard let start = diagnostic.range?.start.offset else { return false }
      return span.start <= start && start <= span.end
    }
  }

  /// The suppressions of the YAML input `file` and the problems of their comments.
  static func scan(_ file: SourceFile) -> (
    suppressions: [InlineSuppression], diagnostics: [Diagnostic]
  ) {
    let bytes = file.bytes
    guard contains(bytes, Array(nextNodeKeyword.utf8)) else { return ([], []) }
    let lines = lineStarts(bytes)
    let tree = NodeStarts(YAMLReader.read(file).documents, lines: lines)
    var suppressions: [InlineSuppression] = []
    var diagnostics: [Diagnostic] = []
    for (line, start) in lines.enumerated() {
      let end = line + 1 < lines.count ? lines[line + 1] : bytes.count
      guard let hash = commentStart(bytes, from: start, to: end, tree: tree) else {
        continue
      }
      var text = String(decoding: bytes[(hash + 1)..<end], as: UTF8.self)
      text = String(text.drop { $0 == " " || $0 == "\t" })
      while text.last?.isNewline == true { text.removeLast() }
      let keyword: String
      if text.hasPrefix(fileKeyword) {
        keyword = fileKeyword
      } else if text.hasPrefix(nextNodeKeyword) {
        keyword = nextNodeKeyword
      } else {
        continue
      }
      let rest = text.dropFirst(keyword.count)
      guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { continue }
      let comment = SourceSpan(
        start: hash, end: end - (bytes[end - 1] == UInt8(ascii: "\n") ? 1 : 0))
      let identifiers = parseIdentifiers(rest)
      guard !identifiers.isEmpty else {
        diagnostics.append(
          Diagnostic(
            .configMalformedSuppression(keyword), file: file.name, range: file.range(of: comment)))
        continue
      }
      for identifier in identifiers {
        if case .unknown(let hint) = RuleNames.resolve(identifier) {
          diagnostics.append(
            Diagnostic(
              .configUnknownRule(identifier, hint: hint), file: file.name,
              range: file.range(of: comment)))
        }
      }
      let scope: Scope
      if keyword == fileKeyword {
        scope = .file
      } else {
        let isOwnLine = bytes[start..<hash].allSatisfy {
          $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
        }
        let target = isOwnLine ? nextContentLine(after: line, bytes: bytes, lines: lines) : line
        guard let target else { continue }
        scope = .span(tree.span(ofLine: target, lines: lines, count: bytes.count))
      }
      suppressions.append(
        InlineSuppression(identifiers: identifiers, scope: scope, comment: comment))
    }
    return (suppressions, diagnostics)
  }

  /// The identifiers at the start of `text`: words joined by commas; the first word after one
  /// without a comma starts the reason.
  static func parseIdentifiers(_ text: Substring) -> [String] {
    var identifiers: [String] = []
    var expectsMore = true
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) where expectsMore {
      let parts = word.split(separator: ",", omittingEmptySubsequences: true)
      identifiers += parts.map(String.init)
      expectsMore = word.hasSuffix(",")
    }
    return identifiers
  }

  /// The offsets where lines start.
  private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    for (offset, byte) in bytes.enumerated()
    where byte == UInt8(ascii: "\n") && offset + 1 < bytes.count {
      starts.append(offset + 1)
    }
    return starts
  }

  /// The offset of the `#` starting a comment in the line `start..<end`: the first `#` at the
  /// start of the line or after a space that is not inside a scalar of `tree`.
  private static func commentStart(
    _ bytes: [UInt8], from start: Int, to end: Int, tree: NodeStarts
  ) -> Int? {
    for offset in start..<end where bytes[offset] == UInt8(ascii: "#") {
      guard
        offset == start || bytes[offset - 1] == UInt8(ascii: " ")
          || bytes[offset - 1] == UInt8(ascii: "\t")
      else { continue }
      if !tree.isInsideScalar(offset) { return offset }
    }
    return nil
  }

  /// The first line after `line` that is neither blank nor only a comment.
  private static func nextContentLine(after line: Int, bytes: [UInt8], lines: [Int]) -> Int? {
    var candidate = line + 1
    while candidate < lines.count {
      let start = lines[candidate]
      let end = candidate + 1 < lines.count ? lines[candidate + 1] : bytes.count
      let first = bytes[start..<end].first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
      if let first, first != UInt8(ascii: "#"), first != UInt8(ascii: "\n"),
        first != UInt8(ascii: "\r")
      {
        return candidate
      }
      candidate += 1
    }
    return nil
  }

  private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard bytes.count >= needle.count, let first = needle.first else { return false }
    var offset = 0
    while offset + needle.count <= bytes.count {
      if bytes[offset] == first, bytes[offset..<(offset + needle.count)].elementsEqual(needle) {
        return true
      }
      offset += 1
    }
    return false
  }
}

/// Where the nodes of a YAML tree start and end, by line, and where its scalars are.
private struct NodeStarts {
  /// The furthest end of a node starting on each line (mapping entries from their key).
  private var endByLine: [Int: Int] = [:]
  /// The bytes of every scalar.
  private var scalars: [SourceSpan] = []

  init(_ documents: [ValueNode], lines: [Int]) {
    for document in documents { visit(document, lines: lines) }
  }

  /// Records the children of `node`: a mapping entry from its key to the end of its value, a
  /// sequence item from its start. The root of a document is not a node of its own here, so a
  /// comment above the first key covers that key only.
  private mutating func visit(_ node: ValueNode, lines: [Int]) {
    switch node.kind {
    case .object(let object):
      for member in object.members {
        record(member.keySpan.start, end: member.value.span.end, lines: lines)
        scalars.append(member.keySpan)
        visit(member.value, lines: lines)
      }
    case .array(let elements):
      for element in elements {
        record(element.span.start, end: element.span.end, lines: lines)
        visit(element, lines: lines)
      }
    default:
      scalars.append(node.span)
    }
  }

  private mutating func record(_ start: Int, end: Int, lines: [Int]) {
    let line = Self.line(of: start, lines: lines)
    endByLine[line] = max(endByLine[line] ?? 0, end)
  }

  /// Whether `offset` is inside a scalar (a `#` there is text, not a comment).
  func isInsideScalar(_ offset: Int) -> Bool {
    scalars.contains { $0.start <= offset && offset < $0.end }
  }

  /// The bytes a suppression of the node on `line` covers: the line, and every node starting on
  /// it to its end.
  func span(ofLine line: Int, lines: [Int], count: Int) -> SourceSpan {
    let start = lines[line]
    let lineEnd = line + 1 < lines.count ? lines[line + 1] - 1 : count
    return SourceSpan(start: start, end: max(lineEnd, endByLine[line] ?? 0))
  }

  private static func line(of offset: Int, lines: [Int]) -> Int {
    var low = 0
    var high = lines.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lines[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
