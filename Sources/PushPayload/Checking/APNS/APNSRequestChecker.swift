public import PushDiagnostics

/// Checks an APNs request (headers, device token and payload) against everything APNs rejects
/// and everything Apple documents as wrong, reporting each problem at the input that produced
/// it.
///
/// The request comes from the raw APNs input reader (which `PushCompiler` runs) or from ``APNSLowering`` (a
/// compiled FCM message). Diagnostics about payload values point at the bytes the value was
/// copied from and carry the JSON Pointer into the *input document*: for a compiled request it
/// is found through ``APNS/Request/payloadProvenance``, for raw input it is
/// ``Options/payloadPointerBase`` plus the pointer inside the payload. Diagnostics about
/// something APNs itself rejects carry the reason APNs would return in
/// ``Diagnostic/properties`` (`apns_reason`).
///
/// ```swift
/// var collector = DiagnosticCollector(file: source.file)
/// APNSRequestChecker().check(request, collector: &collector)
/// ```
///
/// The checks, one concern per file: headers (`APNSHeaderRules`), push type, priority and topic
/// (`APNSPushTypeRules`), device token (`APNSDeviceTokenRule`), payload envelope and `aps` keys
/// (`APNSAPSRules`), alert (`APNSAlertRules`), sound (`APNSSoundRules`), Live Activities
/// (`APNSLiveActivityRules`), background, alert and widget push shapes
/// (`APNSBackgroundRules`) and size (`APNSPayloadSizeRule`). ``RuleRegistry/apnsRules`` lists them
/// in the order they run, and Documentation/APNs.md describes them.
public struct APNSRequestChecker: Sendable {
  /// Where the request was read from and what the checker may assume.
  public struct Options: Hashable, Sendable {
    /// Where the payload sits in its input document, for payload values without provenance:
    /// the root for a bare payload, `/payload` for a request document.
    public var payloadPointerBase: JSONPointer
    /// The app's bundle ID, when known; `apns-topic` must then be it plus the push type's
    /// suffix.
    public var bundleID: String?
    /// The current time in UNIX epoch seconds, to find expirations in the past; `nil` skips
    /// that check (the library reads no clock).
    public var now: Int?
    /// How many of the largest contributors a `apnsPayloadTooLarge` diagnostic names in notes.
    public var largestContributorCount: Int
    /// Where the request goes.
    public var destination: Destination
    /// What the request is: raw APNs input, or lowered from an FCM message.
    public var profile: Profile
    /// Which rules run, and with which severity.
    public var rules: RuleConfiguration

    /// Creates options.
    public init(
      payloadPointerBase: JSONPointer = .root,
      bundleID: String? = nil,
      now: Int? = nil,
      largestContributorCount: Int = 3,
      destination: Destination = .device,
      profile: Profile = .rawAPNs,
      rules: RuleConfiguration = RuleConfiguration()
    ) {
      self.payloadPointerBase = payloadPointerBase
      self.bundleID = bundleID
      self.now = now
      self.largestContributorCount = largestContributorCount
      self.destination = destination
      self.profile = profile
      self.rules = rules
    }
  }

  /// Where a request goes, which decides whether headers matter.
  public enum Destination: String, Hashable, Sendable {
    /// APNs, over HTTP/2: every header rule applies.
    case device
    /// The iOS Simulator through `xcrun simctl push` or a dropped `.apns` file: there are no
    /// headers, so a missing push type or topic is not reported.
    case simulator
  }

  /// The options in force.
  public var options: Options

  /// Creates a checker.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Checks `request`, emitting every problem into `collector`.
  ///
  /// - Parameters:
  ///   - request: The request to check.
  ///   - collector: The collector of the input the request was read or compiled from, so spans
  ///     resolve to its lines and columns.
  public func check(_ request: APNS.Request, collector: inout DiagnosticCollector) {
    Self.check(request, options: options, collector: &collector)
  }

  /// Checks `request` with `options`, emitting every problem into `collector`: what a checker
  /// with these options does, for a caller that checks many requests with options it changes
  /// in place from one to the next (a checker made for each copied them, a retain of each of
  /// their references).
  package static func check(
    _ request: borrowing APNS.Request, options: borrowing Options,
    collector: inout DiagnosticCollector
  ) {
    APNSCheckContext.withContext(request: request, options: options) { context in
      for rule in RuleRegistry.apnsChecks {
        options.rules.run(rule.descriptor.id, on: &collector, collector: \.self) { collector in
          rule.check(context, collector: &collector)
        }
        guard rule.allowsLaterRules(context) else { return }
      }
    }
  }

  /// The diagnostics of checking `request` alone, for callers without a collector.
  ///
  /// - Parameters:
  ///   - request: The request to check.
  ///   - file: The input the request was read or compiled from, for lines and columns.
  /// - Returns: The diagnostics in emission order.
  public func diagnostics(for request: APNS.Request, in file: SourceFile?) -> [Diagnostic] {
    var collector = file.map { DiagnosticCollector(file: $0) } ?? DiagnosticCollector()
    check(request, collector: &collector)
    return collector.diagnostics
  }
}
