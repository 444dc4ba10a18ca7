package import PushJSON

/// Where an FCM request body comes from: a tree given as is, or the encoding of the send
/// request it is kept with, built each time it is read, so that a pipeline that never writes
/// the body (`pushc lint`) never builds it, and nothing but the request is kept for it.
package enum FCMRequestBody: Sendable {
  /// This tree.
  case node(ValueNode)
  /// ``FCMRequestEncoder/encode(_:)-(FCM.SendRequest)`` of the request kept with it.
  case encodingOfRequest

  /// The body, given the request kept with it; `nil` for an encoding without a request.
  package func node(encoding request: FCM.SendRequest?) -> ValueNode? {
    switch self {
    case .node(let node): node
    case .encodingOfRequest: request.map { FCMRequestEncoder().encode($0) }
    }
  }

  /// The body as a tree that no longer depends on the request: kept before the request
  /// changes.
  package func detached(from request: FCM.SendRequest?) -> FCMRequestBody? {
    switch self {
    case .node: self
    case .encodingOfRequest: node(encoding: request).map(FCMRequestBody.node)
    }
  }
}
