public import PushDiagnostics
public import PushJSON

/// The key-by-key differences between the payload an app's backend meant to send and the push a
/// device received.
///
/// ```swift
/// let diff = PayloadDiff(expected: definition, actual: capture.root!)
/// for entry in diff.entries { print(entry.change, entry.pointer) }
/// // addedByFCM /gcm.message_id
/// // changedType /id          (the number 76473 arrived as the string '76473')
/// ```
///
/// Objects are compared by key (the last of duplicate keys counts), arrays by index, scalars by
/// value: numbers by their numeric value, so `1.0` equals `1`. A number that arrives as a string
/// (or any other change of JSON type) is a ``Change/changedType``. Untyped text from a Swift
/// `print` or `NSDictionary` capture (``ValueNode/isUntypedText``) equals any scalar with the same
/// text, since such a capture cannot show the type. Keys only in the capture are
/// ``Change/addedByFCM`` when FCM adds or reserves them (``FCMKeyFamily``) and
/// ``Change/added`` otherwise. Entries follow the definition's order, each object's
/// capture-only keys after its other keys; the comparison is iterative and linear in the size of
/// both trees.
public struct PayloadDiff: Hashable, Sendable {
  /// How a key differs.
  public enum Change: String, CaseIterable, Hashable, Sendable {
    /// In the definition, not in the capture.
    case missing
    /// Only in the capture, and one of FCM's keys.
    case addedByFCM = "added-by-fcm"
    /// Only in the capture.
    case added
    /// In both with the same type and another value.
    case changedValue = "changed-value"
    /// In both with another JSON type, such as a number that became a string.
    case changedType = "changed-type"
  }

  /// One difference.
  public struct Entry: Hashable, Sendable {
    /// How the key differs.
    public var change: Change
    /// Where, as a JSON Pointer from the top of the payload.
    public var pointer: JSONPointer
    /// The definition's value, or `nil` when the key is only in the capture.
    public var expected: ValueNode?
    /// The capture's value, or `nil` when the key is only in the definition.
    public var actual: ValueNode?

    /// Creates an entry.
    package init(change: Change, pointer: JSONPointer, expected: ValueNode?, actual: ValueNode?) {
      self.change = change
      self.pointer = pointer
      self.expected = expected
      self.actual = actual
    }
  }

  /// The differences, in document order.
  public var entries: [Entry]

  /// Compares the payload `expected` (a definition) with `actual` (a capture).
  public init(expected: ValueNode, actual: ValueNode) {
    enum Work {
      case compare(JSONPointer, ValueNode, ValueNode)
      case report(Entry)
    }
    var entries: [Entry] = []
    var work: [Work] = [.compare(.root, expected, actual)]
    while let item = work.popLast() {
      guard case .compare(let pointer, let expected, let actual) = item else {
        if case .report(let entry) = item { entries.append(entry) }
        continue
      }
      var next: [Work] = []
      switch (expected.kind, actual.kind) {
      case (.object(let expectedObject), .object(let actualObject)):
        let expectedMembers = Self.lastMembers(expectedObject)
        let actualMembers = Self.lastMembers(actualObject)
        let actualIndex = Dictionary(
          actualMembers.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        let expectedKeys = Set(expectedMembers.map(\.key))
        for member in expectedMembers {
          let at = pointer.appending(member.key)
          if let value = actualIndex[member.key] {
            next.append(.compare(at, member.value, value))
          } else {
            next.append(
              .report(Entry(change: .missing, pointer: at, expected: member.value, actual: nil)))
          }
        }
        for member in actualMembers where !expectedKeys.contains(member.key) {
          let fromFCM = pointer.tokens.isEmpty && FCMKeyFamily(key: member.key) != nil
          next.append(
            .report(
              Entry(
                change: fromFCM ? .addedByFCM : .added, pointer: pointer.appending(member.key),
                expected: nil, actual: member.value)
            )
          )
        }
      case (.array(let expectedElements), .array(let actualElements)):
        for index in 0..<max(expectedElements.count, actualElements.count) {
          let at = pointer.appending(index: index)
          if index >= actualElements.count {
            next.append(
              .report(
                Entry(change: .missing, pointer: at, expected: expectedElements[index], actual: nil)
              ))
          } else if index >= expectedElements.count {
            next.append(
              .report(
                Entry(change: .added, pointer: at, expected: nil, actual: actualElements[index])))
          } else {
            next.append(.compare(at, expectedElements[index], actualElements[index]))
          }
        }
      default:
        if let change = Self.scalarChange(expected: expected, actual: actual) {
          entries.append(
            Entry(change: change, pointer: pointer, expected: expected, actual: actual))
        }
      }
      work += next.reversed()
    }
    self.entries = entries
  }

  /// Whether the capture differs from the definition in more than the keys FCM adds.
  public var hasDifferences: Bool {
    entries.contains { $0.change != .addedByFCM }
  }

  /// The entries of `change`.
  public func entries(_ change: Change) -> [Entry] {
    entries.filter { $0.change == change }
  }

  // MARK: - Comparison

  /// The members of `object` with the last of duplicate keys, in first-occurrence order.
  static func lastMembers(_ object: JSONObject) -> [JSONObject.Member] {
    var positions: [String: Int] = [:]
    var members: [JSONObject.Member] = []
    for member in object.members {
      if let position = positions[member.key] {
        members[position] = member
      } else {
        positions[member.key] = members.count
        members.append(member)
      }
    }
    return members
  }

  /// How the values differ, or `nil` when they are equal.
  static func scalarChange(expected: ValueNode, actual: ValueNode) -> Change? {
    if actual.isUntypedText, let text = actual.stringValue {
      return untypedChange(expected: expected, text: text)
    }
    switch (expected.kind, actual.kind) {
    case (.null, .null): return nil
    case (.bool(let left), .bool(let right)): return left == right ? nil : .changedValue
    case (.number(let left), .number(let right)):
      return numbersEqual(left, right) ? nil : .changedValue
    case (.string(let left), .string(let right)): return left == right ? nil : .changedValue
    default: return .changedType
    }
  }

  /// How a scalar differs from text whose type the capture could not show.
  static func untypedChange(expected: ValueNode, text: String) -> Change? {
    switch expected.kind {
    case .string(let string):
      return string == text ? nil : .changedValue
    case .number(let number):
      guard let parsed = JSONNumber.parsing(text) else { return .changedType }
      return numbersEqual(number, parsed) ? nil : .changedValue
    case .bool(let value):
      // NSNumber Booleans print as 1 and 0, Swift's as true and false.
      switch text {
      case "1", "true": return value ? nil : .changedValue
      case "0", "false": return value ? .changedValue : nil
      default: return .changedType
      }
    case .null:
      return text == "<null>" ? nil : .changedType
    case .array, .object:
      return .changedType
    }
  }

  static func numbersEqual(_ left: JSONNumber, _ right: JSONNumber) -> Bool {
    if left.lexeme == right.lexeme { return true }
    if left.isIntegerLiteral, right.isIntegerLiteral {
      // Compare digits, not `Double`s: ids beyond 2^53 differ in their last digits.
      return integerDigits(left.lexeme) == integerDigits(right.lexeme)
    }
    guard let leftValue = left.doubleValue, let rightValue = right.doubleValue else { return false }
    return leftValue == rightValue
  }

  /// The sign and significant digits of an integer lexeme, with `-0` the same as `0`.
  static func integerDigits(_ lexeme: String) -> (negative: Bool, digits: Substring) {
    var text = Substring(lexeme)
    var negative = false
    if let sign = text.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      text = text.dropFirst()
    }
    let digits = text.drop { $0 == "0" }
    return (negative && !digits.isEmpty, digits.isEmpty ? "0" : digits)
  }
}

