import PushDiagnostics
import Testing

@testable import PushPayload

/// The push type descriptions answer as the tables they were written from.
@Suite struct APNSLimitsPushTypeTests {
  @Test func discouragedPrioritiesAreThoseGiven() {
    let background = APNSLimits.pushType(named: "background")
    #expect(background?.discouragedPriorities == ["10": .error, "1": .warning])
    #expect(background?.discouragement(ofPriority: "10") == .error)
    #expect(background?.discouragement(ofPriority: "5") == nil)
    #expect(background?.discouragement(ofPriority: "1") == .warning)
    #expect(background?.discouragement(ofPriority: " 10") == nil)
    let pushToTalk = APNSLimits.pushType(named: "pushtotalk")
    #expect(pushToTalk?.discouragedPriorities == ["5": .warning, "1": .warning])
    #expect(APNSLimits.pushType(named: "alert")?.discouragedPriorities == [:])
    for pushType in APNSLimits.pushTypes {
      for priority in APNSLimits.priorities {
        #expect(
          pushType.discouragement(ofPriority: priority)
            == pushType.discouragedPriorities[priority])
      }
    }
  }

  @Test func typicalTokenLengthsAreThoseGiven() {
    let liveActivity = APNSLimits.pushType(named: "liveactivity")
    #expect(liveActivity?.typicalTokenHexLengths == [64, 160])
    #expect(liveActivity?.isTypicalTokenHexLength(160) == true)
    #expect(liveActivity?.isTypicalTokenHexLength(64) == true)
    #expect(liveActivity?.isTypicalTokenHexLength(128) == false)
    let alert = APNSLimits.pushType(named: "alert")
    #expect(alert?.typicalTokenHexLengths == [64])
    #expect(alert?.isTypicalTokenHexLength(64) == true)
    #expect(alert?.isTypicalTokenHexLength(160) == false)
  }

  @Test func descriptionsCompareByWhatTheySay() {
    let made = APNSLimits.PushType(
      .background, topicSuffix: "", discouragedPriorities: ["10": .error, "1": .warning],
      priorityAdvice: "background pushes must use priority 5", needsExplicitPriority: true)
    #expect(made == APNSLimits.pushType(named: "background"))
    #expect(made != APNSLimits.pushType(named: "alert"))
    #expect(Set(APNSLimits.pushTypes).count == APNSLimits.pushTypes.count)
  }
}
