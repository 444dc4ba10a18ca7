public import PushJSON

extension FCM {
  /// An RGBA colour whose components are numbers in `[0, 1]` (`google.type.Color`).
  ///
  /// Components keep their exact JSON lexeme, so a colour written as an object is sent as
  /// written. A colour read from `#RRGGBB[AA]` gets the components the Admin SDKs compute:
  /// each byte divided by 255, and alpha 1.0 when it is not given.
  public struct Color: Hashable, Sendable {
    /// Red. Wire key: `red`.
    public var red: JSONNumber?
    /// Green. Wire key: `green`.
    public var green: JSONNumber?
    /// Blue. Wire key: `blue`.
    public var blue: JSONNumber?
    /// Opacity; absent means 1.0. Wire key: `alpha`.
    public var alpha: JSONNumber?

    /// Creates a colour from component numbers.
    public init(
      red: JSONNumber? = nil,
      green: JSONNumber? = nil,
      blue: JSONNumber? = nil,
      alpha: JSONNumber? = nil
    ) {
      self.red = red
      self.green = green
      self.blue = blue
      self.alpha = alpha
    }

    /// Creates a colour from `#RRGGBB` or `#RRGGBBAA` (either case), or returns `nil`.
    public init?(hex: String) {
      let bytes = Array(hex.utf8)
      guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else {
        return nil
      }
      var components: [Int] = []
      var index = 1
      while index < bytes.count {
        guard let high = Self.hexValue(bytes[index]), let low = Self.hexValue(bytes[index + 1])
        else { return nil }
        components.append(high * 16 + low)
        index += 2
      }
      if components.count == 3 { components.append(255) }
      let numbers = components.map { JSONNumber(lexeme: (Double($0) / 255.0).description) }
      self.init(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3])
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
      default: nil
      }
    }
  }
}
