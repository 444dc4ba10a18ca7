internal import PushDiagnostics
internal import PushJSON

/// Builds ``ValueNode`` trees from libyaml events: resolves scalars with the core schema,
/// expands aliases, converts keys and reports everything as diagnostics.
///
/// Nesting is an explicit stack of ``Frame``s, never recursion, and is bounded by
/// ``YAMLReader/Options/maximumDepth`` counting alias expansions. Every node, and every node an
/// alias expands to, counts against ``YAMLReader/Options/maximumNodeCount``; an alias costs
/// O(1) however large its anchor, because value trees share storage. Scalar bytes, aliases
/// expanded, count against ``YAMLReader/Options/maximumExpandedByteCount``, checked at each
/// alias: later stages copy what an alias shares, so one long string aliased many times must
/// stop here.
struct YAMLTreeBuilder {
  /// A sequence or mapping being read.
  struct Frame {
    var isMapping: Bool
    var isFlow: Bool
    /// The file offset of the first byte of the content (`[`, `{`, `-` or the first key).
    var start: Int
    /// The anchor to define once the collection is complete.
    var anchor: String?
    var elements: [ValueNode] = []
    var members: [JSONObject.Member] = []
    /// The key waiting for its value; `nil` while a key is expected.
    var pendingKey: (key: String, span: SourceSpan)?
    /// Index of keys once the mapping is large enough for linear duplicate search to matter.
    var keyIndex: [String: Int]?
    /// The nodes in the collection, itself and its keys included, aliases expanded.
    var nodeCount = 1
    /// The bytes of the scalars in the collection, keys included, aliases expanded.
    var byteCount = 0
    /// The deepest nesting below the collection.
    var childHeight = 0
    /// The file offset just past the last child's text.
    var contentEnd: Int

    init(isMapping: Bool, isFlow: Bool, start: Int, anchor: String?) {
      self.isMapping = isMapping
      self.isFlow = isFlow
      self.start = start
      self.anchor = anchor
      self.contentEnd = start
    }
  }

  /// A node whose events are all read, with what its parent needs to know about it.
  struct Completed {
    /// The value; an alias gives the anchored value with its original spans.
    var node: ValueNode
    /// The bytes of the node's text here: the alias for an alias, the node's span otherwise.
    var extent: SourceSpan
    /// The nodes in the value, aliases expanded.
    var count: Int
    /// The bytes of the scalars in the value, keys included, aliases expanded.
    var byteCount: Int
    /// The nesting depth of the value: 0 for a scalar.
    var height: Int
    /// The scalar's text, for nodes read from a scalar.
    var scalarText: String?
    /// Whether the node is a plain scalar without a tag.
    var isPlainUntagged: Bool
  }

  /// The state of an anchor in the current document.
  enum AnchorState {
    /// The anchored collection is still being read.
    case open
    /// The anchored node, complete.
    case complete(Completed)
  }

  /// Objects with fewer members than this are searched linearly for duplicates.
  static let linearDuplicateSearchLimit = 12

  /// The core schema's tag prefix.
  static let coreTagPrefix = "tag:yaml.org,2002:"

  let bytes: UnsafeBufferPointer<UInt8>
  var offsets: YAMLCharacterOffsets
  let options: YAMLReader.Options
  var collector: DiagnosticCollector

  /// The documents read so far.
  private(set) var documents: [ValueNode] = []
  private var stack: [Frame] = []
  private var root: Completed?
  private var anchors: [String: AnchorState] = [:]
  private var nodeCount = 0
  /// The bytes of every scalar read so far, aliases expanded.
  private var expandedByteCount = 0
  /// The file offset just past the text of the previous event, for placing empty scalars.
  private var previousEnd = 0
  /// Set by an error after which reading stops.
  private var stopped = false

  /// Creates a builder for the whole file `bytes`.
  init(
    bytes: UnsafeBufferPointer<UInt8>,
    offsets: YAMLCharacterOffsets,
    options: YAMLReader.Options,
    collector: DiagnosticCollector
  ) {
    self.bytes = bytes
    self.offsets = offsets
    self.options = options
    self.collector = collector
  }

  // MARK: - Events

