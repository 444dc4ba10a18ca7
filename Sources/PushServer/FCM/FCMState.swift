import Synchronization

/// What the FCM side of the server remembers between requests: the rules (known tokens and
/// faults), how often each fault and token was used, and the topic subscriptions.
///
/// The event loop reads and changes it; in-process tests and the control API may read it from
/// other threads, hence the lock.
final class FCMState: Sendable {
  private struct Storage {
    var rules: FCMRules
    var faultUses: [Int: Int] = [:]
    var acceptedMessages: [String: Int] = [:]
    var subscriptions: [String: Set<String>] = [:]
    var subscriptionCount = 0
  }

  private let storage: Mutex<Storage>

  init(rules: FCMRules) {
    storage = Mutex(Storage(rules: rules))
  }

  /// The rules in force.
  var rules: FCMRules {
    storage.withLock { $0.rules }
  }

  /// Replaces the rules; fault and send counts start again, subscriptions stay.
  func replaceRules(_ rules: FCMRules) {
    storage.withLock { storage in
      storage.rules = rules
      storage.faultUses = [:]
      storage.acceptedMessages = [:]
    }
  }

  /// The rules' `latency_ms`, without copying the rules out.
  var latencyMilliseconds: Int? {
    storage.withLock { $0.rules.latencyMilliseconds }
  }

  /// The device the rules name `token`, if any.
  func device(_ token: String) -> FCMRules.Device? {
    storage.withLock { $0.rules.tokens[token] }
  }

  /// Whether `token` is unregistered: so named, or it has had its `unregistered_after` messages.
  func isUnregistered(_ token: String) -> Bool {
    storage.withLock { storage in
      guard let device = storage.rules.tokens[token] else { return false }
      if device.isUnregistered { return true }
      guard let limit = device.unregisteredAfter else { return false }
      return storage.acceptedMessages[token, default: 0] >= limit
    }
  }

  /// Counts a message accepted for `token`, when the rules make it unregistered after a number
  /// of messages (other tokens are not counted, so memory stays bounded by the rules).
  func countAcceptedMessage(to token: String) {
    storage.withLock { storage in
      guard storage.rules.tokens[token]?.unregisteredAfter != nil else { return }
      storage.acceptedMessages[token, default: 0] += 1
    }
  }

  /// The first fault that matches a message to `token` or `topic` and has not run out, used
  /// once; `random` is a number in `[0, 1)` for faults with a probability.
  func takeFault(token: String?, topic: String?, random: Double) -> FCMRules.Fault? {
    storage.withLock { storage in
      for (index, fault) in storage.rules.faults.enumerated() {
        if let wanted = fault.token, wanted != token { continue }
        if let wanted = fault.topic, wanted != topic { continue }
        if let times = fault.times {
          guard storage.faultUses[index, default: 0] < times else { continue }
        }
        if let probability = fault.probability, random >= probability { continue }
        storage.faultUses[index, default: 0] += 1
        return fault
      }
      return nil
    }
  }

  /// The most subscriptions kept, over all topics; more are refused, so memory stays bounded.
  static let maximumSubscriptionCount = 100_000

  /// Subscribes `token` to `topic`; `false` when ``maximumSubscriptionCount`` is reached.
  func subscribe(_ token: String, to topic: String) -> Bool {
    storage.withLock { storage in
      if storage.subscriptions[topic]?.contains(token) == true { return true }
      guard storage.subscriptionCount < Self.maximumSubscriptionCount else { return false }
      storage.subscriptions[topic, default: []].insert(token)
      storage.subscriptionCount += 1
      return true
    }
  }

  /// Unsubscribes `token` from `topic`.
  func unsubscribe(_ token: String, from topic: String) {
    storage.withLock { storage in
      if storage.subscriptions[topic]?.remove(token) != nil { storage.subscriptionCount -= 1 }
      if storage.subscriptions[topic]?.isEmpty == true { storage.subscriptions[topic] = nil }
    }
  }

  /// Every topic with its subscribers, sorted.
  var subscriptions: [(topic: String, tokens: [String])] {
    storage.withLock { storage in
      storage.subscriptions.keys.sorted().map {
        ($0, storage.subscriptions[$0, default: []].sorted())
      }
    }
  }

  /// The subscribers of `topic`, sorted.
  func subscribers(of topic: String) -> [String] {
    storage.withLock { $0.subscriptions[topic, default: []].sorted() }
  }

  /// Each subscribed token with the topics it is subscribed to.
  var topicsByToken: [String: Set<String>] {
    storage.withLock { storage in
      var result: [String: Set<String>] = [:]
      for (topic, tokens) in storage.subscriptions {
        for token in tokens { result[token, default: []].insert(topic) }
      }
      return result
    }
  }
}
