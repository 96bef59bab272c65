/// The file names the barcode reader loads with `dlopen` (decision 180): ZBar finds the codes,
/// TurboJPEG and libpng turn the pictures into grey pixels. Debian's packages: `libzbar0`,
/// `libturbojpeg0`, `libpng16-16` (scripts/install-test-tools installs them).
public struct BarcodeLibraries: Sendable, Hashable {
    /// ZBar (`libzbar.so.0`).
    public var zbar: String
    /// TurboJPEG (`libturbojpeg.so.0`).
    public var turboJPEG: String
    /// libpng 1.6 (`libpng16.so.16`).
    public var png: String

    /// Names the three libraries.
    public init(zbar: String, turboJPEG: String, png: String) {
        self.zbar = zbar
        self.turboJPEG = turboJPEG
        self.png = png
    }

    /// The names of the system's packages: Debian/Ubuntu sonames, Homebrew's dylibs on macOS.
    public static var system: BarcodeLibraries {
        #if os(macOS)
        BarcodeLibraries(zbar: "libzbar.0.dylib", turboJPEG: "libturbojpeg.0.dylib", png: "libpng16.16.dylib")
        #else
        BarcodeLibraries(zbar: "libzbar.so.0", turboJPEG: "libturbojpeg.so.0", png: "libpng16.so.16")
        #endif
    }

    /// What to install when they are missing, said in the 503 answer.
    public static let installHint = "install libzbar0, libturbojpeg0 and libpng16-16"
}
