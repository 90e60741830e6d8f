import Foundation

/// The clock a test run was started with, passed on to every program the
/// tests start.
///
/// `scripts/faked-time-sweep` runs the suite under libfaketime (Debian's
/// `faketime`) at moments a test must survive: a year ahead, 23:55, the
/// tests' zone's DST days, 29 February. libfaketime reaches a process through
/// `LD_PRELOAD` and the `FAKETIME*` variables; the tests build each child's
/// environment afresh, so without these a spawned `todo-remind` would run at
/// the real time while the test computed its dates at the faked one, and the
/// sweep would prove nothing. Outside a sweep there are none, and nothing
/// changes.
public enum FakedClock {
    /// `LD_PRELOAD` and every `FAKETIME…` variable of this process, when it
    /// runs under libfaketime; empty otherwise.
    public static let variables: [String: String] = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["FAKETIME"] != nil else { return [:] }
        return environment.filter { $0.key == "LD_PRELOAD" || $0.key.hasPrefix("FAKETIME") }
    }()

    /// `environment` with this run's faked clock added (its own values kept).
    public static func passed(into environment: [String: String]) -> [String: String] {
        environment.merging(variables) { own, _ in own }
    }
}
