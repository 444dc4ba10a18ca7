import Testing

@testable import PushServer

/// The FCM side's memory stays bounded by the rules, not by the traffic.
@Suite struct FCMStateTests {
  @Test func subscriptionsStopAtTheLimit() {
    let state = FCMState(rules: FCMRules())
    for index in 0..<FCMState.maximumSubscriptionCount {
      #expect(state.subscribe("t\(index % 1000)", to: "topic\(index / 1000)"))
    }
    #expect(!state.subscribe("one-more", to: "topic0"))
    #expect(state.subscribe("t0", to: "topic0"), "an existing subscription stays accepted")
    state.unsubscribe("t0", from: "topic0")
    #expect(state.subscribe("one-more", to: "topic0"))
  }

  @Test func onlyTokensWithUnregisteredAfterAreCounted() {
    let state = FCMState(rules: FCMRules(tokens: ["limited": .init(unregisteredAfter: 1)]))
    state.countAcceptedMessage(to: "anyone")
    #expect(!state.isUnregistered("anyone"))
    #expect(!state.isUnregistered("limited"))
    state.countAcceptedMessage(to: "limited")
    #expect(state.isUnregistered("limited"))
    state.replaceRules(FCMRules(tokens: ["limited": .init(unregisteredAfter: 1)]))
    #expect(!state.isUnregistered("limited"), "new rules count again")
  }
}
