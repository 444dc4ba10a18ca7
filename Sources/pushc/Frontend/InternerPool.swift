import PushDiagnostics
import Synchronization

/// The pointer interners of the parts of one input compiled at once: a part borrows one for
/// its compilation and gives it back, so that the parts compiled one after another on any
/// thread share the pointers of the paths they have in common (every message of an input has
/// nearly the same), instead of each part allocating its own (some forty a part).
///
/// An interner is used by one compilation at a time, as it requires: the pool hands each to
/// one borrower until it is given back, which is what makes its unchecked `Sendable` sound. An
/// interner keeps at most its capacity of pointers, so the pool's memory is bounded by the
/// number of parts compiled at once.
final class InternerPool: Sendable {
  /// The interners no compilation uses.
  private struct Idle: @unchecked Sendable {
    var interners: [JSONPointerInterner] = []
  }

  /// An interner handed into or out of the lock, which takes and gives only what can be sent
  /// (`nil` out of it when none is idle).
  private struct Lent: @unchecked Sendable {
    let interner: JSONPointerInterner?
  }

  private let idle = Mutex(Idle())

  /// An interner no compilation uses.
  func borrow() -> JSONPointerInterner {
    idle.withLock { Lent(interner: $0.interners.popLast()) }.interner ?? JSONPointerInterner()
  }

  /// Gives back `interner`, which its compilation no longer uses.
  func giveBack(_ interner: JSONPointerInterner) {
    let lent = Lent(interner: interner)
    idle.withLock { idle in
      if let interner = lent.interner { idle.interners.append(interner) }
    }
  }
}
