import Foundation
import XpediteLayout
import XpediteProtocol

/// One file of Tests/Fixtures/layout: a screen, the bounds, the image sizes, and the frames
/// computed by hand from docs/protocol/layout.md (or the error the strict reader must give).
///
/// ```
/// {"description": …, "bounds": "(0.0, 0.0, 400.0, 893.0)", "lenient": true?, "imageSizes": {"logo": "400x100"}?,
///  "screen": {response packet},
///  "expected": {"bounds": [x, y, w, h]?, "screen": {"frame": [x, y, w, h], "contentHeight": n, "navigationBar": [..]?},
///               "frames": {"0": [x, y, w, h], "1.0": …},        // every node, by index path
///               "content": {"1": {"frame": [..], "height": n, "visibleHeight": n}}?,
///               "parts": {"1": [{"kind": "titleRow", "index": i?, "key": k?, "frame": [..]}]}?,
///               "warnings": ["$.components[0] overflow"]?}
///  | "expectedError": {"exitCode": 1, "message": "text the error output contains"}}
/// ```
public struct LayoutFixture: Sendable {
    public let name: String
    public let bounds: String
    public let lenient: Bool
    public let imageSizes: [String: String]
    public let screen: JSONValue
    public let expected: JSONValue?
    public let expectedError: JSONValue?

    /// The folder of the layout fixtures.
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("layout")

