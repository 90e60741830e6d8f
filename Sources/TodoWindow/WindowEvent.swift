/// One of today's calendar events in the window's pane, as `agenda` says it:
/// its time ("all day", "10:00–11:00") and the rest ("Dentist · Dr. Weber
/// [Personal]  reminder 09:50").
public struct WindowEvent: Hashable, Sendable {
    public var time: String
    public var text: String

    public init(time: String, text: String) {
        self.time = time
        self.text = text
    }
}
