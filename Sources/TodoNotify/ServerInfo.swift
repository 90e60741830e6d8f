/// What a notification server says about itself (GetServerInformation and GetCapabilities).
///
/// Codable: todo-remind-notifier hands it to `todo-remind status` as JSON.
public struct ServerInfo: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The product name, such as "dunst" or "gnome-shell".
    public var name: String
    public var vendor: String
    /// The server's own version.
    public var version: String
    /// The version of the Desktop Notifications specification it follows, such as "1.2".
    public var specVersion: String
    /// Optional features it offers, such as "actions", "body-markup", "persistence".
    public var capabilities: [String]

    public init(name: String, vendor: String, version: String, specVersion: String, capabilities: [String]) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
        self.capabilities = capabilities
    }

    /// "dunst 1.9.0 by knopwob (specification 1.2)".
    public var description: String {
        var text = "\(name) \(version)"
        if !vendor.isEmpty { text += " by \(vendor)" }
        if !specVersion.isEmpty { text += " (specification \(specVersion))" }
        return text
    }

    public func supports(_ capability: String) -> Bool {
        capabilities.contains(capability)
    }

    /// The pseudo-server of `ConsoleNotifier`: notifications go to a terminal or a log.
    public static let console = ServerInfo(
        name: "console",
        vendor: "todo-remind",
        version: "1",
        specVersion: "",
        capabilities: ["body"]
    )
}
