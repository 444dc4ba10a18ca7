import Dispatch
import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// A malformed input that must end in an error diagnostic, quickly.
struct MalformedCase: CustomTestStringConvertible, Sendable {
  let name: String
  let bytes: [UInt8]
  /// The identifier of the error expected, or `nil` for any error.
  let id: DiagnosticID?

  init(_ name: String, _ text: String, _ id: DiagnosticID? = .yamlSyntaxError) {
    self.name = name
    self.bytes = Array(text.utf8)
    self.id = id
  }

  init(_ name: String, bytes: [UInt8], _ id: DiagnosticID?) {
    self.name = name
    self.bytes = bytes
    self.id = id
  }

  var testDescription: String { name }
}

/// Inputs built to break parsers: each must give a diagnostic, never a crash or a hang, in
/// time linear in its size.
@Suite struct YAMLRobustnessTests {
  static let malformed: [MalformedCase] = [
    MalformedCase("tab indentation", "a:\n\t- b\n", .yamlTabIndentation),
    MalformedCase("tab before a sequence", "\t- a\n", .yamlTabIndentation),
    MalformedCase("unclosed double quote", "a: \"x"),
    MalformedCase("unclosed single quote", "a: 'x"),
    MalformedCase("unclosed flow sequence", "[1, 2"),
    MalformedCase("unclosed flow mapping", "{a: 1"),
    MalformedCase("unclosed nested flow", "{a: [1, {b: [2"),
    MalformedCase("mismatched brackets", "a: [1, 2}"),
    MalformedCase("stray closing bracket", "a: 1\n]\n"),
    MalformedCase("bad indentation", "a:\n  b: 1\n c: 2\n"),
    MalformedCase("two values on a line", "a: b: c\n"),
    MalformedCase("sequence then mapping", "- a\nb: c\n"),
    MalformedCase("document end alone", "...\n"),
    MalformedCase("anchor without name", "a: & x\n"),
    MalformedCase("alias without name", "a: *\n"),
    MalformedCase("unknown alias", "*a\n", .yamlUnknownAlias),
    MalformedCase("bad tag", "a: !<tag x\n"),
    MalformedCase("unknown tag handle", "a: !x!y 1\n"),
    MalformedCase("two anchors", "a: &x &y 1\n"),
    MalformedCase("incompatible version", "%YAML 2.0\n---\na\n"),
    MalformedCase("repeated version", "%YAML 1.2\n%YAML 1.2\n---\na\n"),
    MalformedCase("bad escape", "a: \"\\x4\"\n"),
    MalformedCase("bad unicode escape", "a: \"\\uD800\"\n"),
    MalformedCase("block scalar bad indicator", "a: |x\n  b\n"),
    MalformedCase("flow in block key", "? - a\n  b\n: c\n- d\n"),
    MalformedCase("question marks", "? ? ? a\n: b\n- c\n"),
    MalformedCase("NUL byte", "a: \u{0}\n", .yamlControlCharacter),
    MalformedCase(
      "many NUL bytes", String(repeating: "\u{0}", count: 1000), .yamlControlCharacter),
    MalformedCase("escape character", "a: \u{1B}[31m\n", .yamlControlCharacter),
    MalformedCase("invalid UTF-8", bytes: [0x61, 0x3A, 0x20, 0xFF], .yamlInvalidUTF8),
    MalformedCase("only invalid UTF-8", bytes: [0x80, 0x80, 0x80], .yamlInvalidUTF8),
    MalformedCase("UTF-16 without BOM", bytes: [0x61, 0x00, 0x3A, 0x00], .yamlControlCharacter),
    MalformedCase("UTF-16 BOM", bytes: [0xFF, 0xFE, 0x61, 0x00], .yamlUnsupportedEncoding),
    MalformedCase("recursive anchor", "&a [*a]\n", .yamlRecursiveAlias),
    MalformedCase("long simple key", String(repeating: "k", count: 5000) + ": v\n"),
    MalformedCase(
      "deep flow sequence",
      String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
      .yamlNestingTooDeep),
    MalformedCase(
      "deep unclosed flow sequence", String(repeating: "[", count: 100_000), .yamlNestingTooDeep),
    MalformedCase(
      "deep flow mapping", String(repeating: "{a: ", count: 100_000), .yamlNestingTooDeep),
    MalformedCase(
      "deep block sequence", String(repeating: "- ", count: 100_000) + "x\n", .yamlNestingTooDeep),
    MalformedCase(
      "deep explicit keys", String(repeating: "? ", count: 100_000) + "x\n", .yamlNestingTooDeep),
    MalformedCase(
      "deep indentation",
      (0..<1_000).map { String(repeating: " ", count: $0) + "a:\n" }.joined(),
      .yamlNestingTooDeep
    ),
    MalformedCase("billion laughs", billionLaughs, .yamlTooManyNodes),
    MalformedCase("quadratic blowup", quadraticBlowup, .yamlTooManyNodes),
    MalformedCase("deep aliases", deepAliases, .yamlNestingTooDeep),
  ]

