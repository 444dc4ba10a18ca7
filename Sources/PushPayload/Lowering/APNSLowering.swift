public import PushDiagnostics
import PushJSON

/// Lowers an FCM message into the APNs request FCM sends for it: the payload with `aps` and every
/// custom key at the top level, and the request headers, each with its provenance.
///
/// The rules follow what FCM documents and what captured pushes show (see
/// Documentation/Lowering.md for the table and the key order):
/// - `notification.title`/`body` become `aps.alert {title, body}` (a dictionary even when only
///   one is set), merged with `apns.payload.aps`, whose values win;
/// - `apns.payload` custom keys, then every `data` entry, become top-level keys;
/// - `apns.fcm_options.image` (or `notification.image`) becomes `"fcm_options": {"image": url}`;
/// - absent headers are inferred (`apns-push-type`, `apns-topic`) or given FCM's defaults
///   (`apns-priority`, `apns-expiration`), and marked as such.
///
/// ```swift
/// var lowering = APNSLowering(options: .init(now: 1_700_000_000, bundleID: "com.example.app"))
/// let result = lowering.lower(message, collector: &collector)
/// CanonicalJSONWriter().string(for: result.payload)
/// ```
public struct APNSLowering: Sendable {
  /// What the lowering cannot learn from the message itself.
  public struct Options: Hashable, Sendable {
    /// The current time in UNIX epoch seconds, the base of FCM's default expiration. Passing it
    /// in keeps the library free of clocks and makes output reproducible. Any value is
    /// accepted: the default expiration saturates at `Int.max` instead of overflowing.
    public var now: Int
    /// The app's bundle ID, from which `apns-topic` is built with the push type's suffix.
    public var bundleID: String?
    /// The hex APNs device token to address, if known (an FCM registration token is not one).
    public var deviceToken: String?
    /// Whether to add the keys FCM injects on delivery, with realistic placeholder values, so
    /// the size is what the device really receives.
    public var asReceived: Bool
    /// Whether the request keeps the bytes of its payload (``APNS/Request/payloadBytes``);
    /// when `false` they are only counted (``APNS/Request/payloadByteCount``), which is all
    /// the checks need, for callers that report diagnostics only (`pushc lint`).
    package var writesPayloadBytes = true
    /// Whether the `data` entries that no check reads are left out of
    /// ``APNS/Request/payload``: entries the reader measured from their source, whose keys are
    /// new to the payload and are not `aps`, `mdm`, `fcm_options` or the spelling of an `aps`
    /// key, with no `--as-received` keys to add. When the payload's bytes are only counted
    /// (``writesPayloadBytes`` is `false`), the entries are counted from their measured size;
    /// when they are written, only the entries of a map still in its source
    /// (``FCM/StringMap/verbatimSource``) are left out, and copied from there into
    /// ``APNS/Request/payloadBytes``, which are the same bytes. The checks then find what they
    /// find with the members, ``APNS/Request/payloadByteCount`` is the same, and a payload over
    /// the smallest limit gets its entries back for the per-key size report; but
    /// ``APNS/Request/payload`` lacks them, so only a caller that reads the diagnostics and
    /// the payload's bytes alone sets it (`pushc lint`; `pushc compile` for `apns-payload`,
    /// `curl`, and `apns` documents printed one to a line).
    package var omitsUncheckedDataKeys = false
    /// Whether the request records where each payload value came from
    /// (``APNS/Request/payloadProvenance``). Only diagnostics read it (to point back at the
    /// input) besides `pushc explain`, so ``PushCompiler`` lowers without it while messages
    /// have no APNs diagnostic, and lowers again with it for one that has
    /// (``PushCompiler/Options/speculatesWithoutProvenance``).
    package var recordsPayloadProvenance = true

    /// FCM's default time to live for iOS messages: 30 days.
    public static let defaultTimeToLive = 30 * 24 * 60 * 60

    /// Creates options.
    public init(
      now: Int,
      bundleID: String? = nil,
      deviceToken: String? = nil,
      asReceived: Bool = false
    ) {
      self.now = now
      self.bundleID = bundleID
      self.deviceToken = deviceToken
      self.asReceived = asReceived
    }
  }

