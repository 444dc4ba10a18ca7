public import PushDiagnostics

/// Where a model value came from: the JSON Pointer to it in its document and the bytes of the
/// value (and of the key that introduced it) in the source file.
///
/// Values built in code have no source reference; values read from a file always have one, so
/// later stages can point back at the input.
public struct SourceReference: Hashable, Sendable {
  /// The pointer to the value, relative to its document, with the keys as the user spelled
  /// them (`/0/message/fcmOptions` when the input used lowerCamelCase).
  public var pointer: JSONPointer
  /// The bytes of the value.
  public var span: SourceSpan
  /// The bytes of the member key that introduced the value, quotes included for JSON, or `nil`
  /// for array elements and document roots.
  public var keySpan: SourceSpan? {
    get { storedKeySpan.start == Self.noKeySpan.start ? nil : storedKeySpan }
    set { storedKeySpan = newValue ?? Self.noKeySpan }
  }
  /// ``keySpan``, or ``noKeySpan`` for none: an optional span needs a tag byte, which made a
  /// reference 49 bytes and every located model value 8 bytes longer, and the largest model
  /// struct (`FCM.AndroidNotification`) more than 2 KiB, which glibc clears and copies with
  /// `rep stosb`/`rep movsb`.
  private var storedKeySpan: SourceSpan
  /// The span that stands for no key span: no input has a byte at that offset.
  private static let noKeySpan = SourceSpan(start: Int.min, end: Int.min)

  /// Creates a source reference.
  public init(pointer: JSONPointer, span: SourceSpan, keySpan: SourceSpan? = nil) {
    self.pointer = pointer
    self.span = span
    self.storedKeySpan = keySpan ?? Self.noKeySpan
  }
}

/// A model value together with the place in the input it was read from.
///
/// Every field of the FCM model is `Located`, so a check on `message.android.ttl` can report the
/// exact bytes of the TTL. Literals create values without a source, which keeps models built in
/// code short:
///
/// ```swift
/// var message = FCM.Message()
/// message.topic = "news"          // Located<String>, source nil
/// message.topic?.value            // "news"
/// ```
public struct Located<Value> {
  /// The value.
  public var value: Value
  /// Where the value was read from, or `nil` for values built in code.
  public var source: SourceReference?

  /// Creates a located value.
  public init(_ value: Value, source: SourceReference? = nil) {
    self.value = value
    self.source = source
  }

  /// The same source reference with another value.
  public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> Located<Other> {
    Located<Other>(try transform(value), source: source)
  }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
extension Located: Sendable where Value: Sendable {}

extension Located: ExpressibleByUnicodeScalarLiteral where Value == String {
  /// Creates a value with no source, from a string literal.
  public init(unicodeScalarLiteral value: String) { self.init(value) }
}

extension Located: ExpressibleByExtendedGraphemeClusterLiteral where Value == String {
  /// Creates a value with no source, from a string literal.
  public init(extendedGraphemeClusterLiteral value: String) { self.init(value) }
}

extension Located: ExpressibleByStringLiteral where Value == String {
  /// Creates a value with no source, from a string literal.
  public init(stringLiteral value: String) { self.init(value) }
}

extension Located: ExpressibleByBooleanLiteral where Value == Bool {
  /// Creates a value with no source, from a Boolean literal.
  public init(booleanLiteral value: Bool) { self.init(value) }
}

extension Located: ExpressibleByIntegerLiteral where Value == Int {
  /// Creates a value with no source, from an integer literal.
  public init(integerLiteral value: Int) { self.init(value) }
}
