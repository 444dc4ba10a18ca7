public import PushDiagnostics
public import PushJSON

extension APNS {
  /// An APNs HTTP/2 request as pushc models it: device token, headers and payload, with the
  /// provenance of every part.
  ///
  /// Produced by lowering an FCM message, or read from raw APNs input (a bare payload with
  /// headers from options, a request document or a Simulator `.apns` file). The checks in
  /// `Checking/APNS` validate it; the compile targets render it.
  public struct Request: Hashable, Sendable {
    // The optional properties are spelled `Optional<…>`, not `…?`: a `var` of the sugared type
    // starts as `nil` before the initializer runs, which made the compiler build the value in
    // memory and copy it out (a retain and a release of each reference in it)
    // for every request lowered (about 600 instructions).
    /// The hex device token (the last component of `:path`), if known.
    public var deviceToken: Optional<Located<String>>
    /// The request headers in output order. A name may appear twice only when the input
    /// repeated it, which APNs rejects (`DuplicateHeaders`).
    public var headers: [RequestHeader]
    /// The payload as a value tree. Values copied from the input keep their input spans, so
    /// diagnostics about the payload point at the input.
    public var payload: ValueNode
    /// The exact bytes of the HTTP/2 body: for raw input the bytes as given (whitespace and
    /// escapes count), for compiled output the compact canonical JSON of ``payload``.
    public var payloadBytes: [UInt8] {
      // Bytes set later are the body: a count measured in their place no longer holds.
      didSet { countedPayloadByteCount = nil }
    }
    /// Whether ``payloadBytes`` are the user's own bytes rather than pushc's output.
    public var isRawInput: Bool
    /// Where each payload value came from, by its pointer inside the payload (`/aps/alert`).
    /// Values without an entry inherit the provenance of their nearest listed ancestor. Empty
    /// when the lowering was asked not to record it
    /// (``APNSLowering/Options/recordsPayloadProvenance``).
    public var payloadProvenance: PayloadProvenance
    /// The number of bytes of the body, counted instead of written when the lowering was asked
    /// not to keep them (``APNSLowering/Options/writesPayloadBytes``): then ``payloadBytes`` is
    /// empty. `nil` when ``payloadBytes`` is the body.
    package private(set) var countedPayloadByteCount: Optional<Int>

    /// The number of bytes of the HTTP/2 body: that of ``payloadBytes``, or the count measured
    /// in their place (``countedPayloadByteCount``).
    package var payloadByteCount: Int { countedPayloadByteCount ?? payloadBytes.count }

    /// Creates a request.
    public init(
      deviceToken: Located<String>? = nil,
      headers: [RequestHeader] = [],
      payload: ValueNode,
      payloadBytes: [UInt8],
      isRawInput: Bool,
      payloadProvenance: PayloadProvenance = [:]
    ) {
      self.init(
        deviceToken: deviceToken, headers: headers, payload: payload, payloadBytes: payloadBytes,
        isRawInput: isRawInput, payloadProvenance: payloadProvenance,
        countedPayloadByteCount: nil)
    }

    /// Creates a request whose body was counted rather than written, when `counted` is not
    /// `nil` (``countedPayloadByteCount``).
    package init(
      deviceToken: Located<String>?,
      headers: [RequestHeader],
      payload: ValueNode,
      payloadBytes: [UInt8],
      isRawInput: Bool,
      payloadProvenance: PayloadProvenance,
      countedPayloadByteCount counted: Int?
    ) {
      self.deviceToken = deviceToken
      self.headers = headers
      self.payload = payload
      self.payloadBytes = payloadBytes
      self.isRawInput = isRawInput
      self.payloadProvenance = payloadProvenance
      self.countedPayloadByteCount = counted
    }

    /// The value of the first header named `name` (case-insensitive), if any.
    public func header(_ name: String) -> RequestHeader? {
      let lowered = name.lowercased()
      return headers.first { $0.name == lowered }
    }

    /// The first header named `name`, if any.
    public func header(_ name: HeaderName) -> RequestHeader? {
      headers.first { $0.name == name.rawValue }
    }

    /// The pointer into the input document of the payload value at `pointer`: the input place
    /// of the nearest ancestor that was copied from the input, followed by the rest of
    /// `pointer`; or the source of a value derived from one input value. `nil` for values pushc
    /// inferred, defaulted or added.
    public func inputPointer(ofPayloadValueAt pointer: JSONPointer) -> JSONPointer? {
      var ancestor = pointer
      while true {
        switch payloadProvenance[ancestor] {
        case .input(let reference)?:
          return JSONPointer(
            tokens: reference.pointer.tokens + pointer.tokens.dropFirst(ancestor.tokens.count))
        case .derived(_, let references)? where ancestor == pointer && references.count == 1:
          return references[0].pointer
        case nil where !ancestor.tokens.isEmpty:
          ancestor = ancestor.parent
        default:
          return nil
        }
      }
    }

    /// The provenance of the payload value at `pointer`: its own entry, or its nearest
    /// ancestor's.
    public func provenance(ofPayloadValueAt pointer: JSONPointer) -> Provenance? {
      var current = pointer
      while true {
        if let provenance = payloadProvenance[current] { return provenance }
        if current.tokens.isEmpty { return nil }
        current = current.parent
      }
    }
  }
}
