import Dispatch
import PushDiagnostics
import Synchronization
import Testing

@testable import pushc

/// Each interner the pool lends is lent to one borrower at a time, and a given-back one is lent
/// again, with the pointers it kept.
@Suite struct InternerPoolTests {
  @Test func anInternerIsLentToOneBorrowerAtATime() {
    let pool = InternerPool()
    let first = pool.borrow()
    let second = pool.borrow()
    #expect(first !== second)
    let pointer = first.appending("title", to: first.rootMember("message"))
    pool.giveBack(first)
    let again = pool.borrow()
    #expect(again === first)
    #expect(again.count == 2)
    #expect(again.appending("title", to: again.rootMember("message")) == pointer)
    pool.giveBack(again)
    pool.giveBack(second)
  }

  /// Parts compiled on several threads at once never share an interner.
  @Test func concurrentBorrowersHaveInternersOfTheirOwn() {
    let pool = InternerPool()
    let inUse = Mutex<Set<ObjectIdentifier>>([])
    let clashes = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: 200) { index in
      let interner = pool.borrow()
      let identity = ObjectIdentifier(interner)
      let isNew = inUse.withLock { $0.insert(identity).inserted }
      if !isNew { clashes.add(1, ordering: .relaxed) }
      _ = interner.appending("k\(index % 7)", to: .root)
      inUse.withLock { _ = $0.remove(identity) }
      pool.giveBack(interner)
    }
    #expect(clashes.load(ordering: .relaxed) == 0)
  }
}
