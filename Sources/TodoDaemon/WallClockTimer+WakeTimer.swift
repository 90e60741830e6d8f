import TodoLinux

/// The engine arms the daemon's timerfd as its `WakeTimer`, which tests
/// replace with a timer that records instead.
extension WallClockTimer: WakeTimer {}
