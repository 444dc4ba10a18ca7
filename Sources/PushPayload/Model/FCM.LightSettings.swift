extension FCM {
  /// The LED colour and blink rate of an Android notification (`LightSettings`).
  ///
  /// All three fields are required by the API.
  public struct LightSettings: Hashable, Sendable {
    /// The LED colour. Wire key: `color`, a `google.type.Color` object; pushc also reads the
    /// Admin SDK form `#RRGGBB` or `#RRGGBBAA`.
    public var color: Located<Color>?
    /// How long the LED is on in each blink. Wire key: `light_on_duration`.
    public var lightOnDuration: Located<Duration>?
    /// How long the LED is off in each blink. Wire key: `light_off_duration`.
    public var lightOffDuration: Located<Duration>?

    /// Creates light settings.
    public init(
      color: Located<Color>? = nil,
      lightOnDuration: Located<Duration>? = nil,
      lightOffDuration: Located<Duration>? = nil
    ) {
      self.color = color
      self.lightOnDuration = lightOnDuration
      self.lightOffDuration = lightOffDuration
    }
  }
}
