import Foundation
import XpediteBuilder
import XpediteClient
import XpediteProtocol
import XpediteServer

extension PreviewTestApp {
    /// The test app's own URL: relative image URLs resolve against it
    /// (docs/protocol/packets.md#images). Its images are served by ``ImageFiles``, in process, so
    /// the tests need no second server.
    static let endpointURL = "https://preview-test-app.invalid/xpedite"

    /// Images by a manifest id (an absolute URL) and by a relative URL, a table whose rows are
    /// two lines high at a large font (its header fixed above them), and a bar-button dropdown on
    /// the left.
    static var images: ResponsePacket {
        Screen(title: "Images") {
            Navigation.menu(.barButton(.left, icon: "plus")) {
                MenuEntry("Go home", .call("home"))
                MenuEntry("Go to the second screen", .call("next"))
            }
            Image(id: "logo").size(width: .points(60), height: .points(30))
            Image(url: "images/badge.png").size(width: .points(40), height: .points(40))
            Button("Home", .call("home")).id("images-home")
            Table(data: .dynamic("tallRows")) {
                Column("Two lines", field: "name", width: .percent(100)).lines(2).fontSize(20)
            }.id("tall").size(height: .points(300)).fixedHeader()
        }.images(ImageEntry(id: "logo", url: "https://preview-test-app.invalid/images/logo.png"))
            .cached(id: "images", .permanent).packet
    }

    /// A screen in the old dialect (docs/protocol/menus.md#old-dialect-menus): a slide-in menu
    /// whose entries come from a data request mapped through `cell`, and a web view whose HTML
    /// comes from one.
    static func oldDialect() throws -> ResponsePacket {
        let json = """
            {"rc":0,"title":"Old dialect","components":[
              {"type":"navigation","slidefrom":"left","data":{"dynamic":"oldMenu"},
               "cell":{"text":"Label","method":"Call"}},
              {"type":"label","text":"An old-dialect screen","id":"old-label"},
              {"type":"web","data":{"dynamic":"oldWeb"},"size":{"height":120},"id":"old-web"}
            ]}
            """
        return try PacketDecoder(mode: .lenient).decodeResponse(Data(json.utf8)).packet
    }

    /// The records of the old dynamic menu, with the field names its `cell` maps.
    static let oldMenu = DataResponse(data: .rows([
        ["Label": "Home", "Call": "home"],
        ["Label": "Second screen", "Call": "next"],
    ]))

    /// The HTML of the old dynamic web view.
    static let oldWeb = DataResponse(data: .html("<h2 id=\"old-web\">Old web content</h2>"))

    /// The test app's image files, by absolute URL: two solid PNGs (60×30 blue, 40×40 orange).
    struct ImageFiles: ImageLoader {
        static let files: [String: String] = [
            "https://preview-test-app.invalid/images/logo.png":
                "iVBORw0KGgoAAAANSUhEUgAAADwAAAAeCAIAAAD/+uoYAAAAMUlEQVR42u3OQQkAAAgEsMtteS+FD2GwAEtm/5GWlpaWlpaWlpaWlpaWlpaWlpaWvlJKhltf/Lw6iAAAAABJRU5ErkJggg==",
            "https://preview-test-app.invalid/images/badge.png":
                "iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAIAAAADnC86AAAALklEQVR42u3NsQkAAAgDsP6/e699QnAJZE928iJisVgsFovFYrFYLBaLxWLxnQLn4N2IVTRkAwAAAABJRU5ErkJggg==",
        ]

        func load(_ url: URL) async throws -> Data {
            guard let text = Self.files[url.absoluteString], let data = Data(base64Encoded: text) else {
                throw TransportError.httpStatus(404)
            }
            return data
        }
    }
}
