public import PushDiagnostics
public import PushJSON

/// How an app turns the custom keys of a received push into typed messages: the kinds of
/// message, the key that tells them apart, and each kind's fields with their types and formats.
///
/// Contracts are data. They are written in JSON or YAML (the format is described in
/// `Documentation/Decoding.md` and `schemas/push-contract.schema.json`) and read with
/// ``read(_:into:)``; ``kuring`` is the built-in contract of the Kuring iOS app.
///
/// ```json
/// {
///   "formatVersion": 1,
///   "name": "shop",
///   "discriminator": "kind",
///   "kinds": [
///     {"name": "order", "when": "order", "fields": {
///       "orderId": {"type": "string", "format": "integer", "required": true}
///     }}
///   ]
/// }
/// ```
public struct PushContract: Hashable, Sendable {
  /// The version of the contract format this library reads.
  public static let formatVersion = 1

  /// The contract's name, such as `kuring`.
  public var name: String
  /// What the contract describes.
  public var description: String?
  /// The top-level key whose string value selects the kind, such as `type`.
  public var discriminator: String
  /// The kinds selected by the discriminator.
  public var kinds: [Kind]
  /// The kind of a push without the discriminator, or `nil` when such a push is not decodable.
  public var defaultKind: Kind?

  /// Creates a contract.
  public init(
    name: String,
    description: String? = nil,
    discriminator: String,
    kinds: [Kind],
    defaultKind: Kind? = nil
  ) {
    self.name = name
    self.description = description
    self.discriminator = discriminator
    self.kinds = kinds
    self.defaultKind = defaultKind
  }

  /// The kind whose discriminator values include `value`, or `nil`.
  public func kind(forDiscriminatorValue value: String) -> Kind? {
    kinds.first { $0.discriminatorValues.contains(value) }
  }

  /// One kind of message.
  public struct Kind: Hashable, Sendable {
    /// The kind's name, such as `notice`; decoding reports it as the push's kind.
    public var name: String
    /// The discriminator values that select this kind (empty for the default kind).
    public var discriminatorValues: [String]
    /// What the kind is.
    public var description: String?
    /// The fields, in order.
    public var fields: [Field]

    /// Creates a kind.
    public init(
      name: String, discriminatorValues: [String] = [], description: String? = nil, fields: [Field]
    ) {
      self.name = name
      self.discriminatorValues = discriminatorValues
      self.description = description
      self.fields = fields
    }
  }

  /// One field of a kind: a top-level key of the push and what the app requires of it.
  public struct Field: Hashable, Sendable {
    /// The top-level key.
    public var key: String
    /// The type the value must arrive as.
    public var type: FieldType
    /// What a string value must contain, for `string` fields.
    public var format: FieldFormat?
    /// The accepted patterns of a `date` format.
    public var datePatterns: [DatePattern]
    /// Whether the app fails to decode the push without this field.
    public var isRequired: Bool
    /// The value the app uses when an optional field is absent or mistyped.
    public var defaultValue: ValueNode?
    /// Where to look, in order, when the key is absent, such as `/aps/alert/title`.
    public var fallbacks: [JSONPointer]
    /// Whether an empty string is accepted without checking the format, for `string` fields.
    public var allowsEmpty: Bool
    /// The severity of a value that does not have the format.
    public var formatSeverity: Severity
    /// What the field is.
    public var description: String?

    /// Creates a field.
    public init(
      key: String,
      type: FieldType,
      format: FieldFormat? = nil,
      datePatterns: [DatePattern] = [],
      isRequired: Bool = false,
      defaultValue: ValueNode? = nil,
      fallbacks: [JSONPointer] = [],
      allowsEmpty: Bool = false,
      formatSeverity: Severity = .error,
      description: String? = nil
    ) {
      self.key = key
      self.type = type
      self.format = format
      self.datePatterns = datePatterns
      self.isRequired = isRequired
      self.defaultValue = defaultValue
      self.fallbacks = fallbacks
      self.allowsEmpty = allowsEmpty
      self.formatSeverity = formatSeverity
      self.description = description
    }
  }

  /// The type a field's value must arrive as.
  ///
  /// FCM data values always arrive as strings; `integer`, `number` and `boolean` describe values
  /// that arrive as JSON numbers and Booleans (from `apns.payload`, or after conversion). Use a
  /// `string` field with a ``FieldFormat`` for numbers and Booleans sent as FCM data.
  public enum FieldType: String, CaseIterable, Hashable, Sendable {
    /// A string.
    case string
    /// An integral number (`as? Int` in Swift).
    case integer
    /// Any number.
    case number
    /// `true` or `false` (or the numbers 0 and 1, which Swift also casts to `Bool`).
    case boolean
    /// A dictionary.
    case object
    /// An array.
    case array
    /// Any value.
    case any
  }

  /// What the text of a `string` field must be.
  public enum FieldFormat: String, CaseIterable, Hashable, Sendable {
    /// A decimal integer, such as `"76473"`; decoded as a number.
    case integer
    /// A JSON number, such as `"1.5"`; decoded as a number.
    case number
    /// `"true"` or `"false"`; decoded as a Boolean.
    case boolean
    /// A date in one of the field's ``Field/datePatterns``; decoded as the text.
    case date
    /// An absolute URL (a scheme, and a host for `http` and `https`); decoded as the text.
    case url
    /// JSON text, such as `"{\"a\":1}"`; decoded as the value it holds.
    case json
  }
}