extension PayloadDiff {
  /// The differences as a JSON document:
  /// `{"differences": [{"change": "changed-type", "pointer": "/id", "expected": 76473,
  /// "actual": "76473"}], "summary": {"missing": 0, …}}`.
  public var jsonDocument: ValueNode {
    func member(_ key: String, _ value: ValueNode) -> JSONObject.Member {
      JSONObject.Member(key: key, value: value)
    }
    let differences = entries.map { entry in
      ValueNode(
        .object(
          JSONObject([
            member("change", ValueNode(.string(entry.change.rawValue))),
            member("pointer", ValueNode(.string(entry.pointer.description))),
            member("expected", entry.expected?.withoutSpans ?? ValueNode(.null)),
            member("actual", entry.actual?.withoutSpans ?? ValueNode(.null)),
          ])
        )
      )
    }
    let counts = Change.allCases.map { change in
      member(
        change.rawValue,
        ValueNode(.number(JSONNumber(entries.filter { $0.change == change }.count))))
    }
    return ValueNode(
      .object(
        JSONObject([
          member("differences", ValueNode(.array(differences))),
          member("summary", ValueNode(.object(JSONObject(counts)))),
        ])
      )
    )
  }

  /// One line per difference, such as `changed type   /id: the number 76473 → the string '76473'`,
  /// and a closing count; `no differences` when there are none.
  public var summary: String {
    guard !entries.isEmpty else { return "no differences\n" }
    var lines: [String] = []
    for entry in entries {
      let label: String
      switch entry.change {
      case .missing: label = "missing      "
      case .addedByFCM: label = "added by FCM "
      case .added: label = "added        "
      case .changedValue: label = "changed value"
      case .changedType: label = "changed type "
      }
      var line = "\(label) \(entry.pointer)"
      switch (entry.expected, entry.actual) {
      case (let expected?, let actual?):
        line += ": \(expected.decodeDescription) → \(actual.decodeDescription)"
      case (let expected?, nil):
        line += ": \(expected.decodeDescription)"
      case (nil, let actual?):
        line += ": \(actual.decodeDescription)"
      case (nil, nil):
        break
      }
      lines.append(line)
    }
    let fcm = entries(.addedByFCM).count
    let others = entries.count - fcm
    lines.append(
      "\(others) difference\(others == 1 ? "" : "s"), \(fcm) key\(fcm == 1 ? "" : "s") added by FCM"
    )
    return lines.joined(separator: "\n") + "\n"
  }
}