  /// Reads every event of `parser` until the stream ends or reading must stop.
  mutating func run(_ parser: YAMLEventParser) {
    while !stopped {
      switch parser.next() {
      case .failure(let error):
        report(error)
        return
      case .success(let event):
        if case .streamEnd = event.kind { return }
        handle(event)
      }
    }
  }

  private mutating func handle(_ event: YAMLEvent) {
    let start = offsets.offset(ofCharacter: event.start)
    let end = offsets.offset(ofCharacter: event.end)
    switch event.kind {
    case .streamStart, .streamEnd:
      break
    case .documentStart(let version):
      stack = []
      root = nil
      anchors = [:]
      if let version, version != "1.2" {
        collector.emit(.yamlVersionDirective(version), at: lineSpan(from: start))
      }
      previousEnd = end
    case .documentEnd:
      if let root { documents.append(root.node) }
      root = nil
      stack = []
      previousEnd = max(previousEnd, end)
    case .alias(let name):
      readAlias(name, span: SourceSpan(start: start, end: end))
      previousEnd = max(previousEnd, end)
    case .scalar(let value, let anchor, let tag, let style):
      readScalar(value, anchor: anchor, tag: tag, style: style, start: start, end: end)
      previousEnd = max(previousEnd, end)
    case .sequenceStart(let anchor, let tag, let isFlow):
      openCollection(
        isMapping: false, anchor: anchor, tag: tag, isFlow: isFlow, start: start, end: end)
      previousEnd = max(previousEnd, end)
    case .mappingStart(let anchor, let tag, let isFlow):
      openCollection(
        isMapping: true, anchor: anchor, tag: tag, isFlow: isFlow, start: start, end: end)
      previousEnd = max(previousEnd, end)
    case .sequenceEnd, .mappingEnd:
      closeCollection(endEventEnd: end)
    }
  }

  // MARK: - Nodes

  private mutating func readAlias(_ name: String, span: SourceSpan) {
    let placeholder = Completed(
      node: ValueNode(.null, span: span),
      extent: span,
      count: 1,
      byteCount: 0,
      height: 0,
      scalarText: nil,
      isPlainUntagged: false
    )
    switch anchors[name] {
    case nil:
      collector.emit(.yamlUnknownAlias(name), at: span, pointer: pointer())
      guard countNodes(1, at: span) else { return }
      complete(placeholder)
    case .open:
      collector.emit(.yamlRecursiveAlias(name), at: span, pointer: pointer())
      guard countNodes(1, at: span) else { return }
      complete(placeholder)
    case .complete(var anchored):
      guard countNodes(anchored.count, at: span) else { return }
      guard countExpandedBytes(anchored.byteCount, at: span) else { return }
      guard stack.count + anchored.height <= options.maximumDepth else {
        tooDeep(at: span)
        return
      }
      anchored.extent = span
      complete(anchored)
    }
  }

  private mutating func readScalar(
    _ value: [UInt8],
    anchor: String?,
    tag: String?,
    style: YAMLEvent.ScalarStyle,
    start: Int,
    end: Int
  ) {
    var contentStart = skipProperties(from: start, limit: end)
    var contentEnd = max(contentStart, end)
    if value.isEmpty && style == .plain && start == end {
      // libyaml puts an empty scalar at the next token, often on a later line.
      contentStart = emptyScalarOffset(before: start)
      contentEnd = contentStart
    }
    let span = SourceSpan(start: contentStart, end: contentEnd)
    guard countNodes(1, at: span) else { return }
    expandedByteCount &+= value.count
    let isKey =
      stack.indices.last.map { stack[$0].isMapping && stack[$0].pendingKey == nil } ?? false
    let text = String(decoding: value, as: UTF8.self)
    let node = scalarNode(
      value,
      text: text,
      tag: tag,
      style: style,
      span: span,
      tagSpan: SourceSpan(start: start, end: contentStart),
      isKey: isKey
    )
    let completed = Completed(
      node: node,
      extent: span,
      count: 1,
      byteCount: value.count,
      height: 0,
      scalarText: text,
      isPlainUntagged: style == .plain && tag == nil
    )
    if let anchor { anchors[anchor] = .complete(completed) }
    complete(completed)
  }

