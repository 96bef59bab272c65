/// A phone or tablet the simulator can pretend to be: its name and its screen in points
/// (portrait). Rotation swaps width and height.
public struct SimulatedDevice: Sendable, Hashable, Codable {
    /// The name shown in the device picker and accepted by `--device`.
    public var name: String
    /// The portrait width in points.
    public var width: Double
    /// The portrait height in points.
    public var height: Double

    /// Creates a device.
    public init(name: String, width: Double, height: Double) {
        self.name = name
        self.width = width
        self.height = height
    }

    /// The devices of the picker.
    public static let all: [SimulatedDevice] = [
        SimulatedDevice(name: "iPhone SE", width: 375, height: 667),
        SimulatedDevice(name: "iPhone 16", width: 393, height: 852),
        SimulatedDevice(name: "iPhone 16 Pro Max", width: 440, height: 956),
        SimulatedDevice(name: "Pixel 8", width: 412, height: 915),
        SimulatedDevice(name: "iPad", width: 820, height: 1180),
    ]

    /// The device called `name` (case-insensitive).
    public static func named(_ name: String) -> SimulatedDevice? {
        all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
