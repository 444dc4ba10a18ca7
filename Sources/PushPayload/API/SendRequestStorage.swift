/// An optional FCM send request held out of line, which the pipeline's per-message values
/// (``FCMMessageDefinition``, ``FCMMessageResult``, ``CompiledPush``) hand on from one to the
/// next as one reference.
///
/// A send request is most of a kilobyte inline (every field of the model is ``Located``), and a
/// message's request went from its definition to its lint result and on to its compiled
/// result by moves, swaps and stores of `nil`, each a copy of all of it: about twenty copies
/// of a kilobyte a message in `pushc lint`. Held here, each of them moves a reference.
///
/// The request is immutable once stored (a change stores a new box), which is what lets the
/// stages read it in place as a borrowed argument (``withRequest(_:)``): lent from mutable
/// storage, it was copied at each call that took it.
package struct SendRequestStorage: Sendable {
  /// The box, or `nil` for no request.
  private var box: Box?

  /// The box of a request.
  private final class Box: Sendable {
    let request: FCM.SendRequest

    init(_ request: consuming FCM.SendRequest) {
      self.request = request
    }
  }

  /// No request.
  package init() {
    box = nil
  }

  /// Holds `request`.
  package init(_ request: consuming FCM.SendRequest?) {
    switch consume request {
    case .some(let request): box = Box(request)
    case .none: box = nil
    }
  }

  /// A copy of the request held, or `nil`: ``withRequest(_:)`` reads it without copying it.
  package var request: FCM.SendRequest? { box?.request }

  /// Calls `body` with the request held, lent in place, and returns what it returns; `nil`
  /// when no request is held.
  package func withRequest<Result>(_ body: (borrowing FCM.SendRequest) -> Result) -> Result? {
    guard let box else { return nil }
    return body(box.request)
  }

  /// Moves the request out, leaving no request.
  package mutating func take() -> SendRequestStorage {
    var taken = SendRequestStorage()
    swap(&taken, &self)
    return taken
  }
}