  private mutating func openCollection(
    isMapping: Bool,
    anchor: String?,
    tag: String?,
    isFlow: Bool,
    start: Int,
    end: Int
  ) {
    let contentStart = skipProperties(from: start, limit: end)
    let span = SourceSpan(start: contentStart, end: min(contentStart + 1, bytes.count))
    guard stack.count < options.maximumDepth else {
      tooDeep(at: span)
      return
    }
    guard countNodes(1, at: span) else { return }
    if let tag {
      checkCollectionTag(
        tag,
        isMapping: isMapping,
        tagSpan: SourceSpan(start: start, end: contentStart)
      )
    }
    if let anchor { anchors[anchor] = .open }
    stack.append(Frame(isMapping: isMapping, isFlow: isFlow, start: contentStart, anchor: anchor))
  }

  private mutating func closeCollection(endEventEnd: Int) {
    guard let frame = stack.popLast() else { return }
    let end = frame.isFlow ? endEventEnd : frame.contentEnd
    let span = SourceSpan(start: frame.start, end: max(frame.start, end))
    if frame.isFlow { previousEnd = max(previousEnd, end) }
    let node =
      frame.isMapping
      ? ValueNode(.object(JSONObject(frame.members)), span: span)
      : ValueNode(.array(frame.elements), span: span)
    let completed = Completed(
      node: node,
      extent: span,
      count: frame.nodeCount,
      byteCount: frame.byteCount,
      height: frame.childHeight + 1,
      scalarText: nil,
      isPlainUntagged: false
    )
    if let anchor = frame.anchor { anchors[anchor] = .complete(completed) }
    complete(completed)
  }

  /// Attaches a completed node to the collection being read, or makes it the document.
  private mutating func complete(_ completed: Completed) {
    guard var frame = stack.popLast() else {
      root = completed
      return
    }
    frame.nodeCount += completed.count
    frame.byteCount += completed.byteCount
    frame.childHeight = max(frame.childHeight, completed.height)
    frame.contentEnd = max(frame.contentEnd, completed.extent.end)
    if !frame.isMapping {
      frame.elements.append(completed.node)
    } else if let pendingKey = frame.pendingKey {
      appendMember(
        key: pendingKey.key,
        keySpan: pendingKey.span,
        value: completed.node,
        to: &frame
      )
      frame.pendingKey = nil
    } else {
      frame.pendingKey = (key(from: completed), completed.extent)
    }
    stack.append(frame)
  }

  /// The string key a completed key node stands for, reporting keys that are not strings.
  private mutating func key(from completed: Completed) -> String {
    let span = completed.extent
    switch completed.node.kind {
    case .array, .object:
      let found = completed.node.arrayValue != nil ? "a sequence" : "a mapping"
      collector.emit(.yamlComplexKey(found: found), at: span, pointer: pointer())
      return text(span)
    case .string(let string):
      guard completed.isPlainUntagged else { return string }
      if string == "<<" {
        collector.emit(.yamlMergeKey(), at: span, pointer: pointer())
      } else if let first = string.utf8.first, Self.canStartSpecialNumber(first) {
        // `.inf` and out-of-range hexadecimal keys are numbers JSON cannot hold.
        switch YAMLScalarResolver.resolve(Array(string.utf8)) {
        case .nonFinite, .outOfRange: reportNonStringKey(string, type: "a number", at: span)
        default: break
        }
      }
      return string
    case .null, .bool, .number:
      let text = completed.scalarText ?? completed.node.scalarText ?? ""
      let type: String
      switch completed.node.kind {
      case .null: type = "null"
      case .bool: type = "a Boolean"
      default: type = "a number"
      }
      reportNonStringKey(text, type: type, at: span)
      return text
    }
  }

  private mutating func reportNonStringKey(_ text: String, type: String, at span: SourceSpan) {
    collector.emit(
      .yamlNonStringKey(text, type: type),
      at: span,
      pointer: pointer(),
      fixIts: [collector.fixIt("quote the key", replacing: span, with: quoted(text))]
    )
  }

