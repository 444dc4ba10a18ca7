public import PushDiagnostics

/// A strict RFC 8259 JSON reader that builds a ``ValueNode`` tree in which every value and key
/// knows its bytes in the source.
///
/// It reads UTF-8 bytes directly, validates them, keeps object key order and duplicate keys,
/// keeps number lexemes exactly, and reports every problem as a diagnostic pointing at the
/// offending byte. It never traps, recurses or backtracks: nesting is handled with an explicit
/// stack bounded by ``Options/maximumDepth``, and the work is linear in the input size.
///
/// ```swift
/// let parsed = JSONReader.read(SourceFile(name: "message.json", text: #"{"a": 1}"#))
/// parsed.documents.first?[JSONPointer("/a")!]?.numberValue?.intValue  // 1
/// ```
public struct JSONReader: Sendable {
  /// What the reader accepts.
  public struct Options: Hashable, Sendable {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error.
    public var maximumDepth: Int
    /// Whether several whitespace-separated values are read as documents (NDJSON), rather than
    /// content after the first value being an error.
    public var allowsMultipleDocuments: Bool
    /// The severity of a duplicate key.
    public var duplicateKeySeverity: Severity
    /// Whether one comma before `}` or `]` is read as a warning (`jsonTrailingComma`) and
    /// reading goes on, as Apple's `JSONSerialization` and Google's JSON-to-proto parser accept
    /// it; otherwise it is a syntax error.
    public var acceptsTrailingCommas: Bool
    /// Whether reading a single document goes on after a syntax error: the reader reports the
    /// error, resynchronises (a missing or extra comma, a missing colon, an unquoted key, a
    /// string left open at the end of a line, unclosed containers at the end of the input) and
    /// returns what it read, recording each error in ``ParsedSource/recoveries``.
    ///
    /// A recovered document has errors, so it must never be used as output; it is for checking
    /// the rest of what the user wrote. Sequences (``allowsMultipleDocuments``) stop at the first
    /// syntax error whatever this says.
    public var recoversFromSyntaxErrors: Bool
    /// The most syntax errors recovered from in one input; the next one stops reading with
    /// `jsonTooManySyntaxErrors`.
    public var maximumSyntaxErrors: Int

    /// The default nesting limit, deep enough for any push message and shallow enough to walk
    /// recursively on any thread.
    public static let defaultMaximumDepth = 512

    /// The default number of syntax errors recovered from before reading stops.
    public static let defaultMaximumSyntaxErrors = 10

    /// How `pushc lint` and `compile` read JSON: one trailing comma is a warning, and reading
    /// recovers from syntax errors to check the rest.
    public static let lenient = Options().readingLeniently

    /// These options with trailing commas accepted and recovery from syntax errors, the rest
    /// (limits, sequences, duplicate keys) unchanged.
    public var readingLeniently: Options {
      var options = self
      options.acceptsTrailingCommas = true
      options.recoversFromSyntaxErrors = true
      return options
    }

    /// Creates options.
    public init(
      maximumDepth: Int = Options.defaultMaximumDepth,
      allowsMultipleDocuments: Bool = false,
      duplicateKeySeverity: Severity = .error,
      acceptsTrailingCommas: Bool = false,
      recoversFromSyntaxErrors: Bool = false,
      maximumSyntaxErrors: Int = Options.defaultMaximumSyntaxErrors
    ) {
      self.maximumDepth = maximumDepth
      self.allowsMultipleDocuments = allowsMultipleDocuments
      self.duplicateKeySeverity = duplicateKeySeverity
      self.acceptsTrailingCommas = acceptsTrailingCommas
      self.recoversFromSyntaxErrors = recoversFromSyntaxErrors
      self.maximumSyntaxErrors = maximumSyntaxErrors
    }
  }

  /// The options in force.
  public var options: Options

  /// Creates a reader.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Reads the documents of `file` from byte `start` on, at their offsets in `file`.
  ///
  /// The bytes before `start` are not read, as if they were blanks: a front end that holds a
  /// part of a larger input with the lines before it (for the excerpts of its diagnostics)
  /// reads the part's own bytes without a copy with those lines blanked. `start` is 0 or the
  /// start of a line; a byte order mark counts only at 0.
  public func read(_ file: SourceFile, from start: Int = 0) -> ParsedSource {
    var collector = DiagnosticCollector(file: file)
    var recoveries: [SourceSpan] = []
    let documents = file.bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(
        bytes: buffer, from: start, options: options, collector: collector)
      let documents = scanner.readDocuments()
      collector = scanner.collector
      recoveries = scanner.recoveries
      return documents
    }
    return ParsedSource(
      file: file,
      format: options.allowsMultipleDocuments ? .jsonSequence : .json,
      documents: documents,
      diagnostics: collector.diagnostics,
      recoveries: recoveries
    )
  }

  /// Reads the documents of `file` with `options`.
  public static func read(_ file: SourceFile, options: Options = Options()) -> ParsedSource {
    JSONReader(options: options).read(file)
  }

  /// Reads the documents of `file` into one ``ValueTree``: the entry point for stages that walk
  /// trees (``ParsedSource/tree``) rather than ``ValueNode``s.
  ///
  /// Input the reader reads without any diagnostic (nearly all input, in a pipeline) is read by
  /// a strict fast path that builds the tree straight from the bytes, allocating nothing per
  /// value, with the same values and spans ``read(_:)`` gives; the result then has no
  /// diagnostics and ``ParsedSource/isTree`` is true. Anything the reader would report makes
  /// that path give up, and the result is exactly ``read(_:)``'s, with its diagnostics and its
  /// documents as ``ValueNode``s.
  ///
  /// The bytes before `start` are not read, as ``read(_:from:)`` says.
  public func readTree(_ file: SourceFile, from start: Int = 0) -> ParsedSource {
    if let tree = ValueTreeScanner.tree(of: file.bytes, from: start, options: options) {
      return ParsedSource(
        file: file, format: options.allowsMultipleDocuments ? .jsonSequence : .json, tree: tree,
        diagnostics: [])
    }
    return read(file, from: start)
  }

  /// Reads the documents of `file` with `options` into one ``ValueTree``, as
  /// ``readTree(_:)`` does.
  public static func readTree(_ file: SourceFile, options: Options = Options()) -> ParsedSource {
    JSONReader(options: options).readTree(file)
  }
}

