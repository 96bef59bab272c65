import XpediteProtocol

/// Something legal but worth knowing about a layout: a component that overflows its container, a
/// value out of range, an image whose size is not known yet. The layout still completes.
///
/// Warnings print like validation issues: `$.components[1]: warning: …`.
public struct LayoutWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The stable code of a warning; tools match on the code, people read the message.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The frame reaches past the left or right edge (or above the top) of its container.
        case overflow
        /// A width or height resolved to a negative number; the frame uses 0.
        case negativeSize = "negative-size"
        /// A value beyond ``LayoutConfiguration/coordinateLimit`` (or not a number) was clamped.
        case outOfRange = "out-of-range"
        /// Two size keys set one quantity; the one docs/protocol/layout.md#the-rules ranks first
        /// wins.
        case conflictingSizeKeys = "conflicting-size-keys"
        /// `x+` or `relative-height%` with no previous component in the container.
        case noPreviousComponent = "no-previous-component"
        /// An image sized by its aspect ratio whose size is not known yet: height 0 until it is.
        case imageSizeUnknown = "image-size-unknown"
        /// Table columns whose `width%` values add up to more than 100 were scaled down.
        case columnsScaled = "columns-scaled"
        /// A navigation cache stub: its placement comes from the cached definition.
        case navigationStub = "navigation-stub"
        /// A component that cannot be laid out where it is (a `menuEntry` outside a navigation).
        case misplacedComponent = "misplaced-component"
        /// Containers nested deeper than ``LayoutConfiguration/maximumDepth``; the deeper
        /// children are not laid out.
        case nestingTooDeep = "nesting-too-deep"
    }

    /// The component the warning is about.
    public var path: JSONPath
    /// What kind of warning it is.
    public var code: Code
    /// A readable sentence for a person.
    public var message: String

    /// Creates a warning.
    public init(path: JSONPath, code: Code, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }

    /// `path: warning: message`.
    public var description: String { "\(path): warning: \(message)" }

    /// The canonical JSON.
    public var json: JSONValue {
        .object(["path": .string(path.description), "code": .string(code.rawValue), "message": .string(message)])
    }

    private enum CodingKeys: String, CodingKey {
        case path, code, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: try container.decode(JSONPath.self, forKey: .path),
                  code: try container.decode(Code.self, forKey: .code),
                  message: try container.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
