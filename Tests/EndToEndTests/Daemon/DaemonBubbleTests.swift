import Testing

/// `todo-remind daemon` against a real dunst, as DaemonTests, for what is
/// done on and with its bubbles: actions chosen or clicked, the digest,
/// quiet hours, the view beside them (ActionTests, DigestAndQuietHoursTests,
/// ViewDaemonTests). Its tests wait for wall-clock instants and run one at
/// a time, as DaemonTests' do; each has a desktop of its own, so the two
/// suites run side by side: one suite of both was the last of `make test`
/// to finish, a minute and a half after the others.
@Suite("the daemon's bubbles, end to end against dunst", .serialized)
struct DaemonBubbleTests {}