  /// Adds a member to `frame`, reporting a duplicate key.
  private mutating func appendMember(
    key: String,
    keySpan: SourceSpan,
    value: ValueNode,
    to frame: inout Frame
  ) {
    var firstIndex: Int?
    if let keyIndex = frame.keyIndex {
      firstIndex = keyIndex[key]
    } else {
      firstIndex = frame.members.firstIndex { $0.key == key }
      if frame.members.count + 1 >= Self.linearDuplicateSearchLimit {
        var keyIndex: [String: Int] = [:]
        for (position, member) in frame.members.enumerated() where keyIndex[member.key] == nil {
          keyIndex[member.key] = position
        }
        frame.keyIndex = keyIndex
      }
    }
    if let firstIndex {
      let first = frame.members[firstIndex]
      collector.emit(
        .yamlDuplicateKey(key),
        at: keySpan,
        pointer: pointer(appending: frame),
        severity: options.duplicateKeySeverity,
        notes: [collector.note("'\(key)' is first defined here", at: first.keySpan)]
      )
    } else if frame.keyIndex != nil {
      frame.keyIndex?[key] = frame.members.count
    }
    frame.members.append(JSONObject.Member(key: key, keySpan: keySpan, value: value))
  }

  // MARK: - Scalars

  /// The value of a scalar under the core schema and its tag.
  private mutating func scalarNode(
    _ value: [UInt8],
    text: String,
    tag: String?,
    style: YAMLEvent.ScalarStyle,
    span: SourceSpan,
    tagSpan: SourceSpan,
    isKey: Bool
  ) -> ValueNode {
    let isPlain = style == .plain
    guard let tag else {
      return isPlain
        ? coreNode(value, text: text, span: span, isKey: isKey)
        : ValueNode(.string(text), span: span)
    }
    let sourceText = isPlain ? text : nil
    func mismatch() -> ValueNode {
      collector.emit(
        .yamlTagMismatch(tag: Self.displayName(ofTag: tag), found: "'\(Self.excerpt(text))'"),
        at: span,
        pointer: pointer()
      )
      return ValueNode(.string(text), span: span)
    }
    switch tag {
    case "!", Self.coreTagPrefix + "str":
      return ValueNode(.string(text), span: span)
    case Self.coreTagPrefix + "null":
      return YAMLScalarResolver.isNull(value)
        ? ValueNode(.null, span: span, sourceText: sourceText) : mismatch()
    case Self.coreTagPrefix + "bool":
      guard let bool = YAMLScalarResolver.bool(value) else { return mismatch() }
      return ValueNode(.bool(bool), span: span, sourceText: sourceText)
    case Self.coreTagPrefix + "int":
      guard let integer = YAMLScalarResolver.integer(value) else { return mismatch() }
      return numberNode(integer, text: text, span: span, sourceText: sourceText, isKey: isKey)
    case Self.coreTagPrefix + "float":
      guard var float = YAMLScalarResolver.float(value) else { return mismatch() }
      if case .number(let lexeme) = float, !lexeme.contains(where: { "eE.".contains($0) }) {
        float = .number(lexeme + ".0")
      }
      return numberNode(float, text: text, span: span, sourceText: sourceText, isKey: isKey)
    case Self.coreTagPrefix + "map", Self.coreTagPrefix + "seq":
      return mismatch()
    default:
      collector.emit(
        .yamlUnknownTag(Self.displayName(ofTag: tag)),
        at: tokenSpan(startingWith: UInt8(ascii: "!"), in: tagSpan) ?? span,
        pointer: pointer()
      )
      return isPlain
        ? coreNode(value, text: text, span: span, isKey: isKey)
        : ValueNode(.string(text), span: span)
    }
  }

  /// The value of an untagged plain scalar.
  private mutating func coreNode(
    _ value: [UInt8],
    text: String,
    span: SourceSpan,
    isKey: Bool
  ) -> ValueNode {
    switch YAMLScalarResolver.resolve(value) {
    case .null:
      return ValueNode(.null, span: span, sourceText: text)
    case .bool(let bool):
      return ValueNode(.bool(bool), span: span, sourceText: text)
    case let number:
      guard case .string = number else {
        return numberNode(number, text: text, span: span, sourceText: text, isKey: isKey)
      }
      if !isKey && YAMLScalarResolver.isYAML11Boolean(value) {
        let lowered = text.lowercased()
        let meaning = lowered == "yes" || lowered == "y" || lowered == "on" ? "true" : "false"
        collector.emit(
          .yamlAmbiguousBoolean(text),
          at: span,
          pointer: pointer(),
          fixIts: [
            collector.fixIt("quote it to keep the string", replacing: span, with: quoted(text)),
            collector.fixIt("write '\(meaning)' for a Boolean", replacing: span, with: meaning),
          ]
        )
      }
      return ValueNode(.string(text), span: span)
    }
  }

