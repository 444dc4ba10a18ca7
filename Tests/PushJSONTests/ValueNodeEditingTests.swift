import PushDiagnostics
import Testing

@testable import PushJSON

/// `isUnchangedCopy(of:)` says yes exactly when `withSpans(copiedFrom:)` would give back the
/// original, which lets lowering hand on `apns.payload` as written.
@Suite struct ValueNodeEditingTests {
  static func parse(_ text: String) throws -> ValueNode {
    let parsed = JSONReader.read(SourceFile(name: "t.json", text: text))
    return try #require(parsed.documents.first)
  }

  /// `node` rebuilt without positions, as a normalisation that changes nothing rebuilds it.
  static func withoutSpans(_ node: ValueNode) -> ValueNode {
    switch node.kind {
    case .object(let object):
      ValueNode(
        .object(
          JSONObject(object.members.map { .init(key: $0.key, value: withoutSpans($0.value)) })))
    case .array(let elements): ValueNode(.array(elements.map(withoutSpans)))
    default: ValueNode(node.kind)
    }
  }

  static let documents = [
    #"{"aps":{"alert":{"title":"공지","body":"b"},"badge":1,"mutable-content":1},"k":"v"}"#,
    #"{"a":[1,2.50,-0,null,true,false,[],{}],"b":{"c":[{"d":"e"}]}}"#,
    #"[]"#, #"{}"#, #""text""#, #"[[[{"a":[{}]}]]]"#,
  ]

  @Test(arguments: documents)
  func aCopyWithoutSpansIsUnchanged(_ text: String) throws {
    let original = try Self.parse(text)
    let copy = Self.withoutSpans(original)
    #expect(copy.isUnchangedCopy(of: original))
    #expect(copy.withSpans(copiedFrom: original) == original)
  }

  /// Changed values, dropped or added members, other kinds and repeated keys (where
  /// `withSpans` pairs members by their last key) are all changes.
  @Test(arguments: [
    (#"{"a":1,"b":true}"#, #"{"a":1,"b":1}"#),
    (#"{"a":1,"b":2}"#, #"{"a":1}"#),
    (#"{"a":1}"#, #"{"a":1,"b":2}"#),
    (#"{"a":"x"}"#, #"{"a":"y"}"#),
    (#"{"a":1.0}"#, #"{"a":1}"#),
    (#"{"a":[1,2]}"#, #"{"a":[1]}"#),
    (#"{"a":{}}"#, #"{"a":[]}"#),
    (#"{"a":null}"#, #"{"a":false}"#),
    (#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#),
    (#"{"a":1,"a":2}"#, #"{"a":1,"a":2}"#),
  ])
  func changesAreSeen(original: String, copy: String) throws {
    let originalNode = try Self.parse(original)
    let copyNode = Self.withoutSpans(try Self.parse(copy))
    #expect(!copyNode.isUnchangedCopy(of: originalNode))
  }

  /// A YAML scalar's source text must be the same, or absent in the copy.
  @Test func sourceTextsMustAgree() {
    let original = ValueNode(.number(JSONNumber(lexeme: "123")), sourceText: "00123")
    #expect(ValueNode(.number(JSONNumber(lexeme: "123"))).isUnchangedCopy(of: original))
    #expect(
      !ValueNode(.number(JSONNumber(lexeme: "123")), sourceText: "0123").isUnchangedCopy(
        of: original))
    #expect(
      !ValueNode(.object(JSONObject()), sourceText: "x").isUnchangedCopy(
        of: ValueNode(.object(JSONObject()))))
  }
}
