import PushJSON

/// An error answer in Google's JSON shape, as FCM HTTP v1 sends it:
/// `{"error": {"code": 400, "message": "…", "status": "INVALID_ARGUMENT", "details": [
/// {"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": "…"},
/// {"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "…",
/// "description": "…"}]}]}}`.
///
/// FCM leaves out the `FcmError` detail when the body cannot even be read as a request (bad
/// JSON, unknown fields, wrong types): those are Google's API front end's answers, and so are
/// the OAuth answers (`UNAUTHENTICATED`, without any FCM detail).
struct FCMErrorResponse: Hashable {
  /// One `google.rpc.BadRequest.FieldViolation`.
  struct FieldViolation: Hashable {
    /// The field path in FCM's notation (`message.data[0].value`), if any.
    var field: String?
    /// What is wrong.
    var description: String
  }

  /// The HTTP status.
  var httpStatus: Int
  /// The canonical status name (`INVALID_ARGUMENT`, `NOT_FOUND`, …).
  var status: String
  /// The message.
  var message: String
  /// The `FcmError.errorCode` detail, if any.
  var errorCode: FCMErrorCode?
  /// The `BadRequest` field violations; none leaves the detail out.
  var fieldViolations: [FieldViolation] = []
  /// A `google.rpc.QuotaFailure` violation description, if any.
  var quotaViolation: String?
  /// Seconds for a `Retry-After` header, if any.
  var retryAfter: Int?

  /// The answer FCM gives for `code`: its status and, unless `message` says otherwise, its text.
  init(
    _ code: FCMErrorCode, message: String? = nil, fieldViolations: [FieldViolation] = [],
    retryAfter: Int? = nil
  ) {
    self.httpStatus = code.httpStatus
    self.status = code.canonicalStatus
    self.message = message ?? code.defaultMessage
    self.errorCode = code
    self.fieldViolations = fieldViolations
    self.retryAfter = code.allowsRetryAfter ? retryAfter : nil
    if code == .quotaExceeded {
      quotaViolation = "Sending limit exceeded for the message target."
    }
  }

  /// An answer of Google's front end, without an FCM error code.
  init(httpStatus: Int, status: String, message: String, fieldViolations: [FieldViolation] = []) {
    self.httpStatus = httpStatus
    self.status = status
    self.message = message
    self.errorCode = nil
    self.fieldViolations = fieldViolations
  }

  /// The reason the record keeps: the FCM error code, else the canonical status.
  var recordedReason: String {
    errorCode?.rawValue ?? status
  }

  /// The JSON body.
  var body: ValueNode {
    var details: [ValueNode] = []
    if let errorCode {
      details.append(
        .members([
          ("@type", .text("type.googleapis.com/google.firebase.fcm.v1.FcmError")),
          ("errorCode", .text(errorCode.rawValue)),
        ]))
    }
    if let quotaViolation {
      details.append(
        .members([
          ("@type", .text("type.googleapis.com/google.rpc.QuotaFailure")),
          (
            "violations",
            .list([
              .members([
                ("subject", .text("QUOTA_EXCEEDED")), ("description", .text(quotaViolation)),
              ])
            ])
          ),
        ]))
    }
    if !fieldViolations.isEmpty {
      details.append(
        .members([
          ("@type", .text("type.googleapis.com/google.rpc.BadRequest")),
          (
            "fieldViolations",
            .list(
              fieldViolations.map { violation in
                var members: [(String, ValueNode)] = []
                if let field = violation.field { members.append(("field", .text(field))) }
                members.append(("description", .text(violation.description)))
                return .members(members)
              })
          ),
        ]))
    }
    var error: [(String, ValueNode)] = [
      ("code", .integer(httpStatus)), ("message", .text(message)), ("status", .text(status)),
    ]
    if !details.isEmpty { error.append(("details", .list(details))) }
    return .members([("error", .members(error))])
  }

  /// The HTTP response.
  var response: ServerResponse {
    var headers: [HTTPHeaderField] = []
    if let retryAfter {
      headers.append(HTTPHeaderField(name: "retry-after", value: String(retryAfter)))
    }
    return ServerResponse(
      status: httpStatus,
      headers: headers + [
        HTTPHeaderField(name: "content-type", value: "application/json; charset=UTF-8")
      ],
      body: body.compactJSON)
  }
}