  /// A number node, or a string node after reporting a number JSON cannot hold.
  ///
  /// Keys only need their text, so a key such as `.inf` is not reported here.
  private mutating func numberNode(
    _ value: YAMLScalarResolver.Value,
    text: String,
    span: SourceSpan,
    sourceText: String?,
    isKey: Bool
  ) -> ValueNode {
    switch value {
    case .number(let lexeme):
      return ValueNode(.number(JSONNumber(lexeme: lexeme)), span: span, sourceText: sourceText)
    case .nonFinite:
      if !isKey {
        collector.emit(
          .yamlNonFiniteNumber(text),
          at: span,
          pointer: pointer(),
          fixIts: [collector.fixIt("quote it", replacing: span, with: quoted(text))]
        )
      }
    case .outOfRange:
      if !isKey {
        collector.emit(.yamlNumberOutOfRange(text), at: span, pointer: pointer())
      }
    case .null, .bool, .string:
      break
    }
    return ValueNode(.string(text), span: span)
  }

  /// Reports a tag that does not belong on a sequence or mapping.
  private mutating func checkCollectionTag(_ tag: String, isMapping: Bool, tagSpan: SourceSpan) {
    let fits = isMapping ? Self.coreTagPrefix + "map" : Self.coreTagPrefix + "seq"
    if tag == "!" || tag == fits { return }
    let span = tokenSpan(startingWith: UInt8(ascii: "!"), in: tagSpan) ?? tagSpan
    if tag.hasPrefix(Self.coreTagPrefix),
      ["str", "int", "float", "bool", "null", "map", "seq"].contains(
        tag.dropFirst(Self.coreTagPrefix.count)
      )
    {
      collector.emit(
        .yamlTagMismatch(
          tag: Self.displayName(ofTag: tag),
          found: isMapping ? "a mapping" : "a sequence"
        ),
        at: span,
        pointer: pointer()
      )
    } else {
      collector.emit(.yamlUnknownTag(Self.displayName(ofTag: tag)), at: span, pointer: pointer())
    }
  }

  // MARK: - Limits

  /// Adds `count` nodes to the stream's total, or reports the limit and stops.
  private mutating func countNodes(_ count: Int, at span: SourceSpan) -> Bool {
    nodeCount += count
    guard nodeCount > options.maximumNodeCount else { return true }
    collector.emit(
      .yamlTooManyNodes(limit: options.maximumNodeCount),
      at: span,
      pointer: pointer()
    )
    stopped = true
    return false
  }

  /// Adds the `count` bytes an alias expands to, or reports the limit at the alias and stops.
  ///
  /// Both operands are bounded (the total by the limit before the addition, `count` by the
  /// bytes read and the limit), so the sum cannot overflow; it is checked anyway.
  private mutating func countExpandedBytes(_ count: Int, at span: SourceSpan) -> Bool {
    let (sum, overflow) = expandedByteCount.addingReportingOverflow(count)
    expandedByteCount = overflow ? Int.max : sum
    guard overflow || sum > options.maximumExpandedByteCount else { return true }
    collector.emit(
      .yamlExpansionTooLarge(limit: options.maximumExpandedByteCount),
      at: span,
      pointer: pointer()
    )
    stopped = true
    return false
  }

  private mutating func tooDeep(at span: SourceSpan) {
    collector.emit(
      .yamlNestingTooDeep(limit: options.maximumDepth),
      at: span,
      pointer: pointer()
    )
    stopped = true
  }

  // MARK: - libyaml errors

