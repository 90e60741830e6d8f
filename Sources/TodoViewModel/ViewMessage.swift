/// The line under the list that says what a key did, or why it could not.
public struct ViewMessage: Hashable, Sendable {
    public var text: String
    public var isError: Bool

    public static func said(_ text: String) -> ViewMessage { ViewMessage(text: text, isError: false) }
    public static func refused(_ text: String) -> ViewMessage { ViewMessage(text: text, isError: true) }
}
