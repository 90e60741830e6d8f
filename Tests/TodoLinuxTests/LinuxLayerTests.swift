import TestSupport
import Testing

/// The suites of the Linux building blocks that touch the process or the
/// machine, one test at a time.
///
/// Serialized because they disturb each other: setting the clock cancels
/// every armed wall-clock timer; a forked child holds copies of every open
/// descriptor until it closes them, which delays a lock's release and a
/// file's close event.
@Suite("Linux layer", .serialized, .ownThread)
enum LinuxLayerTests {}