/// The scanning state of one ``JSONReader/read(_:)`` call; recovery from syntax errors is in
/// `JSONScanner+Recovery.swift`.
struct JSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  let options: JSONReader.Options
  var collector: DiagnosticCollector
  var index = 0
  /// The arrays and objects being read, innermost last.
  let stack = JSONScratchStack<Frame>(capacity: 16)
  /// The elements read so far of every open array, the innermost array's last.
  let elements = JSONScratchStack<ValueNode>()
  /// The members read so far of every open object, the innermost object's last.
  let members = JSONScratchStack<JSONObject.Member>()
  /// ``keyFingerprint(_:count:eightBytesReadable:)`` of every key in ``members``, at the same positions, or 0 for
  /// a key that is not all ASCII.
  let fingerprints = JSONScratchStack<UInt64>()
  /// The buffer escaped strings are decoded into, kept from one to the next.
  var decodeBuffer: [UInt8] = []
  /// The last few strings too long to be small made from source bytes, most recent last, so
  /// that a text repeated nearby (FCM `data` often repeats the notification's title and body)
  /// shares the first one's storage instead of allocating its own.
  var recentTexts: [RecentText] = []
  /// Where in ``recentTexts`` the next string goes once it is full.
  var nextRecentText = 0
  /// Whether reading goes on after syntax errors: for a single document only.
  let recoversFromSyntaxErrors: Bool
  /// ``SmallASCIIString/isAvailable``, read once per call rather than once per string.
  let buildsSmallStrings = SmallASCIIString.isAvailable
  /// The syntax errors recovered from so far.
  var recoveries: [SourceSpan] = []
  /// Whether reading has stopped at ``JSONReader/Options/maximumSyntaxErrors``.
  var gaveUp = false
  /// Where a string left open at the end of its line was ended, for the missing comma that
  /// usually went with it (`"title": "Hello,` then the next key).
  var stringEndedAtLineBreak: Int?

  init(
    bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, options: JSONReader.Options,
    collector: DiagnosticCollector
  ) {
    self.bytes = bytes
    self.index = start
    self.options = options
    self.collector = collector
    self.recoversFromSyntaxErrors =
      options.recoversFromSyntaxErrors && !options.allowsMultipleDocuments
  }

  /// A string made from the source bytes at `start`, `count` long.
  struct RecentText {
    var start: Int
    var count: Int
    /// The first eight bytes, to tell most different texts apart at once.
    var head: UInt64
    var string: String
  }

  /// How many strings ``recentTexts`` holds.
  static let recentTextCount = 4

  /// An array or object being read.
  struct Frame {
    var isObject: Bool
    var start: Int
    /// Where the container's children start in ``elements`` or ``members``.
    var firstChild: Int
    var pendingKey = ""
    var pendingKeySpan = SourceSpan(at: 0)
    var pendingKeyFingerprint: UInt64 = 0
    /// Whether the pending key has moved into the last member, which the value was attached to.
    var pendingKeyIsLastMember = false
    /// Index of keys once the object is large enough for linear duplicate search to matter.
    var keyIndex: [String: Int]?
    /// One bit per fingerprint of the keys so far (``fingerprintBit(_:)``), all bits once a key
    /// has no fingerprint: a key whose bit is clear is no duplicate, and is not searched for.
    var keyBits: UInt64 = 0
  }

  /// The bit of ``Frame/keyBits`` for a key's fingerprint: the top six bits of the fingerprint
  /// mixed, since a short key's fingerprint has its bytes in the low bits only.
  @inline(__always)
  static func fingerprintBit(_ fingerprint: UInt64) -> UInt64 {
    1 << ((fingerprint &* 0x9E37_79B9_7F4A_7C15) >> 58)
  }

  /// Objects with fewer members than this are searched linearly for duplicates.
  static let linearDuplicateSearchLimit = 12

  // MARK: - Documents

  mutating func readDocuments() -> [ValueNode] {
    // A byte order mark counts only at the start of the input.
    if index == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      collector.emit(.jsonByteOrderMark(), at: SourceSpan(start: 0, end: 3))
      index = 3
    } else if index == 0, bytes.count >= 2,
      (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
    {
      collector.emit(.jsonUnsupportedEncoding("UTF-16"), at: SourceSpan(start: 0, end: 2))
      return []
    }
    var documents: [ValueNode] = []
    let contentStart = index
    skipWhitespace()
    if index == bytes.count {
      collector.emit(.jsonEmptyInput(), at: SourceSpan(at: contentStart))
      return []
    }
    while index < bytes.count {
      guard let document = readValue() else { return documents }
      documents.append(document)
      skipWhitespace()
      if index < bytes.count && !options.allowsMultipleDocuments {
        if !skipCommentIfPresent() {
          // An object or array after the value is most likely the next document of NDJSON.
          let startsADocument =
            bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")
          collector.emit(
            .jsonTrailingContent(), at: SourceSpan(start: index, end: bytes.count),
            fixIts: startsADocument ? [.jsonReadAsSequence] : [])
        }
        return documents
      }
    }
    return documents
  }

  // MARK: - Values

  /// Reads one complete value, or returns `nil` after a syntax error it does not recover from.
  ///
  /// Without recovery every error ends reading; with it (see ``recover()``) the loop reads on
  /// from the next place that makes sense, leaving out what could not be read.
  mutating func readValue() -> ValueNode? {
    stack.removeAll(from: 0)
    elements.removeAll(from: 0)
    members.removeAll(from: 0)
    fingerprints.removeAll(from: 0)
    readingValues: while true {
      skipWhitespace()
      guard index < bytes.count else {
        collector.emit(
          .jsonUnexpectedEndOfInput(expected: "a value"),
          at: SourceSpan(at: index),
          pointer: pointer()
        )
        return recoverAtEndOfInput()
      }
      // The value read; when reading recovered from one that could not be read, a placeholder
      // with `hasValue` false. Not an optional, which costs a generic destroy per value.
      var completed: ValueNode
      var hasValue = true
      switch bytes[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = bytes[index] == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        guard stack.count < options.maximumDepth else {
          collector.emit(
            .jsonNestingTooDeep(limit: options.maximumDepth),
            at: SourceSpan(start: index, end: index + 1),
            pointer: pointer()
          )
          return nil
        }
        let start = index
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == closing {
          index += 1
          let kind: ValueNode.Kind = isObject ? .object(JSONObject()) : .array([])
          completed = ValueNode(kind, span: SourceSpan(start: start, end: index))
          break
        }
        stack.append(
          Frame(
            isObject: isObject, start: start, firstChild: isObject ? members.count : elements.count)
        )
        guard isObject else { continue readingValues }
        switch readMemberKey(afterComma: false) {
        case .read: continue readingValues
        case .skipped: (completed, hasValue) = (ValueNode(.null), false)
        case .endOfInput: return recoverAtEndOfInput()
        case .stop: return nil
        }
      case UInt8(ascii: "\""):
        let start = index
        let stop = plainASCIIRunEnd(from: start + 1)
        if let (leading, trailing, count) = smallPlainString(openingAt: start, runEnd: stop) {
          // A short ASCII string without escapes (an enum value, an id), made here from two
          // words of its bytes, as `readString` would make it.
          index = stop + 1
          completed = ValueNode(
            .string(SmallASCIIString.make(leading: leading, trailing: trailing, count: count)),
            span: SourceSpan(start: start, end: index))
        } else if let (string, span, _) = readString(
          plainASCIIRunEnd: stop, includingPendingKey: true)
        {
          completed = ValueNode(.string(string), span: span)
        } else {
          return recoverAtEndOfInput()
        }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"),
        UInt8(ascii: "f"), UInt8(ascii: "n"):
        let isLiteral = bytes[index] >= UInt8(ascii: "f")
        if let scalar = isLiteral ? readLiteral() : readNumber() {
          completed = scalar
        } else {
          guard recover() else { return nil }
          skipRestOfScalar()
          (completed, hasValue) = (ValueNode(.null), false)
        }
      default:
        if recoversFromSyntaxErrors && skipComment() {
          guard recover() else { return nil }
          continue readingValues
        }
        reportUnexpected(expected: "a value")
        guard recover() else { return nil }
        // A missing value before `,`, `}` or `]` is left out; anything else is skipped.
        switch bytes[index] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): break
        default: skipMalformedToken()
        }
        (completed, hasValue) = (ValueNode(.null), false)
      }

      // Attach the completed value to the containers it closes, moving rather than copying it.
      attaching: while true {
        guard !stack.isEmpty else { return hasValue ? completed : nil }
        let top = stack.count - 1
        let isObject = stack[top].isObject
        if hasValue { attach(consume completed, toObject: isObject) }
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        separators: while true {
          let valueEnd = index
          skipWhitespace()
          guard index < bytes.count else {
            collector.emit(
              .jsonUnexpectedEndOfInput(expected: "',' or '\(Character(Unicode.Scalar(closing)))'"),
              at: SourceSpan(at: index),
              pointer: pointer()
            )
            return recoverAtEndOfInput()
          }
          // Whether a comma, written or reported missing, separates the next item.
          var isSeparated = false
          if bytes[index] == UInt8(ascii: ",") {
            let comma = index
            index += 1
            skipWhitespace()
            if index < bytes.count && bytes[index] == closing {
              guard reportTrailingComma(at: comma) else { return nil }
            } else {
              isSeparated = true
            }
          }
          if !isSeparated {
            if bytes[index] == closing {
              index += 1
              (completed, hasValue) = (closeInnermost(at: index), true)
              continue attaching
            }
            if recoversFromSyntaxErrors && skipComment() {
              guard recover() else { return nil }
              continue separators
            }
            let startsNextItem =
              isObject ? bytes[index] == UInt8(ascii: "\"") : startsValue(bytes[index])
            if startsNextItem && stringEndedAtLineBreak == valueEnd {
              // The comma that ended the line of a string left open, already reported.
            } else {
              reportUnexpected(
                expected: "',' or '\(Character(Unicode.Scalar(closing)))'",
                fixIts: recoversFromSyntaxErrors && startsNextItem
                  ? [collector.fixIt("insert ','", replacing: SourceSpan(at: valueEnd), with: ",")]
                  : []
              )
              guard recover() else { return nil }
            }
            guard startsNextItem else {
              if bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]") {
                // The other kind of closing: it closes this container too when an enclosing
                // one is of its kind, as in `{"a": [1}`; otherwise it is extra and skipped.
                let closesObject = bytes[index] == UInt8(ascii: "}")
                if (0..<top).contains(where: { stack[$0].isObject == closesObject }) {
                  (completed, hasValue) = (closeInnermost(at: index), true)
                  continue attaching
                }
                index += 1
              } else {
                skipMalformedToken()
              }
              continue separators
            }
            // A missing comma: read on as if it were there.
          }
          if isObject {
            switch readMemberKey(afterComma: true) {
            case .read: break
            case .skipped: continue separators
            case .endOfInput: return recoverAtEndOfInput()
            case .stop: return nil
            }
          }
          continue readingValues
        }
      }
    }
  }

  /// Adds `value` to the innermost open container: as the pending key's member of an object,
  /// or as the next element of an array.
  @inline(__always)
  mutating func attach(_ value: consuming ValueNode, toObject isObject: Bool) {
    if isObject {
      appendMember(value)
    } else {
      elements.append(value)
    }
  }

  /// Builds the innermost open container, ending at `end`, from the children read so far.
  mutating func closeInnermost(at end: Int) -> ValueNode {
    let frame = stack.base + (stack.count - 1)
    let (isObject, firstChild) = (frame.pointee.isObject, frame.pointee.firstChild)
    let span = SourceSpan(start: frame.pointee.start, end: end)
    if frame.pointee.keyIndex == nil, buildsSmallStrings,
      SmallASCIIString.words(of: frame.pointee.pendingKey) != nil
    {
      // Nearly always: no key index, and the empty key `appendMember(_:)` left.
      stack.discardLast()
    } else {
      stack.removeAll(from: stack.count - 1)
    }
    if isObject {
      fingerprints.removeAll(from: firstChild)
      return ValueNode(.object(JSONObject(members.popArray(from: firstChild))), span: span)
    }
    return ValueNode(.array(elements.popArray(from: firstChild)), span: span)
  }

  /// What reading an object key found.
  enum MemberKeyResult {
    /// The key and its colon: a value follows.
    case read
    /// Reading recovered without a member: what follows is a separator.
    case skipped
    /// The input ended, which has been reported.
    case endOfInput
    /// A syntax error that reading does not recover from, which has been reported.
    case stop
  }

  /// Reads `"key" :` into the object on top of the stack, reporting what is missing.
  ///
  /// The usual case, a quoted key and its colon, is read here; anything else (and the messages
  /// it needs) is left to ``readMemberKeyReportingProblems(afterComma:)``.
  @inline(__always)
  mutating func readMemberKey(afterComma: Bool) -> MemberKeyResult {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      return readMemberKeyReportingProblems(afterComma: afterComma)
    }
    let start = index
    let stop = plainASCIIRunEnd(from: start + 1)
    let span: SourceSpan
    if let (leading, trailing, count) = smallPlainString(openingAt: start, runEnd: stop) {
      // The usual key: short, ASCII, no escape. Its string and its fingerprint are made from
      // the same two words of its bytes, as `makeString` and `keyFingerprint` would make them.
      index = stop + 1
      span = SourceSpan(start: start, end: index)
      setPendingKey(
        SmallASCIIString.make(leading: leading, trailing: trailing, count: count), span: span,
        fingerprint: Self.keyFingerprint(leading: leading, trailing: trailing, count: count))
    } else {
      guard
        let (key, keySpan, isRawASCII) = readString(
          plainASCIIRunEnd: stop, includingPendingKey: false)
      else {
        return .endOfInput
      }
      span = keySpan
      let fingerprint = keyFingerprint(of: key, span: span, isRawASCII: isRawASCII)
      setPendingKey(key, span: span, fingerprint: fingerprint)
    }
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: ":") {
      index += 1
      return .read
    }
    return readColonReportingProblems(afterKeyAt: span)
  }

  /// The words and length of the string whose opening quote is at `start`, when it is a small
  /// string (``SmallASCIIString/make(leading:trailing:count:)``): at most fifteen plain ASCII
  /// bytes, its run (``plainASCIIRunEnd(from:)``, which ends at `runEnd`) ended by the closing
  /// quote, and sixteen bytes readable after the opening quote. `nil` otherwise: a longer
  /// string, an escape, a byte from 0x80, or the end of the input near, left to
  /// ``readString(plainASCIIRunEnd:includingPendingKey:)``.
  @inline(__always)
  func smallPlainString(
    openingAt start: Int, runEnd: Int
  ) -> (leading: UInt64, trailing: UInt64, count: Int)? {
    let contentStart = start + 1
    let count = runEnd - contentStart
    guard buildsSmallStrings, count <= SmallASCIIString.capacity, contentStart + 16 <= bytes.count,
      bytes[runEnd] == UInt8(ascii: "\""), let base = bytes.baseAddress
    else { return nil }
    let first = ByteWord.load(base, at: contentStart)
    if count < 8 {
      return (first & ((1 << (UInt64(truncatingIfNeeded: count) << 3)) &- 1), 0, count)
    }
    let mask: UInt64 = (1 << (UInt64(truncatingIfNeeded: count - 8) << 3)) &- 1
    return (first, ByteWord.load(base, at: contentStart + 8) & mask, count)
  }

  /// ``keyFingerprint(_:count:eightBytesReadable:)`` of a key read at `span`.
  @inline(__always)
  func keyFingerprint(of key: String, span: SourceSpan, isRawASCII: Bool) -> UInt64 {
    // Keys that are not all ASCII get no fingerprint: distinct bytes can be equal strings
    // (canonical equivalence: "\u{212A}" == "K"), and the search must find what `==` finds.
    if isRawASCII, let base = bytes.baseAddress {
      return Self.keyFingerprint(
        base + span.start + 1, count: span.count - 2,
        eightBytesReadable: span.start + 9 <= bytes.count)
    }
    return keyFingerprintOfDecoded(key)
  }

  /// The fingerprint of a key with escapes or bytes from 0x80: of its decoded bytes when they
  /// are all ASCII, otherwise 0.
  @inline(never)
  func keyFingerprintOfDecoded(_ key: String) -> UInt64 {
    Array(key.utf8).withUnsafeBufferPointer { decoded in
      decoded.allSatisfy { $0 < 0x80 }
        ? Self.keyFingerprint(
          decoded.baseAddress, count: decoded.count, eightBytesReadable: decoded.count >= 8)
        : 0
    }
  }

  /// Makes `key` the pending key of the object on top of the stack.
  @inline(__always)
  mutating func setPendingKey(_ key: consuming String, span: SourceSpan, fingerprint: UInt64) {
    let frame = stack.base + (stack.count - 1)
    if buildsSmallStrings, SmallASCIIString.words(of: frame.pointee.pendingKey) != nil,
      let offset = MemoryLayout<Frame>.offset(of: \Frame.pendingKey)
    {
      // Nearly always the empty string `appendMember(_:)` left: a small string owns nothing,
      // so it is written over without the release an assignment would call.
      (UnsafeMutableRawPointer(frame) + offset).assumingMemoryBound(to: String.self)
        .initialize(to: key)
    } else {
      frame.pointee.pendingKey = key
    }
    frame.pointee.pendingKeyIsLastMember = false
    frame.pointee.pendingKeySpan = span
    frame.pointee.pendingKeyFingerprint = fingerprint
  }

  /// ``readMemberKey(afterComma:)`` when the next byte is not a key's opening quote: reports
  /// what is there and, when reading recovers, reads the key meant.
  @inline(never)
  mutating func readMemberKeyReportingProblems(afterComma: Bool) -> MemberKeyResult {
    var key: String
    var span: SourceSpan
    var fingerprint: UInt64 = 0
    readingKey: while true {
      skipWhitespace()
      guard index < bytes.count else {
        collector.emit(
          .jsonUnexpectedEndOfInput(
            expected: afterComma ? "an object key" : "an object key or '}'"),
          at: SourceSpan(at: index),
          pointer: pointer(includingPendingKey: false)
        )
        return .endOfInput
      }
      if bytes[index] == UInt8(ascii: "\"") {
        guard let (readKey, readSpan, isRawASCII) = readString(includingPendingKey: false) else {
          return .endOfInput
        }
        (key, span) = (readKey, readSpan)
        fingerprint = keyFingerprint(of: key, span: span, isRawASCII: isRawASCII)
        break readingKey
      }
      if recoversFromSyntaxErrors && skipComment() {
        guard recover() else { return .stop }
        continue readingKey
      }
      reportUnexpected(
        expected: afterComma ? "an object key in double quotes" : "an object key or '}'",
        includingPendingKey: false
      )
      guard recover() else { return .stop }
      switch bytes[index] {
      case UInt8(ascii: ","):
        // An extra comma.
        index += 1
        continue readingKey
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        return .skipped
      default:
        // An unquoted or single-quoted key is read as the key it was meant to be.
        guard let (unquoted, unquotedSpan) = readUnquotedKey() else {
          skipMalformedToken()
          return .skipped
        }
        (key, span) = (unquoted, unquotedSpan)
        break readingKey
      }
    }
    setPendingKey(key, span: span, fingerprint: fingerprint)
    return readColonReportingProblems(afterKeyAt: span)
  }

  /// Reads the colon after the key at `span`, reporting what is there instead.
  @inline(never)
  mutating func readColonReportingProblems(afterKeyAt span: SourceSpan) -> MemberKeyResult {
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        collector.emit(
          .jsonUnexpectedEndOfInput(expected: "':' after the key"),
          at: SourceSpan(at: index),
          pointer: pointer()
        )
        return .endOfInput
      }
      guard bytes[index] != UInt8(ascii: ":") else {
        index += 1
        return .read
      }
      if recoversFromSyntaxErrors && skipComment() {
        guard recover() else { return .stop }
        continue
      }
      let startsValue = startsValue(bytes[index])
      reportUnexpected(
        expected: "':' after the key",
        fixIts: recoversFromSyntaxErrors && startsValue
          ? [collector.fixIt("insert ':'", replacing: SourceSpan(at: span.end), with: ":")] : []
      )
      guard recover() else { return .stop }
      // A missing colon before a value is read as if it were there; otherwise the key has no
      // value and is left out.
      return startsValue ? .read : .skipped
    }
  }

  /// Adds the pending key and `value` to the object on top of the stack, reporting a duplicate
  /// key.
  mutating func appendMember(_ value: consuming ValueNode) {
    // The frame is changed in place; nothing here pushes onto the stack, which could move it.
    let frame = stack.base + (stack.count - 1)
    // The key moves into the member; the pointer reads it from there until the next key.
    var key = ""
    swap(&key, &frame.pointee.pendingKey)
    frame.pointee.pendingKeyIsLastMember = true
    let keySpan = frame.pointee.pendingKeySpan
    let fingerprint = frame.pointee.pendingKeyFingerprint
    let firstChild = frame.pointee.firstChild
    var firstIndex: Int?
    let memberCount = members.count - firstChild
    if frame.pointee.keyIndex != nil {
      firstIndex = frame.pointee.keyIndex?[key]
      if firstIndex == nil { frame.pointee.keyIndex?[key] = memberCount }
    } else {
      let bit = fingerprint == 0 ? ~0 : Self.fingerprintBit(fingerprint)
      let memberBase = members.base
      if frame.pointee.keyBits & bit != 0 {
        // Compare fingerprints first: a key comparison is a call, a fingerprint one instruction.
        let fingerprintBase = fingerprints.base
        for position in 0..<memberCount
        where
          (fingerprintBase[firstChild + position] == fingerprint
          || fingerprintBase[firstChild + position] & fingerprint & 1 == 0)
          && memberBase[firstChild + position].key == key
        {
          firstIndex = position
          break
        }
      }
      frame.pointee.keyBits |= bit
      if memberCount + 1 >= Self.linearDuplicateSearchLimit {
        var keyIndex: [String: Int] = [:]
        for position in 0..<memberCount where keyIndex[memberBase[firstChild + position].key] == nil
        {
          keyIndex[memberBase[firstChild + position].key] = position
        }
        if keyIndex[key] == nil { keyIndex[key] = memberCount }
        frame.pointee.keyIndex = keyIndex
      }
    }
    members.append(JSONObject.Member(key: consume key, keySpan: keySpan, value: consume value))
    fingerprints.append(fingerprint)
    if let firstIndex {
      let firstKeySpan = members[firstChild + firstIndex].keySpan
      let duplicate = members[members.count - 1].key
      collector.emit(
        .jsonDuplicateKey(duplicate),
        at: keySpan,
        pointer: pointer(),
        severity: options.duplicateKeySeverity,
        notes: [collector.note("'\(duplicate)' is first defined here", at: firstKeySpan)]
      )
    }
  }

  /// A hash of the `count` ASCII bytes of a key at `start`, equal for equal keys and odd, so
  /// that the duplicate search compares two ASCII keys only when their fingerprints are equal.
  /// With `eightBytesReadable`, a short key is read as one word.
  @inline(__always)
  static func keyFingerprint(
    _ start: UnsafePointer<UInt8>?, count: Int, eightBytesReadable: Bool
  ) -> UInt64 {
    guard let start, count > 0 else { return 1 }
    if count >= 8 {
      let head = ByteWord.load(start, at: 0)
      let tail = ByteWord.load(start, at: count - 8)
      // Up to sixteen bytes, the bytes from the ninth are the top ones of the last word.
      let trailing = count > SmallASCIIString.capacity ? tail : tail >> (UInt64(16 - count) << 3)
      return keyFingerprint(leading: head, trailing: trailing, count: count)
    }
    var word: UInt64 = 0
    if eightBytesReadable {
      word = ByteWord.load(start, at: 0) & ((1 << (UInt64(count) << 3)) &- 1)
    } else {
      for offset in 0..<count { word |= UInt64(start[offset]) << (8 * offset) }
    }
    return keyFingerprint(leading: word, trailing: 0, count: count)
  }

  /// ``keyFingerprint(_:count:eightBytesReadable:)`` of a key of `count` bytes given as words:
  /// up to fifteen bytes, the words of its small string (``SmallASCIIString/make(leading:trailing:count:)``);
  /// longer, its first and last eight bytes.
  @inline(__always)
  static func keyFingerprint(leading: UInt64, trailing: UInt64, count: Int) -> UInt64 {
    let hash = (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15) ^ leading
    return ((hash &* 0xBF58_476D_1CE4_E5B9) ^ trailing) | 1
  }

  // MARK: - Scalars

  /// Reads a string starting at the opening quote. Problems inside the string are reported and
  /// reading goes on; only a missing closing quote fails. The flag says whether the string is
  /// its source bytes unchanged (no escapes and no repairs) and all ASCII.
  @inline(__always)
  mutating func readString(includingPendingKey: Bool = true) -> (String, SourceSpan, Bool)? {
    readString(
      plainASCIIRunEnd: plainASCIIRunEnd(from: index + 1), includingPendingKey: includingPendingKey)
  }

  /// ``readString(includingPendingKey:)`` once the plain ASCII run of the string's content
  /// (``plainASCIIRunEnd(from:)``) is known to end at `runEnd`.
  mutating func readString(plainASCIIRunEnd runEnd: Int, includingPendingKey: Bool)
    -> (String, SourceSpan, Bool)?
  {
    let start = index
    let contentStart = index + 1
    // Fast path: valid UTF-8 without escapes or control characters, made into a string in one
    // go without validating again. ASCII is skipped sixteen bytes at a time; from the first
    // byte from 0x80, one pass validates the rest and finds where it stops.
    var stop = runEnd
    var isASCII = true
    index = contentStart
    if stop < bytes.count && bytes[stop] >= 0x80 {
      isASCII = false
      stop = UTF8Validation.plainTextEnd(in: bytes, from: stop) ?? bytes.count
    }
    if stop < bytes.count {
      if bytes[stop] == UInt8(ascii: "\"") {
        index = stop + 1
        let string = makeString(from: contentStart, to: stop, isASCII: isASCII)
        return (string, SourceSpan(start: start, end: index), isASCII)
      }
      index = stop
    }
    return readEscapedString(
      start: start, contentStart: contentStart, includingPendingKey: includingPendingKey)
  }

  /// Reads the rest of a string at `index` whose bytes from `contentStart` up to `index` are
  /// plain and valid: the slow path, out of line so that the fast one stays small.
  @inline(never)
  mutating func readEscapedString(start: Int, contentStart: Int, includingPendingKey: Bool)
    -> (String, SourceSpan, Bool)?
  {
    // The bytes are decoded into the buffer of the previous escaped string, not a new one.
    var decoded: [UInt8] = []
    swap(&decoded, &decodeBuffer)
    defer { swap(&decoded, &decodeBuffer) }
    decoded.removeAll(keepingCapacity: true)
    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
    var firstLineBreak: StringLineBreak?
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        if let firstLineBreak, !closesStringHere() {
          return endString(
            start: start, at: firstLineBreak, decoded: &decoded,
            includingPendingKey: includingPendingKey)
        }
        let string = String(decoding: decoded, as: UTF8.self)
        return (string, SourceSpan(start: start, end: index), false)
      case UInt8(ascii: "\\"):
        readEscape(into: &decoded, includingPendingKey: includingPendingKey)
      case 0..<0x20:
        if recoversFromSyntaxErrors, firstLineBreak == nil, byte == 0x0A || byte == 0x0D {
          firstLineBreak = StringLineBreak(
            position: index, decodedCount: decoded.count,
            diagnosticCount: collector.diagnostics.count)
        }
        let escaped = Self.escapeSequence(forControlByte: byte)
        collector.emit(
          .jsonControlCharacterInString(byte, escaped: escaped),
          at: SourceSpan(start: index, end: index + 1),
          pointer: pointer(includingPendingKey: includingPendingKey),
          fixIts: [
            collector.fixIt(
              "replace it with '\(escaped)'",
              replacing: SourceSpan(start: index, end: index + 1),
              with: escaped
            )
          ]
        )
        decoded.append(byte)
        index += 1
      case 0x80...:
        let length = UTF8Validation.sequenceLength(in: bytes, at: index)
        if length == 0 {
          collector.emit(
            .jsonInvalidUTF8(byte),
            at: SourceSpan(start: index, end: index + 1),
            pointer: pointer(includingPendingKey: includingPendingKey)
          )
          decoded.append(contentsOf: [0xEF, 0xBF, 0xBD])
          index += 1
        } else {
          decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
          index += length
        }
      default:
        let end = plainASCIIRunEnd(from: index + 1)
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
        index = end
      }
    }
    if let firstLineBreak {
      return endString(
        start: start, at: firstLineBreak, decoded: &decoded,
        includingPendingKey: includingPendingKey)
    }
    collector.emit(
      .jsonUnterminatedString(),
      at: SourceSpan(start: start, end: start + 1),
      pointer: pointer(includingPendingKey: includingPendingKey)
    )
    return nil
  }

  /// The end of the run of plain ASCII bytes from `start`
  /// (``ByteVector/plainASCIIRunEnd(_:count:from:)``).
  @inline(__always)
  func plainASCIIRunEnd(from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    return ByteVector.plainASCIIRunEnd(base, count: bytes.count, from: start)
  }

  /// The string of the source bytes from `start` up to `end`, which are valid UTF-8.
  @inline(__always)
  mutating func makeString(from start: Int, to end: Int, isASCII: Bool) -> String {
    // A short ASCII string (most keys, enum values, number lexemes) is built from two words of
    // its bytes; sixteen bytes must be readable from its start.
    let count = end - start
    if isASCII, buildsSmallStrings, count <= SmallASCIIString.capacity, start + 16 <= bytes.count,
      let base = bytes.baseAddress
    {
      let first = ByteWord.load(base, at: start)
      if count < 8 {
        let mask: UInt64 = (1 << (UInt64(truncatingIfNeeded: count) << 3)) &- 1
        return SmallASCIIString.make(leading: first & mask, trailing: 0, count: count)
      }
      let mask: UInt64 = (1 << (UInt64(truncatingIfNeeded: count - 8) << 3)) &- 1
      let second = ByteWord.load(base, at: start + 8) & mask
      return SmallASCIIString.make(leading: first, trailing: second, count: count)
    }
    if count > SmallASCIIString.capacity, let base = bytes.baseAddress {
      return makeLongString(from: start, count: count, isASCII: isASCII, base: base)
    }
    let content = UnsafeBufferPointer(rebasing: bytes[start..<end])
    return String(copying: UTF8Span(unchecked: content.span, isKnownASCII: isASCII))
  }

  /// The string of the `count` source bytes from `start`, more than a small string holds: one
  /// of ``recentTexts`` when it has the same bytes, otherwise a new one, which joins them.
  @inline(never)
  mutating func makeLongString(
    from start: Int, count: Int, isASCII: Bool, base: UnsafePointer<UInt8>
  ) -> String {
    let head = ByteWord.load(base, at: start)
    // By index, reading only the fields compared: copying an entry would retain its string.
    for position in recentTexts.indices
    where recentTexts[position].count == count && recentTexts[position].head == head
      && Self.bytesEqual(base + recentTexts[position].start, base + start, count: count)
    {
      return recentTexts[position].string
    }
    let content = UnsafeBufferPointer(start: base + start, count: count)
    let string = String(copying: UTF8Span(unchecked: content.span, isKnownASCII: isASCII))
    let recent = RecentText(start: start, count: count, head: head, string: string)
    if recentTexts.count < Self.recentTextCount {
      recentTexts.append(recent)
    } else {
      recentTexts[nextRecentText] = recent
      nextRecentText = nextRecentText == Self.recentTextCount - 1 ? 0 : nextRecentText + 1
    }
    return string
  }

  /// Whether the `count` bytes at `first` and at `second` are equal, a word at a time (the
  /// last one overlapping the one before); `count` is at least 8.
  static func bytesEqual(
    _ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, count: Int
  ) -> Bool {
    // The last word first: texts that start alike (links, say) most often end differently.
    guard ByteWord.load(first, at: count &- 8) == ByteWord.load(second, at: count &- 8) else {
      return false
    }
    var offset = 0
    while offset &+ 8 < count {
      if ByteWord.load(first, at: offset) != ByteWord.load(second, at: offset) { return false }
      offset &+= 8
    }
    return true
  }

  /// Reads one escape sequence at `index` (the backslash) and appends its UTF-8 bytes.
  mutating func readEscape(into decoded: inout [UInt8], includingPendingKey: Bool) {
    let start = index
    guard index + 1 < bytes.count else {
      index = bytes.count
      return
    }
    let letter = bytes[index + 1]
    index += 2
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      guard let unit = readHexQuad() else {
        let end = min(bytes.count, max(index, start + 2))
        collector.emit(
          .jsonInvalidEscape(text(start..<end)),
          at: SourceSpan(start: start, end: end),
          pointer: pointer(includingPendingKey: includingPendingKey)
        )
        return
      }
      var scalarValue = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        let afterHigh = index
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          if let low = readHexQuad(), (0xDC00...0xDFFF).contains(low) {
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
          } else {
            index = afterHigh
          }
        }
        if scalarValue == UInt32(unit) {
          reportLoneSurrogate(start: start, includingPendingKey: includingPendingKey)
          decoded.append(contentsOf: [0xEF, 0xBF, 0xBD])
          return
        }
      } else if (0xDC00...0xDFFF).contains(unit) {
        reportLoneSurrogate(start: start, includingPendingKey: includingPendingKey)
        decoded.append(contentsOf: [0xEF, 0xBF, 0xBD])
        return
      }
      if let scalar = Unicode.Scalar(scalarValue) {
        UTF8.encode(scalar) { decoded.append($0) }
      }
    default:
      let end = letter >= 0x80 ? start + 1 : start + 2
      collector.emit(
        .jsonInvalidEscape(text(start..<min(end, bytes.count))),
        at: SourceSpan(start: start, end: min(start + 2, bytes.count)),
        pointer: pointer(includingPendingKey: includingPendingKey)
      )
      if letter >= 0x80 { index = start + 1 }
    }
    return
  }

  mutating func reportLoneSurrogate(start: Int, includingPendingKey: Bool) {
    collector.emit(
      .jsonLoneSurrogate(text(start..<start + 6)),
      at: SourceSpan(start: start, end: start + 6),
      pointer: pointer(includingPendingKey: includingPendingKey)
    )
  }

  /// Reads four hexadecimal digits at `index`, or returns `nil` without moving past a non-digit.
  mutating func readHexQuad() -> UInt16? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt16 = 0
    for offset in 0..<4 {
      let byte = bytes[index + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        index += offset
        return nil
      }
      value = value << 4 | UInt16(digit)
    }
    index += 4
    return value
  }

  /// Reads a number, checking the RFC 8259 grammar.
  mutating func readNumber() -> ValueNode? {
    let start = index
    func fail(_ reason: String, at position: Int) -> ValueNode? {
      collector.emit(
        .jsonInvalidNumber(reason),
        at: SourceSpan(start: start, end: min(bytes.count, position + 1)),
        pointer: pointer()
      )
      return nil
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      return fail("expected a digit after '-'", at: index)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        return fail("leading zeros are not allowed", at: index)
      }
    } else {
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        return fail("expected a digit after the decimal point", at: index)
      }
      skipDigits()
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        return fail("expected a digit in the exponent", at: index)
      }
      skipDigits()
    }
    let lexeme = makeString(from: start, to: index, isASCII: true)
    return ValueNode(
      .number(JSONNumber(lexeme: lexeme)), span: SourceSpan(start: start, end: index))
  }

  /// Reads `true`, `false` or `null`.
  mutating func readLiteral() -> ValueNode? {
    let start = index
    let word: StaticString
    let kind: ValueNode.Kind
    switch bytes[index] {
    case UInt8(ascii: "t"): (word, kind) = ("true", .bool(true))
    case UInt8(ascii: "f"): (word, kind) = ("false", .bool(false))
    default: (word, kind) = ("null", .null)
    }
    if matches(word) {
      let end = index + word.utf8CodeUnitCount
      if end == bytes.count || !isIdentifierByte(bytes[end]) {
        index = end
        return ValueNode(kind, span: SourceSpan(start: start, end: end))
      }
    }
    reportUnexpected(expected: "a value")
    return nil
  }

  // MARK: - Helpers

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        index += 1
      default:
        return
      }
    }
  }

  mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  /// Reports a comment at `index`, if there is one, and returns whether there was.
  mutating func skipCommentIfPresent() -> Bool {
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"),
      bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
    else { return false }
    collector.emit(.jsonComment(), at: SourceSpan(start: index, end: index + 2))
    return true
  }

  /// Reports the token at `index` as unexpected, naming what it looks like.
  mutating func reportUnexpected(
    expected: String, includingPendingKey: Bool = true, fixIts: [Diagnostic.FixIt] = []
  ) {
    if skipCommentIfPresent() { return }
    let start = index
    var end = index + 1
    let found: String
    let byte = bytes[index]
    if byte >= 0x80 {
      let length = UTF8Validation.sequenceLength(in: bytes, at: index)
      if length == 0 {
        collector.emit(
          .jsonInvalidUTF8(byte),
          at: SourceSpan(start: start, end: end),
          pointer: pointer(includingPendingKey: includingPendingKey)
        )
        return
      }
      end = index + length
      found = "character '\(text(start..<end))'"
    } else if isIdentifierByte(byte) {
      while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
      let word = text(start..<end)
      switch word {
      case "True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil":
        found = "'\(word)' (JSON literals are lower-case 'true', 'false' and 'null')"
      case "NaN", "Infinity", "undefined":
        found = "'\(word)', which JSON cannot represent"
      default:
        found = "'\(word)'" + (expected.contains("key") ? " (keys must be in double quotes)" : "")
      }
    } else if byte == UInt8(ascii: "'") {
      found = "single quote (JSON strings use double quotes)"
    } else if byte < 0x20 || byte == 0x7F {
      found = "control character U+\(hex(byte, width: 4))"
    } else {
      found = "'\(Character(Unicode.Scalar(byte)))'"
    }
    collector.emit(
      .jsonUnexpectedToken(found: found, expected: expected),
      at: SourceSpan(start: start, end: end),
      pointer: pointer(includingPendingKey: includingPendingKey),
      fixIts: fixIts
    )
  }

  /// The JSON Pointer of the value being read; without the pending key of the innermost object
  /// while its key is being read.
  func pointer(includingPendingKey: Bool = true) -> JSONPointer {
    // An array's elements end where the next inner array's start, the innermost's at the top.
    var elementCounts = [Int](repeating: 0, count: stack.count)
    var elementsEnd = elements.count
    for depth in (0..<stack.count).reversed() where !stack[depth].isObject {
      elementCounts[depth] = elementsEnd - stack[depth].firstChild
      elementsEnd = stack[depth].firstChild
    }
    var tokens: [String] = []
    tokens.reserveCapacity(stack.count)
    for depth in 0..<stack.count {
      let frame = stack[depth]
      if frame.isObject {
        if depth == stack.count - 1 && !includingPendingKey { break }
        tokens.append(
          frame.pendingKeyIsLastMember ? members[members.count - 1].key : frame.pendingKey)
      } else {
        tokens.append(String(elementCounts[depth]))
      }
    }
    return JSONPointer(tokens: tokens)
  }

  func matches(_ word: StaticString) -> Bool {
    let length = word.utf8CodeUnitCount
    guard index + length <= bytes.count else { return false }
    let letters = word.utf8Start
    for offset in 0..<length where bytes[index + offset] != letters[offset] {
      return false
    }
    return true
  }

  func text(_ range: Range<Int>) -> String {
    let clamped = max(0, range.lowerBound)..<min(bytes.count, range.upperBound)
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped]), as: UTF8.self)
  }

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
      true
    default:
      false
    }
  }

  static func escapeSequence(forControlByte byte: UInt8) -> String {
    switch byte {
    case 0x08: "\\b"
    case 0x09: "\\t"
    case 0x0A: "\\n"
    case 0x0C: "\\f"
    case 0x0D: "\\r"
    default: "\\u" + hex(byte, width: 4)
    }
  }
}
