import Testing

@testable import PushServer

/// The queue of held-back responses: in order for HTTP/1.1, each at its time for HTTP/2.
@Suite struct DeferredQueueTests {
  @Test func inOrderAnItemWaitsForTheOnesBeforeIt() {
    var queue = DeferredQueue<String>(isOrdered: true)
    #expect(queue.nextDeadline == nil)
    queue.append("slow", due: 10)
    queue.append("fast", due: 2)
    #expect(queue.nextDeadline == 10)
    #expect(queue.takeDue(now: 5).isEmpty)
    #expect(queue.takeDue(now: 10) == ["slow", "fast"])
    #expect(queue.isEmpty)
  }

  @Test func outOfOrderEachItemIsReleasedAtItsTime() {
    var queue = DeferredQueue<String>(isOrdered: false)
    queue.append("slow", due: 10)
    queue.append("fast", due: 2)
    queue.append("also fast", due: 2)
    #expect(queue.nextDeadline == 2)
    #expect(queue.takeDue(now: 5) == ["fast", "also fast"])
    #expect(queue.nextDeadline == 10)
    #expect(queue.takeDue(now: 10) == ["slow"])
    #expect(queue.isEmpty)
  }
}
