import PushDiagnostics
import PushPayload
import Testing

@Suite struct SendRequestStorageTests {
  /// A request built in code, with a field set deep inside, to tell copies apart by value.
  static let request = FCM.SendRequest(
    FCM.Message(topic: "news", data: Located(["id": "7"])), validateOnly: true)

  @Test func holdsTheRequestItWasGiven() {
    let storage = SendRequestStorage(Self.request)
    #expect(storage.request == Self.request)
    #expect(storage.withRequest { $0.message.value.topic?.value } == "news")
    #expect(storage.withRequest { $0.validateOnly?.value } == true)
  }

  @Test func holdsNothingWithoutARequest() {
    #expect(SendRequestStorage().request == nil)
    #expect(SendRequestStorage(nil).request == nil)
    // `body` does not run without a request.
    let result: Void? = SendRequestStorage().withRequest { _ in
      Issue.record("called without a request")
    }
    #expect(result == nil)
  }

  @Test func takingTheRequestLeavesNone() {
    var storage = SendRequestStorage(Self.request)
    let taken = storage.take()
    #expect(storage.request == nil)
    #expect(taken.request == Self.request)
  }

  /// Copies share the request, and the results that hold it read the same request back.
  @Test func theResultsThatHoldItReadItBack() {
    let compiled = CompiledPush(documentIndex: 0, pointer: .root, fcmRequest: Self.request)
    #expect(compiled.fcmRequest == Self.request)
    #expect(compiled.withFCMRequest { $0.message.value.data?.value["id"] } == "7")
    var changed = compiled
    changed.fcmRequest?.message.value.topic = "sports"
    #expect(changed.fcmRequest?.message.value.topic?.value == "sports")
    #expect(compiled.fcmRequest?.message.value.topic?.value == "news")
    #expect(CompiledPush(documentIndex: 0, pointer: .root).withFCMRequest { _ in true } == nil)
  }
}