  /// The options in force.
  public var options: Options {
    didSet { defaultExpiration = APNSHeaderInference.defaultExpiration(now: options.now) }
  }

  /// The `apns-expiration` header of messages that set none, made once for all of them.
  private var defaultExpiration: APNS.RequestHeader

  /// Creates a lowering.
  public init(options: Options) {
    self.options = options
    self.defaultExpiration = APNSHeaderInference.defaultExpiration(now: options.now)
  }

  /// The APNs request FCM would send for `message`, with diagnostics about the lowering itself
  /// (collisions between keys, notification fields that `apns.payload` overrides, images that
  /// cannot be shown) emitted into `collector`.
  public func lower(_ message: FCM.Message, collector: inout DiagnosticCollector) -> APNS.Request {
    lower(
      message, normalizedPayload: nil, pointers: JSONPointerInterner(messageCount: 1),
      collector: &collector)
  }

  /// The same as ``lower(_:collector:)``, given `apns.payload` as ``FCMRequestEncoder``
  /// normalised it when the caller has it, so that it is not normalised twice.
  /// `pointers` shares the pointers of provenance with the other messages of the caller.
  func lower(
    _ message: FCM.Message,
    normalizedPayload: ValueNode?,
    pointers: JSONPointerInterner,
    collector: inout DiagnosticCollector
  ) -> APNS.Request {
    let sentPayload = APNSPayloadBuilder.sentPayload(
      of: message, normalized: normalizedPayload)
    // `aps`, the custom keys (`apns.payload` but its `aps`), the `data` keys and room for
    // `fcm_options`: exact, a typical payload's members are an allocation of one of malloc's
    // fast sizes.
    var builder = APNSPayloadBuilder(
      expectedKeyCount: 2 + max((sentPayload?.objectValue?.count ?? 0) - 1, 0)
        + (message.data?.value.count ?? 0) + (options.asReceived ? 5 : 0),
      pointers: pointers, recordsProvenance: options.recordsPayloadProvenance)
    builder.addAPS(for: message, sentPayload: sentPayload, collector: &collector)
    builder.addCustomKeys(of: message, sentPayload: sentPayload, collector: &collector)
    builder.addData(
      of: message,
      omittingUncheckedKeys: options.omitsUncheckedDataKeys && !options.asReceived,
      requiringVerbatimSource: options.writesPayloadBytes,
      collector: &collector)
    builder.addImageOptions(of: message, collector: &collector)
    if options.asReceived {
      builder.addFCMInjectedKeys(for: message)
    }
    let writer = CanonicalJSONWriter(style: .compact)
    // The bytes, when omitted `data` entries are copied into them; or, when the bytes are not
    // kept, their count.
    let copyingBytes =
      options.writesPayloadBytes ? builder.bytesCopyingOmittedData(of: message, with: writer) : nil
    let measured =
      options.writesPayloadBytes
      ? copyingBytes?.count : builder.encodedByteCount(with: writer)
    if let measured, measured > APNSLimits.payloadByteLimit {
      // Possibly over its push type's limit: the size rule reports the largest keys, all of
      // them (no push type allows less than the smallest limit).
      builder.addOmittedData(of: message)
    }
    let (payload, provenance) = builder.finish(span: message.apns?.value.payload?.source?.span)
    let headers = APNSHeaderInference(options: options, defaultExpiration: defaultExpiration)
      .headers(
        for: message,
        payload: payload,
        collector: &collector
      )
    // Counted before the request is made, not set in it after: a request changed once made
    // is copied out of the return slot.
    let counted =
      options.writesPayloadBytes ? nil : measured ?? writer.encodedByteCount(of: payload)
    return APNS.Request(
      deviceToken: options.deviceToken.map { Located($0) },
      headers: headers,
      payload: payload,
      payloadBytes: counted == nil ? copyingBytes ?? writer.bytes(for: payload) : [],
      isRawInput: false,
      payloadProvenance: provenance,
      countedPayloadByteCount: counted
    )
  }
}
