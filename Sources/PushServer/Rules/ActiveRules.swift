import Synchronization

/// The rules in force and what they have counted: how many times each fault has answered, and
/// the generator of the probabilities. Replacing the rules starts both afresh.
///
/// The event loop decides; any thread replaces or reads (the control API, in-process tests).
final class ActiveRules: Sendable {
  /// What a rule decided for one APNs request that passed every check.
  struct Decision {
    /// The reason to answer.
    var reason: String
    /// The status to answer.
    var status: Int
    /// The `timestamp` member of the answer (410 Unregistered), in milliseconds.
    var timestamp: Int?
    /// Where the rule is in the rules document, as a JSON Pointer: `/apns/faults/0`,
    /// `/apns/devices/<token>`.
    var rule: String
  }

  private struct State {
    var rules: ServerRules
    var answered: [Int]
    var generator: RulesGenerator

    init(_ rules: ServerRules) {
      self.rules = rules
      answered = Array(repeating: 0, count: rules.apns.faults.count)
      generator = RulesGenerator(seed: rules.apns.seed)
    }
  }

  private let state: Mutex<State>

  /// Starts with `rules`.
  init(_ rules: ServerRules) {
    state = Mutex(State(rules))
  }

  /// The rules in force.
  var rules: ServerRules {
    state.withLock { $0.rules }
  }

  /// Puts `rules` in force, with every count and the generator started afresh.
  func replace(with rules: ServerRules) {
    state.withLock { $0 = State(rules) }
  }

  /// The APNs section of the rules in force.
  var apns: ServerRules.APNS {
    state.withLock { $0.rules.apns }
  }

  /// The APNs rules' `goaway_after_streams`, read for each new stream without copying the
  /// rules out.
  var goawayAfterStreams: Int? {
    state.withLock { $0.rules.apns.goawayAfterStreams }
  }

  /// The answer the rules give a request to `token` with `topic` that passed every check at
  /// `now` (UNIX seconds), or `nil` for Apple's 200: the first fault that matches and fires,
  /// then the device's state (unregistered from its time on).
  func decision(token: String?, topic: String?, now: Double) -> Decision? {
    state.withLock { state in
      for (index, fault) in state.rules.apns.faults.enumerated()
      where fault.matches(token: token, topic: topic) {
        let fires: Bool
        switch fault.trigger {
        case .always:
          fires = true
        case .times(let count):
          fires = state.answered[index] < count
        case .probability(let probability):
          fires = state.generator.nextUnit() < probability
        }
        guard fires else { continue }
        state.answered[index] += 1
        return Decision(
          reason: fault.reason, status: fault.status,
          timestamp: fault.reason == "Unregistered" ? Int((now * 1000).rounded()) : nil,
          rule: "/apns/faults/\(index)")
      }
      if let token = token?.lowercased(), let device = state.rules.apns.devices[token],
        now >= device.unregisteredSince
      {
        return Decision(
          reason: "Unregistered", status: 410, timestamp: device.timestampMilliseconds,
          rule: "/apns/devices/\(token)")
      }
      return nil
    }
  }
}
