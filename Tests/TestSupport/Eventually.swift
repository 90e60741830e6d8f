import Foundation

/// Checks `condition` every 20 ms until it holds or `timeout` passes; whether
/// it held. For what another process does in its own time: a test of logic
/// advances an injected clock instead.
public func eventually(within timeout: Duration = .seconds(5), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return try condition()
}
