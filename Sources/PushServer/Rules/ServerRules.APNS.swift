extension ServerRules {
  /// The `apns` section: unregistered devices, faults, latency, GOAWAY after a number of
  /// streams, sink mode, and the seed of the faults' probabilities.
  public struct APNS: Hashable, Sendable {
    /// The keys of the section.
    public static let keys = [
      "devices", "faults", "latency_ms", "goaway_after_streams", "sink", "seed",
    ]

    /// The device tokens with a state (`devices`), by token in lower case.
    public var devices: [String: Device]
    /// The faults, checked in order; the first that matches and fires answers (`faults`).
    public var faults: [Fault]
    /// Milliseconds added to every APNs answer (`latency_ms`), without holding up other
    /// requests.
    public var latencyMilliseconds: Int
    /// How many streams one HTTP/2 connection carries before the server sends GOAWAY and
    /// closes it; an HTTP/1.1 connection closes after that many requests
    /// (`goaway_after_streams`); `nil` for no limit.
    public var goawayAfterStreams: Int?
    /// Whether every `POST /3/device/…` is answered 200 without being checked (`sink`).
    public var isSink: Bool
    /// The seed of the generator that decides the faults given a `probability` (`seed`).
    public var seed: UInt64

    /// Creates a section.
    public init(
      devices: [String: Device] = [:],
      faults: [Fault] = [],
      latencyMilliseconds: Int = 0,
      goawayAfterStreams: Int? = nil,
      isSink: Bool = false,
      seed: UInt64 = 0
    ) {
      self.devices = devices
      self.faults = faults
      self.latencyMilliseconds = latencyMilliseconds
      self.goawayAfterStreams = goawayAfterStreams
      self.isSink = isSink
      self.seed = seed
    }
  }
}
