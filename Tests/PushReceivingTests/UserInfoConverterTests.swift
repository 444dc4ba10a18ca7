import Foundation
import PushDiagnostics
import PushJSON
import PushReceiving
import Testing

@Suite struct UserInfoConverterTests {
  func text(_ userInfo: [AnyHashable: Any]) -> (String, [Diagnostic]) {
    let (node, diagnostics) = UserInfoConverter.valueNode(from: userInfo)
    return (CanonicalJSONWriter(style: .compact).string(for: node), diagnostics)
  }

  @Test func convertsFoundationObjects() {
    let userInfo: [AnyHashable: Any] = [
      "aps": NSDictionary(dictionary: [
        "alert": NSString(string: "점검"), "badge": NSNumber(value: 3),
        "mutable-content": NSNumber(value: 1),
      ]),
      "flag": NSNumber(value: true),
      "off": NSNumber(value: false),
      "ratio": NSNumber(value: 0.5),
      "big": NSNumber(value: UInt64.max),
      "list": NSArray(array: [NSString(string: "a"), NSNumber(value: 2)]),
      "none": NSNull(),
    ]
    let (json, diagnostics) = text(userInfo)
    #expect(diagnostics.isEmpty)
    #expect(
      json
        == #"{"aps":{"alert":"점검","badge":3,"mutable-content":1},"big":18446744073709551615,"flag":true,"list":["a",2],"none":null,"off":false,"ratio":0.5}"#
    )
  }

  @Test func convertsSwiftValues() {
    let optional: Int? = 4
    let absent: String? = nil
    let userInfo: [AnyHashable: Any] = [
      "int": 1, "int8": Int8(-2), "uint": UInt32(3), "double": 2.5, "whole": 3.0,
      "float": Float(0.25), "bool": true,
      "string": "s", "substring": "abc".dropFirst(), "decimal": Decimal(string: "1.10") ?? 0,
      "optional": optional as Any,
      "absent": absent as Any, "nested": ["a": [1, ["b": "c"]]] as [String: Any],
    ]
    let (json, diagnostics) = text(userInfo)
    #expect(diagnostics.isEmpty)
    #expect(
      json
        == #"{"absent":null,"bool":true,"decimal":1.1,"double":2.5,"float":0.25,"int":1,"int8":-2,"nested":{"a":[1,{"b":"c"}]},"optional":4,"string":"s","substring":"bc","uint":3,"whole":3}"#
    )
  }

  @Test func reportsValuesAPushCannotHold() {
    let (json, diagnostics) = text([
      "date": Date(timeIntervalSince1970: 0), "nan": Double.nan, 7: "seven",
    ])
    #expect(json == #"{"7":"seven","date":null,"nan":null}"#)
    #expect(
      diagnostics.map(\.id).sorted() == [
        .decodeNonStringKey, .decodeUnsupportedUserInfoValue, .decodeUnsupportedUserInfoValue,
      ])
    #expect(Set(diagnostics.compactMap(\.pointer?.description)) == ["/7", "/date", "/nan"])
  }

  @Test func boundsTheNesting() {
    var value: Any = 1
    for _ in 0..<600 { value = [value] }
    let (_, diagnostics) = UserInfoConverter.valueNode(from: ["deep": value])
    #expect(diagnostics.map(\.id) == [.decodeNestingTooDeep])
  }
}