    /// The fixture files, by name.
    public static let fileNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// Every fixture that could be read.
    public static let all: [LayoutFixture] = fileNames.compactMap { name in
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path),
              let tree = try? JSONValue(parsing: data), let bounds = tree["bounds"]?.stringValue,
              let screen = tree["screen"] else { return nil }
        var sizes: [String: String] = [:]
        for (key, value) in tree["imageSizes"]?.objectValue ?? [:] { sizes[key] = value.stringValue }
        return LayoutFixture(name: String(name.dropLast(5)), bounds: bounds, lenient: tree["lenient"]?.boolValue ?? false,
                             imageSizes: sizes, screen: screen, expected: tree["expected"],
                             expectedError: tree["expectedError"])
    }

    /// The fixtures with expected frames.
    public static var layouts: [LayoutFixture] { all.filter { $0.expected != nil } }

    /// The fixtures the strict reader must refuse.
    public static var errors: [LayoutFixture] { all.filter { $0.expectedError != nil } }

    /// The image sizes as the engine takes them.
    public var parsedImageSizes: [String: ImageSize] {
        imageSizes.compactMapValues(ImageSize.init(parsing:))
    }

    /// The arguments `xpedite layout` needs to lay the screen out from standard input.
    public var commandArguments: [String] {
        var arguments = ["layout", "-", "--bounds", bounds]
        for (id, size) in imageSizes.sorted(by: { $0.key < $1.key }) { arguments += ["--image-size", "\(id)=\(size)"] }
        if lenient { arguments.append("--lenient") }
        return arguments
    }

    /// Lays the screen out in process, as `xpedite layout` does.
    public func layout() throws -> FrameTree {
        let packet = try PacketDecoder(mode: lenient ? .lenient : .strict).decodeResponse(screen).packet
        guard let viewport = Bounds(parsing: bounds) else { throw BadBounds(text: bounds) }
        return LayoutEngine().layout(packet, bounds: viewport, imageSizes: parsedImageSizes)
    }

    /// Every way `tree` differs from the expected frames, as readable lines (empty when it matches).
    public func mismatches(_ tree: FrameTree) -> [String] {
        guard let expected else { return ["fixture has no expected frames"] }
        var problems: [String] = []
        func check(_ what: String, _ actual: LayoutRect?, _ wanted: JSONValue?) {
            let numbers = wanted?.arrayValue?.compactMap(\.numberValue)
            switch (actual, numbers) {
            case (nil, nil):
                return
            case (let actual?, let numbers?) where numbers.count == 4:
                let values = [actual.x, actual.y, actual.width, actual.height]
                if zip(values, numbers).contains(where: { abs($0 - $1) > LayoutFixture.tolerance }) {
                    problems.append("\(what): got \(actual), expected \(LayoutFixture.text(numbers))")
                }
            default:
                problems.append("\(what): got \(actual.map(\.description) ?? "none"), expected \(wanted.map(\.summary) ?? "none")")
            }
        }
        func check(_ what: String, _ actual: Double, _ wanted: JSONValue?) {
            if let wanted = wanted?.numberValue, abs(actual - wanted) <= LayoutFixture.tolerance { return }
            problems.append("\(what): got \(JSONValue.format(number: actual)), expected \(wanted?.summary ?? "none")")
        }
        if let bounds = expected["bounds"] { check("bounds", tree.bounds, bounds) }
        let screen = expected["screen"]
        check("screen.frame", tree.screen.frame, screen?["frame"])
        check("screen.contentHeight", tree.screen.contentHeight, screen?["contentHeight"])
        check("screen.navigationBar", tree.screen.navigationBar, screen?["navigationBar"])

        let nodes = Dictionary(tree.allNodes.map { ($0.indexPathText, $0) }, uniquingKeysWith: { first, _ in first })
        let frames = expected["frames"]?.objectValue ?? [:]
        for path in Set(nodes.keys).union(frames.keys).sorted() {
            check("[\(path)] \(nodes[path]?.type ?? "?") frame", nodes[path]?.frame, frames[path])
        }
        for (path, wanted) in (expected["content"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let content = nodes[path]?.content else {
                problems.append("[\(path)] has no content area")
                continue
            }
            check("[\(path)] content.frame", content.frame, wanted["frame"])
            check("[\(path)] content.height", content.height, wanted["height"])
            check("[\(path)] content.visibleHeight", content.visibleHeight, wanted["visibleHeight"])
        }
        for (path, wanted) in (expected["parts"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            let parts = nodes[path]?.parts ?? []
            let wantedParts = wanted.arrayValue ?? []
            guard parts.count == wantedParts.count else {
                problems.append("[\(path)] has \(parts.count) parts, expected \(wantedParts.count)")
                continue
            }
            for (index, (part, wantedPart)) in zip(parts, wantedParts).enumerated() {
                let label = "[\(path)] part \(index)"
                if part.kind.rawValue != wantedPart["kind"]?.stringValue {
                    problems.append("\(label): kind \(part.kind.rawValue), expected \(wantedPart["kind"]?.summary ?? "none")")
                }
                if part.index != wantedPart["index"]?.intValue {
                    problems.append("\(label): index \(part.index.map(String.init) ?? "none"), expected \(wantedPart["index"]?.summary ?? "none")")
                }
                if part.key != wantedPart["key"]?.stringValue {
                    problems.append("\(label): key \(part.key ?? "none"), expected \(wantedPart["key"]?.summary ?? "none")")
                }
                check("\(label) frame", part.frame, wantedPart["frame"])
            }
        }
        let warnings = tree.warnings.map { "\($0.path) \($0.code.rawValue)" }.sorted()
        let wantedWarnings = (expected["warnings"]?.arrayValue ?? []).compactMap(\.stringValue).sorted()
        if warnings != wantedWarnings {
            problems.append("warnings: got \(warnings), expected \(wantedWarnings)")
        }
        return problems
    }

    /// A fixture whose `bounds` is not a bounds string.
    public struct BadBounds: Error, CustomStringConvertible {
        /// The text of the fixture's `bounds`.
        public let text: String
        public var description: String { "the fixture's bounds \"\(text)\" are not (x, y, width, height)" }
    }

    /// Frames are compared to the hundredth of a point.
    static let tolerance = 0.006

    private static func text(_ numbers: [Double]) -> String {
        "(\(numbers.map(JSONValue.format(number:)).joined(separator: ", ")))"
    }
}
