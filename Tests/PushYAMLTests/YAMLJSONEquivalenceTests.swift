import Foundation
import PushDiagnostics
import PushJSON
import PushYAML
import Testing
import _PushPayloadTestSupport

/// A YAML document and a JSON document that must read as the same value.
struct EquivalenceCase: CustomTestStringConvertible, Sendable {
  let yaml: String
  let json: String

  var testDescription: String { yaml.debugDescription }
}

/// YAML and JSON front ends agree, so later stages never need to know the format.
@Suite struct YAMLJSONEquivalenceTests {
  static let pairs: [EquivalenceCase] = [
    EquivalenceCase(
      yaml: "a: 1\nb: [true, false, null]\nc: x\n", json: #"{"a":1,"b":[true,false,null],"c":"x"}"#),
    EquivalenceCase(yaml: "- 1\n- 2.5\n- -3e2\n- '4'\n", json: #"[1, 2.5, -3e2, "4"]"#),
    EquivalenceCase(
      yaml: """
        message:
          token: abc123
          notification:
            title: 안녕하세요
            body: "새 공지가 있습니다 😀"
          data:
            id: "00123"
            count: "3"
          android:
            priority: high
            ttl: 3600s
          apns:
            headers:
              apns-priority: "10"
            payload:
              aps:
                alert:
                  title: 공지
                badge: 1
                sound: default
                content-available: 1
        """,
      json: """
        {"message": {"token": "abc123",
          "notification": {"title": "안녕하세요", "body": "새 공지가 있습니다 😀"},
          "data": {"id": "00123", "count": "3"},
          "android": {"priority": "high", "ttl": "3600s"},
          "apns": {"headers": {"apns-priority": "10"},
            "payload": {"aps": {"alert": {"title": "공지"}, "badge": 1, "sound": "default",
              "content-available": 1}}}}}
        """
    ),
    EquivalenceCase(
      yaml: "empty_list: []\nempty_map: {}\nnothing: ~\n",
      json: #"{"empty_list":[],"empty_map":{},"nothing":null}"#),
    EquivalenceCase(yaml: "text: |\n  line 1\n  line 2\n", json: #"{"text":"line 1\nline 2\n"}"#),
    EquivalenceCase(yaml: "text: >-\n  folded\n  line\n", json: #"{"text":"folded line"}"#),
    EquivalenceCase(yaml: "a: &x {k: v}\nb: *x\n", json: #"{"a":{"k":"v"},"b":{"k":"v"}}"#),
    EquivalenceCase(
      yaml: "escapes: \"tab\\t nl\\n quote\\\" é \\u00e9 \\U0001F600\"\n",
      json: #"{"escapes":"tab\t nl\n quote\" é \u00e9 \ud83d\ude00"}"#),
    EquivalenceCase(yaml: "dup: 1\ndup: 2\n", json: #"{"dup":1,"dup":2}"#),
    EquivalenceCase(
      yaml: "n: 1.0\nm: -0\nbig: 123456789012345678901234567890\n",
      json: #"{"n":1.0,"m":-0,"big":123456789012345678901234567890}"#),
  ]

  @Test(arguments: pairs)
  func sameTree(_ pair: EquivalenceCase) throws {
    let yaml = readYAML(pair.yaml)
    let json = JSONReader.read(SourceFile(name: "test.json", text: pair.json))
    let yamlDocument = try #require(yaml.documents.first)
    let jsonDocument = try #require(json.documents.first)
    #expect(
      sameValue(yamlDocument, jsonDocument),
      "\(compactJSON(yamlDocument)) vs \(compactJSON(jsonDocument))")
    #expect(compactJSON(yamlDocument) == compactJSON(jsonDocument))
    #expect(
      yaml.diagnostics.map(\.id)
        == json.diagnostics.map { DiagnosticID(rawValue: "yaml" + $0.id.rawValue.dropFirst(4)) })
  }

  /// JSON documents: YAML 1.2 is a superset of JSON, so reading JSON text as YAML gives the
  /// same tree with the same spans.
  static let jsonTexts: [String] = [
    #"{"a": 1, "b": [true, false, null], "c": "x"}"#,
    #"[1, -2, 3.25, -0.5e-3, 1E+2, 0]"#,
    #"{"nested": {"deeper": {"deepest": [[], {}, [[1]]]}}}"#,
    #"{"korean": "한국어", "emoji": "😀", "mixed": ["가", {"나": "다"}]}"#,
    #"{"escapes": "a\"b\\c\/d\b\f\n\r\t\u0041\u00e9"}"#,
    #"  {"spaced" :  [ 1 , 2 ]  }  "#,
    "{\n  \"multi\": \"line\",\n  \"list\": [\n    1,\n    2\n  ]\n}\n",
    #""just a string""#,
    "42",
    "true",
    "null",
    #"{"dup": 1, "dup": 2}"#,
  ]

  @Test(arguments: jsonTexts)
  func jsonTextReadsTheSameAsYAML(_ text: String) throws {
    let yaml = readYAML(text)
    let json = JSONReader.read(SourceFile(name: "test.json", text: text))
    let yamlDocument = try #require(yaml.documents.first)
    let jsonDocument = try #require(json.documents.first)
    #expect(sameValue(yamlDocument, jsonDocument))
    expectSameSpans(yamlDocument, jsonDocument)
  }

  /// libyaml does not combine JSON's surrogate pair escapes: the error says what to write.
  @Test func surrogatePairEscapesAreExplained() throws {
    let marked = MarkedSource(#"{"emoji": "x1️⃣\ud83d\ude00"}"#)
    let parsed = readYAML(marked.text)
    expectDiagnostics(
      parsed.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .yamlSyntaxError,
          message:
            #"found invalid Unicode character escape code while parsing a quoted scalar; YAML has no surrogate pairs, write '\U0001F600' or the character itself"#
        )
      ],
      in: marked
    )
    let edit = try #require(parsed.diagnostics.first?.fixIts.first?.edits.first)
    #expect(edit.replacement == #"\U0001F600"#)
    #expect(edit.range.end.offset - edit.range.start.offset == 12)
    let fixed = readYAML(#"{"emoji": "x\U0001F600"}"#)
    #expect(compactJSON(fixed) == [#"{"emoji":"x😀"}"#])
  }

  /// Every JSON sample that the JSON reader accepts reads the same as YAML.
  @Test func jsonSamplesReadTheSameAsYAML() throws {
    let folder = RepositoryPaths.samples.appendingPathComponent("fmt")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names.sorted() where name.hasSuffix(".json") && !name.contains(".fmt.") {
      let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
      let json = JSONReader.read(SourceFile(name: name, bytes: bytes))
      guard !json.hasErrors, let jsonDocument = json.documents.first else { continue }
      let yaml = YAMLReader.read(SourceFile(name: name, bytes: bytes))
      let lowered = String(decoding: bytes, as: UTF8.self).lowercased()
      if [#"\ud8"#, #"\ud9"#, #"\uda"#, #"\udb"#].contains(where: lowered.contains) {
        // libyaml rejects surrogate pair escapes; the error explains it (see above).
        #expect(yaml.diagnostics.map(\.id) == [.yamlSyntaxError], "\(name)")
        #expect(yaml.diagnostics.first?.message.contains("surrogate pairs") == true, "\(name)")
        continue
      }
      let yamlDocument = try #require(yaml.documents.first, "\(name): \(yaml.diagnostics)")
      #expect(sameValue(yamlDocument, jsonDocument), "\(name)")
    }
  }

  @Test func canonicalJSONOfYAMLDocuments() throws {
    let parsed = readYAML(
      """
      # A notice for the Kuring app.
      message:
        topic: notice
        data:
          title: "학사 공지"
          id: 00123
          url: https://example.com/a?b=c&d=e
        android: {priority: high}
        flags: [true, no, ~, 0x10, .5]
      """
    )
    let document = try #require(parsed.documents.first)
    #expect(
      CanonicalJSONWriter(style: .compact).string(for: document)
        == #"{"message":{"topic":"notice","data":{"title":"학사 공지","id":123,"url":"https://example.com/a?b=c&d=e"},"android":{"priority":"high"},"flags":[true,"no",null,16,0.5]}}"#
    )
    #expect(
      CanonicalJSONWriter(style: .pretty).string(
        for: readYAML("b: [1, {c: x}]\na: {}\n").documents[0])
        == "{\n  \"b\": [\n    1,\n    {\n      \"c\": \"x\"\n    }\n  ],\n  \"a\": {}\n}"
    )
    let multi = readYAML("--- {a: 1}\n--- [2]\n--- three\n")
    #expect(
      multi.documents.map { CanonicalJSONWriter().string(for: $0) } == [
        #"{"a":1}"#, "[2]", #""three""#,
      ])
    let encoded = CanonicalJSONWriter().bytes(for: document)
    #expect(CanonicalJSONWriter().encodedByteCount(of: document) == encoded.count)
    // The output is JSON that reads back to the same tree.
    let reread = JSONReader.read(SourceFile(name: "out.json", bytes: encoded))
    #expect(!reread.hasErrors)
    #expect(sameValue(try #require(reread.documents.first), document))
  }

  /// Expects the two trees to have the same spans and key spans everywhere.
  func expectSameSpans(
    _ lhs: ValueNode,
    _ rhs: ValueNode,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var pending: [(ValueNode, ValueNode, String)] = [(lhs, rhs, "")]
    while let (left, right, path) = pending.popLast() {
      #expect(left.span == right.span, "span at '\(path)'", sourceLocation: sourceLocation)
      switch (left.kind, right.kind) {
      case (.array(let a), .array(let b)):
        for (index, pair) in zip(a, b).enumerated() {
          pending.append((pair.0, pair.1, "\(path)/\(index)"))
        }
      case (.object(let a), .object(let b)):
        for (x, y) in zip(a.members, b.members) {
          #expect(
            x.keySpan == y.keySpan, "key span at '\(path)/\(x.key)'", sourceLocation: sourceLocation
          )
          pending.append((x.value, y.value, "\(path)/\(x.key)"))
        }
      default:
        break
      }
    }
  }
}