  /// The classic: ten levels of ten aliases each, 10^10 nodes expanded.
  static let billionLaughs: String = {
    var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1..<10 {
      let aliases = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      text += "a\(level): &a\(level) [\(aliases)]\n"
    }
    return text
  }()

  /// One big anchor referenced many times: 10,000 × 2,000 nodes.
  static let quadraticBlowup: String = {
    let items = Array(repeating: "x", count: 2_000).joined(separator: ", ")
    let aliases = Array(repeating: "*big", count: 10_000).joined(separator: ", ")
    return "big: &big [\(items)]\nuse: [\(aliases)]\n"
  }()

  /// Each anchor nests the previous one a level deeper, so expansion is deep, not wide.
  static let deepAliases: String = {
    var text = "- &d0 [x]\n"
    for level in 1..<1_000 { text += "- &d\(level) [*d\(level - 1)]\n" }
    return text
  }()

  @Test(arguments: malformed)
  func malformedInput(_ input: MalformedCase) {
    let clock = ContinuousClock()
    var parsed: ParsedSource?
    let elapsed = clock.measure {
      parsed = readYAML(bytes: input.bytes)
    }
    guard let parsed else { return }
    #expect(parsed.hasErrors, "\(parsed.diagnostics)")
    if let id = input.id {
      #expect(parsed.diagnostics.contains { $0.id == id }, "\(parsed.diagnostics.map(\.id))")
    }
    for diagnostic in parsed.diagnostics {
      let range = diagnostic.range
      #expect(range != nil)
      #expect((range?.end.offset ?? 0) <= input.bytes.count)
    }
    #expect(elapsed < .seconds(5), "took \(elapsed)")
  }

  @Test func longSequenceIsReadInLinearTime() throws {
    let clock = ContinuousClock()
    let small = String((0..<10_000).map { "- item \($0)\n" }.joined())
    let large = String((0..<100_000).map { "- item \($0)\n" }.joined())
    var parsed: ParsedSource?
    let smallTime = clock.measure { parsed = readYAML(small) }
    #expect(parsed?.documents.first?.arrayValue?.count == 10_000)
    let largeTime = clock.measure { parsed = readYAML(large) }
    let elements = try #require(parsed?.documents.first?.arrayValue)
    #expect(elements.count == 100_000)
    #expect(elements.last?.stringValue == "item 99999")
    #expect(parsed?.diagnostics.isEmpty == true)
    // Ten times the input may not take a hundred times as long; generous for a busy machine.
    #expect(largeTime < smallTime * 40 + .seconds(1), "10k: \(smallTime), 100k: \(largeTime)")
  }

  @Test func longFlowSequenceAndWideMapping() throws {
    let flow = "[" + (0..<100_000).map(String.init).joined(separator: ",") + "]"
    let parsedFlow = readYAML(flow)
    #expect(parsedFlow.documents.first?.arrayValue?.count == 100_000)
    let mapping = (0..<50_000).map { "key\($0): \($0)\n" }.joined()
    let parsedMapping = readYAML(mapping)
    #expect(parsedMapping.documents.first?.objectValue?.count == 50_000)
    expectNoDiagnostics(parsedMapping)
  }

  @Test func hugeScalarsAreRead() throws {
    let big = String(repeating: "x", count: 5_000_000)
    let parsed = readYAML(
      "a: \(big)\nb: '\(big)'\nc: \"\(String(repeating: "1", count: 100_000))\"\n")
    expectNoDiagnostics(parsed)
    let document = try #require(parsed.documents.first)
    #expect(document[JSONPointer(tokens: ["a"])]?.stringValue?.utf8.count == 5_000_000)
    #expect(document[JSONPointer(tokens: ["b"])]?.stringValue?.utf8.count == 5_000_000)
    let digits = String(repeating: "9", count: 100_000)
    let number = readYAML("n: \(digits)\n").documents.first?[JSONPointer(tokens: ["n"])]
    #expect(number?.numberValue?.lexeme == digits)
  }

  @Test func manyAliasesBelowTheLimitAreExpanded() throws {
    let aliases = Array(repeating: "*x", count: 100_000).joined(separator: ", ")
    let parsed = readYAML("a: &x {k: [1, 2]}\nb: [\(aliases)]\n")
    expectNoDiagnostics(parsed)
    let elements = try #require(parsed.documents.first?[JSONPointer(tokens: ["b"])]?.arrayValue)
    #expect(elements.count == 100_000)
    #expect(compactJSON(elements[99_999]) == #"{"k":[1,2]}"#)
  }

  @Test func nestingAtTheLimitIsAccepted() throws {
    let depth = JSONReader.Options.defaultMaximumDepth
    let atLimit = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let parsed = readYAML(atLimit)
    expectNoDiagnostics(parsed)
    let tooDeep = "[" + atLimit + "]"
    #expect(readYAML(tooDeep).diagnostics.map(\.id) == [.yamlNestingTooDeep])
  }