  private mutating func report(_ error: YAMLParserError) {
    switch error.stage {
    case .reader:
      let problemOffset = offsets.offset(ofCharacter: 0) + error.problemOffset
      if error.problem.contains("UTF-8") || error.problem.contains("Unicode") {
        let offset = min(offsets.firstInvalidUTF8Offset ?? problemOffset, bytes.count)
        let byte = offset < bytes.count ? bytes[offset] : 0
        collector.emit(
          .yamlInvalidUTF8(byte),
          at: SourceSpan(start: offset, end: min(offset + 1, bytes.count)),
          pointer: pointer()
        )
      } else if error.problem.contains("control character") {
        collector.emit(
          .yamlControlCharacter(max(error.problemValue, 0)),
          at: characterSpan(at: problemOffset),
          pointer: pointer()
        )
      } else {
        collector.emit(
          .yamlSyntaxError(error.problem),
          at: characterSpan(at: problemOffset),
          pointer: pointer()
        )
      }
    case .scanner, .parser:
      let offset = offsets.offset(ofCharacter: error.problemIndex)
      var message = error.problem
      var notes: [Diagnostic.Note] = []
      if let context = error.context, !context.isEmpty {
        message += " " + context
        if error.contextIndex != error.problemIndex {
          let contextOffset = offsets.offset(ofCharacter: error.contextIndex)
          notes.append(
            collector.note(Self.contextNote(context), at: characterSpan(at: contextOffset))
          )
        }
      }
      let span = characterSpan(at: offset)
      if let (surrogates, replacement) = surrogatePair(at: offset) {
        collector.emit(
          .yamlSyntaxError(
            message
              + "; YAML has no surrogate pairs, write '\(replacement)' or the character itself"
          ),
          at: surrogates,
          pointer: pointer(),
          notes: notes,
          fixIts: [collector.fixIt("use a 32-bit escape", replacing: surrogates, with: replacement)]
        )
        return
      }
      let isTab = offset < bytes.count && bytes[offset] == UInt8(ascii: "\t")
      if isTab || error.problem.contains("tab character") {
        collector.emit(
          .yamlTabIndentation(message),
          at: span,
          pointer: pointer(),
          notes: notes,
          fixIts: isTab
            ? [collector.fixIt("replace the tab by spaces", replacing: span, with: "  ")] : []
        )
      } else {
        collector.emit(.yamlSyntaxError(message), at: span, pointer: pointer(), notes: notes)
      }
    case .other:
      collector.emit(
        .yamlParserFailure(error.problem),
        at: characterSpan(at: offsets.offset(ofCharacter: error.problemIndex)),
        pointer: pointer()
      )
    }
  }

  /// The span of a JSON-style surrogate pair escape (`\uD83D\uDE00`) whose first hexadecimal
  /// digit is at `offset`, where libyaml stops, and the `\U` escape that replaces it.
  private func surrogatePair(at offset: Int) -> (SourceSpan, String)? {
    func hexQuad(at start: Int) -> UInt32? {
      guard start >= 2, start + 4 <= bytes.count, bytes[start - 2] == UInt8(ascii: "\\"),
        bytes[start - 1] == UInt8(ascii: "u")
      else { return nil }
      let digits = UnsafeBufferPointer(rebasing: bytes[start..<start + 4])
      return UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
    }
    guard let high = hexQuad(at: offset), (0xD800...0xDBFF).contains(high),
      let low = hexQuad(at: offset + 6), (0xDC00...0xDFFF).contains(low)
    else { return nil }
    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    return (SourceSpan(start: offset - 2, end: offset + 10), "\\U" + yamlHex(scalar, width: 8))
  }

  /// The note for libyaml's context: "while parsing a block mapping" becomes "the block mapping
  /// starts here".
  static func contextNote(_ context: String) -> String {
    for prefix in ["while parsing ", "while scanning "] where context.hasPrefix(prefix) {
      var subject = context.dropFirst(prefix.count)
      for article in ["a ", "an ", "the "] where subject.hasPrefix(article) {
        subject = subject.dropFirst(article.count)
        break
      }
      if subject.hasPrefix("for ") { break }
      return "the \(subject) starts here"
    }
    return context
  }

  // MARK: - Text

  /// The JSON Pointer of the node being read.
  private func pointer() -> JSONPointer {
    var tokens: [String] = []
    for frame in stack {
      if frame.isMapping {
        guard let key = frame.pendingKey?.key else { break }
        tokens.append(key)
      } else {
        tokens.append(String(frame.elements.count))
      }
    }
    return JSONPointer(tokens: tokens)
  }

