import Foundation
package import PushDiagnostics
package import PushJSON

/// Turns the `userInfo` of a received notification (`[AnyHashable: Any]`) into a ``ValueNode``
/// tree, so apps can decode pushes at run time with the same code the command-line tool uses.
///
/// `userInfo` holds property-list objects: `NSString`, `NSNumber`, `NSArray`, `NSDictionary`
/// and `NSNull`, or their Swift counterparts when built in code. Types are exact, so the tree
/// has no untyped text: an `NSNumber` holding a Boolean becomes `true` or `false`, other numbers
/// become numbers, strings stay strings. Dictionary keys are sorted, because `userInfo` has no
/// order. Values a push cannot hold (dates, data, non-finite numbers) are reported and become
/// `null`; nesting deeper than `maximumDepth` (or a dictionary that contains itself) is reported.
///
/// ```swift
/// let (node, diagnostics) = UserInfoConverter.valueNode(from: response.notification.request.content.userInfo)
/// ```
package enum UserInfoConverter {
  /// Converts `userInfo`.
  ///
  /// - Parameters:
  ///   - userInfo: The notification's `userInfo`.
  ///   - maximumDepth: The deepest nesting accepted.
  /// - Returns: The tree and the diagnostics found (without file positions; each has a
  ///   pointer).
  package static func valueNode(
    from userInfo: [AnyHashable: Any],
    maximumDepth: Int = 512
  ) -> (node: ValueNode, diagnostics: [Diagnostic]) {
    var converter = Converter(maximumDepth: maximumDepth)
    let node = converter.object(userInfo, pointer: .root, depth: 1)
    return (node, converter.collector.diagnostics)
  }

  /// Converts one value of a `userInfo` dictionary.
  ///
  /// - Parameters:
  ///   - value: Any property-list value.
  ///   - maximumDepth: The deepest nesting accepted.
  /// - Returns: The tree and the diagnostics found.
  package static func valueNode(
    fromValue value: Any,
    maximumDepth: Int = 512
  ) -> (node: ValueNode, diagnostics: [Diagnostic]) {
    var converter = Converter(maximumDepth: maximumDepth)
    let node = converter.convert(value, pointer: .root, depth: 0)
    return (node, converter.collector.diagnostics)
  }

  private struct Converter {
    let maximumDepth: Int
    var collector = DiagnosticCollector()

    init(maximumDepth: Int) {
      self.maximumDepth = maximumDepth
    }

    mutating func convert(_ value: Any, pointer: JSONPointer, depth: Int) -> ValueNode {
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return ValueNode(.null) }
        return convert(wrapped, pointer: pointer, depth: depth)
      }
      let dynamicType = type(of: value)
      // Swift values first: on Apple platforms an Int or Bool would also cast to NSNumber.
      if dynamicType == Bool.self, let bool = value as? Bool { return ValueNode(.bool(bool)) }
      if let number = Self.swiftInteger(value) {
        return ValueNode(.number(JSONNumber(lexeme: number)))
      }
      if dynamicType == Double.self, let double = value as? Double {
        return number(double, pointer: pointer)
      }
      if dynamicType == Float.self, let float = value as? Float {
        return number(Double(float), pointer: pointer)
      }
      if dynamicType == Decimal.self, let decimal = value as? Decimal {
        if let number = JSONNumber.parsing(decimal.description) {
          return ValueNode(.number(number))
        }
        return unsupported("the decimal '\(decimal)'", pointer: pointer)
      }
      if let string = value as? String { return ValueNode(.string(string)) }
      if let substring = value as? Substring { return ValueNode(.string(String(substring))) }
      if value is NSNull { return ValueNode(.null) }
      if dynamicType is NSNumber.Type, let number = value as? NSNumber {
        return convert(number, pointer: pointer)
      }
      if let dictionary = value as? [AnyHashable: Any] {
        return object(dictionary, pointer: pointer, depth: depth + 1)
      }
      if let array = value as? [Any] {
        guard depth + 1 <= maximumDepth else { return tooDeep(pointer) }
        var elements: [ValueNode] = []
        elements.reserveCapacity(array.count)
        for (position, element) in array.enumerated() {
          elements.append(
            convert(element, pointer: pointer.appending(index: position), depth: depth + 1))
        }
        return ValueNode(.array(elements))
      }
      return unsupported("a value of type '\(dynamicType)'", pointer: pointer)
    }

    mutating func object(_ dictionary: [AnyHashable: Any], pointer: JSONPointer, depth: Int)
      -> ValueNode
    {
      guard depth <= maximumDepth else { return tooDeep(pointer) }
      var entries: [(key: String, value: Any)] = []
      entries.reserveCapacity(dictionary.count)
      for (key, value) in dictionary {
        if let string = key.base as? String {
          entries.append((string, value))
        } else {
          let text = String(describing: key.base)
          collector.emit(.decodeNonStringKey(text), at: nil, pointer: pointer.appending(text))
          entries.append((text, value))
        }
      }
      entries.sort { $0.key < $1.key }
      var members: [JSONObject.Member] = []
      members.reserveCapacity(entries.count)
      for entry in entries {
        let node = convert(entry.value, pointer: pointer.appending(entry.key), depth: depth)
        members.append(JSONObject.Member(key: entry.key, value: node))
      }
      return ValueNode(.object(JSONObject(members)))
    }

    mutating func convert(_ number: NSNumber, pointer: JSONPointer) -> ValueNode {
      if Self.isBoolean(number) { return ValueNode(.bool(number.boolValue)) }
      switch String(cString: number.objCType) {
      case "f", "d":
        return self.number(number.doubleValue, pointer: pointer)
      case "Q", "L", "I", "S", "C":
        return ValueNode(.number(JSONNumber(lexeme: String(number.uint64Value))))
      default:
        return ValueNode(.number(JSONNumber(lexeme: String(number.int64Value))))
      }
    }

    mutating func number(_ double: Double, pointer: JSONPointer) -> ValueNode {
      guard let number = JSONNumber.from(double) else {
        return unsupported("the number '\(double)'", pointer: pointer)
      }
      return ValueNode(.number(number))
    }

    mutating func unsupported(_ description: String, pointer: JSONPointer) -> ValueNode {
      collector.emit(.decodeUnsupportedUserInfoValue(description), at: nil, pointer: pointer)
      return ValueNode(.null)
    }

    mutating func tooDeep(_ pointer: JSONPointer) -> ValueNode {
      collector.emit(.decodeNestingTooDeep(limit: maximumDepth), at: nil, pointer: pointer)
      return ValueNode(.null)
    }

    /// The decimal text of a Swift integer of any width, or `nil` for other values.
    ///
    /// The dynamic type is compared exactly, because on Apple platforms an `NSNumber` also
    /// casts to every integer type.
    static func swiftInteger(_ value: Any) -> String? {
      let dynamicType = type(of: value)
      func text<T: BinaryInteger>(_: T.Type) -> String? {
        guard dynamicType == T.self, let integer = value as? T else { return nil }
        return String(integer)
      }
      return text(Int.self) ?? text(Int8.self) ?? text(Int16.self) ?? text(Int32.self)
        ?? text(Int64.self) ?? text(UInt.self) ?? text(UInt8.self) ?? text(UInt16.self)
        ?? text(UInt32.self) ?? text(UInt64.self)
    }

    /// Whether `number` is a Boolean `NSNumber` (`kCFBooleanTrue` or `kCFBooleanFalse`).
    static func isBoolean(_ number: NSNumber) -> Bool {
      #if canImport(Darwin)
      return CFGetTypeID(number as CFTypeRef) == CFBooleanGetTypeID()
      #else
      return String(cString: number.objCType) == "c"
      #endif
    }
  }
}