  @Test func nodeLimitCountsEveryNode() {
    let text = "[1, 2, 3]"  // the sequence and three scalars
    #expect(!readYAML(text, options: YAMLReader.Options(maximumNodeCount: 4)).hasErrors)
    #expect(readYAML(text, options: YAMLReader.Options(maximumNodeCount: 3)).hasErrors)
  }

  /// Issue 12, finding 1: one long string aliased many times is one node per alias, but later
  /// stages copy it each time (7.7 GB for a 60 KB file); the expanded bytes are bounded.
  @Test func stringAliasBombStopsAtTheAlias() throws {
    let long = String(repeating: "x", count: 60_000)
    let aliases = Array(repeating: "*s", count: 100).joined(separator: ", ")
    let text = "s: &s \"\(long)\"\nl: [\(aliases)]\n"
    let clock = ContinuousClock()
    var parsed: ParsedSource?
    let elapsed = clock.measure { parsed = readYAML(text) }
    let result = try #require(parsed)
    #expect(result.diagnostics.map(\.id) == [.yamlExpansionTooLarge])
    let diagnostic = try #require(result.diagnostics.first)
    // The keys and the anchored string make 60,002 bytes, each alias adds 60,000: the 69th
    // alias (index 68) crosses 4 MiB.
    let aliasStart = "s: &s \"\(long)\"\nl: [".utf8.count + 68 * "*s, ".utf8.count
    #expect(diagnostic.range?.span == SourceSpan(start: aliasStart, end: aliasStart + 2))
    #expect(diagnostic.pointer == JSONPointer(tokens: ["l", "68"]))
    #expect(elapsed < .seconds(5))
  }

  @Test func expandedByteLimitIsConfigurable() {
    let text = "s: &s abcd\nl: [*s, *s]\n"  // 1 + 4 + 1 + 4 + 4 bytes
    #expect(!readYAML(text, options: YAMLReader.Options(maximumExpandedByteCount: 14)).hasErrors)
    #expect(
      readYAML(text, options: YAMLReader.Options(maximumExpandedByteCount: 13)).diagnostics.map(
        \.id) == [.yamlExpansionTooLarge])
    // Text without aliases is not counted against it.
    #expect(
      !readYAML("s: abcdefgh\n", options: YAMLReader.Options(maximumExpandedByteCount: 1)).hasErrors
    )
  }

  @Test func documentsBeforeALimitAreKept() {
    let parsed = readYAML(
      "--- 1\n--- [1, 2, 3]\n", options: YAMLReader.Options(maximumNodeCount: 3))
    #expect(compactJSON(parsed) == ["1"])
    #expect(parsed.diagnostics.map(\.id) == [.yamlTooManyNodes])
  }

  /// Bytes that matter to YAML, for mutating valid streams.
  static let interestingBytes: [UInt8] =
    Array("[]{}:-&*!#'\"\t\n\r ?|>%,.~0x\\@`".utf8) + [
      0x00, 0xFF, 0xC3, 0xED, 0xEA, 0xB0, 0x80, 0x85,
    ]

  /// Thousands of random single-byte edits of a valid stream: each result must be read without
  /// a crash, with every span and diagnostic inside the input.
  @Test func mutatedStreamsAreHandled() {
    let seed = Array(
      """
      %YAML 1.2
      --- &root
      message:
        token: "abc\t123"   # comment
        notification: {title: 제목, body: 'it''s', tags: [a, *root, !!str 1]}
        data:
          ? complex
          : |
            block 텍스트
          list:
            - 0x1F
            - -.inf
            - &x yes
            - *x
      ...
      --- [1, 2.5e3, ~]

      """.utf8)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<3_000 {
      var bytes = seed
      for _ in 0..<(1 + next(3)) {
        let position = next(bytes.count)
        let byte = Self.interestingBytes[next(Self.interestingBytes.count)]
        switch next(3) {
        case 0: bytes[position] = byte
        case 1: bytes.insert(byte, at: position)
        default: bytes.remove(at: position)
        }
      }
      let parsed = readYAML(bytes: bytes)
      for diagnostic in parsed.diagnostics {
        #expect((diagnostic.range?.end.offset ?? 0) <= bytes.count)
      }
      var pending = parsed.documents
      while let node = pending.popLast() {
        #expect(node.span.start >= 0 && node.span.end <= bytes.count)
        switch node.kind {
        case .array(let elements): pending.append(contentsOf: elements)
        case .object(let object):
          for member in object.members {
            #expect(member.keySpan.end <= bytes.count)
            pending.append(member.value)
          }
        default: break
        }
      }
    }
  }

  @Test func everyPrefixOfAValidStreamIsHandled() {
    // Truncating anywhere, even inside a multi-byte character, gives documents or diagnostics.
    let text =
      "%YAML 1.2\n---\n이름: &n \"홍길동\"\nlist: [1, {a: *n}, 'x']\nblock: |\n  텍스트\n... \n--- !!str 😀\n"
    let bytes = Array(text.utf8)
    for length in 0...bytes.count {
      let parsed = readYAML(bytes: Array(bytes[..<length]))
      for diagnostic in parsed.diagnostics {
        #expect((diagnostic.range?.end.offset ?? 0) <= length)
      }
    }
  }
}