  /// The JSON Pointer of the member whose key `frame` (popped off the stack) is waiting on.
  private func pointer(appending frame: Frame) -> JSONPointer {
    var pointer = pointer()
    if let key = frame.pendingKey?.key { pointer = pointer.appending(key) }
    return pointer
  }

  /// The first offset in `[from, limit)` after the node properties (`&anchor`, `!tag`) at
  /// `from` and the spaces, line breaks and comments that follow them.
  private func skipProperties(from: Int, limit: Int) -> Int {
    let limit = min(limit, bytes.count)
    var index = from
    while index < limit, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
      if bytes[index] == UInt8(ascii: "!"), index + 1 < limit, bytes[index + 1] == UInt8(ascii: "<")
      {
        while index < limit, bytes[index] != UInt8(ascii: ">") { index += 1 }
        index += 1
      } else {
        while index < limit, !Self.endsProperty(bytes[index]) { index += 1 }
      }
      index = skipSpaceAndComments(from: index, limit: limit)
    }
    return min(index, max(from, limit))
  }

  /// The offset just past the last indicator (`:`, `-`, `---`, …) before an empty plain scalar
  /// that libyaml places at `mark`, the start of the next token; comments are skipped.
  private func emptyScalarOffset(before mark: Int) -> Int {
    var index = min(previousEnd, mark)
    var last = index
    while index < mark {
      let byte = bytes[index]
      if Self.isSpace(byte) {
        index += 1
      } else if byte == UInt8(ascii: "#"), index == 0 || Self.isSpace(bytes[index - 1]) {
        index = skipSpaceAndComments(from: index, limit: mark)
      } else {
        index += 1
        last = index
      }
    }
    return last
  }

  private func skipSpaceAndComments(from start: Int, limit: Int) -> Int {
    var index = start
    while index < limit {
      if Self.isSpace(bytes[index]) {
        index += 1
      } else if bytes[index] == UInt8(ascii: "#") {
        while index < limit, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r")
        {
          index += 1
        }
      } else {
        break
      }
    }
    return index
  }

  /// The span of the token in `span` that starts with `byte`, up to the next space.
  private func tokenSpan(startingWith byte: UInt8, in span: SourceSpan) -> SourceSpan? {
    var index = span.start
    while index < min(span.end, bytes.count) {
      if bytes[index] == byte, index == span.start || Self.isSpace(bytes[index - 1]) {
        var end = index
        while end < min(span.end, bytes.count), !Self.isSpace(bytes[end]) { end += 1 }
        return SourceSpan(start: index, end: end)
      }
      index += 1
    }
    return nil
  }

  /// The span of the whole character at `offset`, or an empty span at a line break or the end.
  private func characterSpan(at offset: Int) -> SourceSpan {
    guard offset < bytes.count, bytes[offset] != UInt8(ascii: "\n"),
      bytes[offset] != UInt8(ascii: "\r")
    else { return SourceSpan(at: min(offset, bytes.count)) }
    let length = max(1, UTF8Validation.sequenceLength(in: bytes, at: offset))
    return SourceSpan(start: offset, end: min(offset + length, bytes.count))
  }

  /// The span from `start` to the end of its line.
  private func lineSpan(from start: Int) -> SourceSpan {
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
      end += 1
    }
    return SourceSpan(start: start, end: end)
  }

  private func text(_ span: SourceSpan) -> String {
    let range = max(0, span.start)..<min(bytes.count, span.end)
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// `text` as a YAML double-quoted scalar, which is the JSON string syntax.
  private func quoted(_ text: String) -> String {
    var output: [UInt8] = []
    CanonicalJSONWriter.writeString(text, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  /// Whether `byte` can start `.inf`, `-.inf`, `+.inf`, `.nan`, `0x…` or `0o…`.
  private static func canStartSpecialNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "0")
  }

  private static func endsProperty(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
      UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
      true
    default:
      false
    }
  }

  /// A tag as users write it: `!!int` for the core schema, the tag itself otherwise.
  static func displayName(ofTag tag: String) -> String {
    tag.hasPrefix(coreTagPrefix) ? "!!" + tag.dropFirst(coreTagPrefix.count) : tag
  }

  /// `text` shortened to 40 characters for a message.
  static func excerpt(_ text: String) -> String {
    text.prefix(40).endIndex == text.endIndex ? text : text.prefix(39) + "…"
  }
}
