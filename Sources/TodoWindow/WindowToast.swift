/// What a change said, shown for a while at the bottom of the window; an
/// undoable one offers Undo (the phone's "Undone" after a swipe).
public struct WindowToast: Hashable, Sendable {
    public var text: String
    public var isError: Bool
    public var canUndo: Bool

    public init(text: String, isError: Bool, canUndo: Bool) {
        self.text = text
        self.isError = isError
        self.canUndo = canUndo
    }
}
