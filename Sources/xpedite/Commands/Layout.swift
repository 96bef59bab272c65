import ArgumentParser
import Foundation
import XpediteLayout
import XpediteProtocol

/// `xpedite layout FILE --bounds "(0.0, 0.0, 393.0, 852.0)"`
struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay out a screen and print the frame of every component.",
        discussion: """
            Places every component of a response packet from its size dict and the bounds the phone \
            reports in setConnection, as docs/protocol/layout.md says, and prints the frame tree as canonical \
            JSON: the screen (visible area below the navigation bar, content height), then for every \
            component its indexPath, type, id, frame {x, y, width, height} in points, its parts \
            (form title row and footer, radio rows, table columns, …), and for containers their \
            content area and children. Flow frames are relative to their container's content area; \
            navigation menus and dialog forms ("placement": "window") are in bounds coordinates. \
            Components that overflow and other oddities are listed under "warnings" and printed to \
            standard error as FILE: PATH: warning: MESSAGE (--text lists them at the end of the \
            outline instead).

            The safe area of an iPhone 16 in portrait is assumed (59 pt at the top, 34 at the \
            bottom), plus a 44 pt navigation bar when the screen has a title or a navigation menu: \
            bounds of 393 × 852 leave a visible area of 393 × 759 (715 with the bar). Text is \
            measured with a deterministic estimate (docs/layout.md). Images sized by their aspect \
            ratio need their size (--image-size), else they are 0 high.

            Exit status: 0 on success (warnings allowed), 1 when the screen is invalid or the bounds \
            are malformed, 2 when the file cannot be read or is not JSON.

            Examples:
              xpedite layout screen.json
              xpedite layout screen.json --bounds "(0.0, 0.0, 393.0, 852.0)" --pretty
              xpedite layout screen.json --image-size logo=400x100 --text
              xpedite normalize old.json | xpedite layout - --bounds "(0, 0, 430, 932)"
            """
    )

    @Argument(help: "The response packet (a screen); - reads standard input.")
    var file: String

    @Option(help: ArgumentHelp("The screen bounds, as setConnection sends them.", valueName: "(x, y, width, height)"))
    var bounds = "(0.0, 0.0, 393.0, 852.0)"

    @Option(name: .customLong("image-size"),
            help: ArgumentHelp("The size of an image, by image id or URL (repeatable).", valueName: "ID=WIDTHxHEIGHT"))
    var imageSizes: [String] = []

    @Flag(help: "Drop broken components (as the phone does) instead of refusing the screen.")
    var lenient = false

    @Flag(help: "Print an indented, human-readable outline instead of JSON.")
    var text = false

    @Flag(help: "Indent the JSON.")
    var pretty = false

    @Option(help: ArgumentHelp("Lay the screen out N more times; print the median time of one layout to standard error.",
                               valueName: "N"))
    var `repeat` = 0

    func run() throws {
        var standardError = StandardError()
        let label = PacketInput.label(file)
        guard let viewport = Bounds(parsing: bounds) else {
            print("--bounds: expected \"(x, y, width, height)\" with a non-negative width and height, got \"\(bounds)\"",
                  to: &standardError)
            throw ExitCode(1)
        }
        var sizes: [String: ImageSize] = [:]
        for entry in imageSizes {
            guard let separator = entry.lastIndex(of: "="),
                  let size = ImageSize(parsing: String(entry[entry.index(after: separator)...])),
                  separator != entry.startIndex
            else {
                print("--image-size: expected ID=WIDTHxHEIGHT, got \"\(entry)\"", to: &standardError)
                throw ExitCode(1)
            }
            sizes[String(entry[..<separator])] = size
        }

        let tree = try PacketInput.tree(file)
        let screen: ResponsePacket
        do {
            let decoded = try PacketDecoder(mode: lenient ? .lenient : .strict).decodeResponse(tree)
            for issue in decoded.issues where issue.severity == .error {
                print("\(label): \(issue) (\(issue.isRepairable ? "repaired" : "dropped"))", to: &standardError)
            }
            screen = decoded.packet
        } catch {
            throw PacketInput.refuse(file, error)
        }

        let frames = LayoutEngine().layout(screen, bounds: viewport, imageSizes: sizes)
        if `repeat` > 0 {
            print("\(label): layout median \(Self.medianMicroseconds(screen, viewport, sizes, `repeat`)) µs over \(`repeat`) layouts",
                  to: &standardError)
        }
        if text {
            print(frames.outline)
        } else {
            for warning in frames.warnings { print("\(label): \(warning)", to: &standardError) }
            print(frames.canonicalJSON(pretty: pretty))
        }
    }

    /// The median wall-clock time of one layout of `screen`, in microseconds (to the hundredth), over `count` runs.
    private static func medianMicroseconds(_ screen: ResponsePacket, _ viewport: Bounds, _ sizes: [String: ImageSize],
                                           _ count: Int) -> String {
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(count)
        for _ in 0..<count {
            let start = clock.now
            let frames = LayoutEngine().layout(screen, bounds: viewport, imageSizes: sizes)
            let elapsed = clock.now - start
            withExtendedLifetime(frames) {}
            times.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
        }
        times.sort()
        let median = times[times.count / 2]
        return String(format: "%.2f", median)
    }
}
