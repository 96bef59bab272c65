/// The simulator's page, generated in Swift: the phone frame and the tools. It has no inline
/// script; the behaviour is in `static/phone-app.js` (the phone frame runs the web app of
/// `{base}/app/`) and `static/app-switch.js`.
struct PageTemplate {
    var basePath: String
    var device: SimulatedDevice
    /// Where the notification app is served (same origin), for the app switch; `nil`: no switch.
    var notificationAppPath: String? = nil
    /// The app's endpoint as "copy as curl" shows it when the web app posts through the relay
    /// (the server behind it); `nil`: the URL the app posts to.
    var curlEndpoint: String? = nil

    func simulator() -> String {
        var w = HTMLWriter()
        w.open("html", [.init("lang", "en")])
        head(title: "Xpedite simulator", &w)
        w.element("body", [.init("class", "x-simulator"), .init("data-mode", "simulator"), .init("data-base", basePath),
                           .init("data-width", String(Int(device.width))), .init("data-height", String(Int(device.height))),
                           .init("data-app", "xpedite"), .init("data-notify-app", notificationAppPath),
                           .init("data-endpoint", curlEndpoint)]) { w in
            // The tools are the page's banner, headed by the page's one `h1` (read by a screen
            // reader, hidden from the eye: the window's title says the same).
            w.element("header", [.init("class", "x-tools"), .init("id", "tools")]) { w in
                w.element("h1", [.init("class", "x-visually-hidden")], text: "Xpedite simulator")
                if notificationAppPath != nil {
                    w.element("div", [.init("class", "x-app-switch"), .init("role", "group"), .init("aria-label", "App")]) { w in
                        w.element("button", [.init("type", "button"), .init("data-app", "xpedite"), .init("aria-pressed", "true")],
                                  text: "Xpedite app")
                        w.element("button", [.init("type", "button"), .init("data-app", "notify"), .init("aria-pressed", "false")],
                                  text: "Notification app")
                    }
                }
                w.element("label", []) { w in
                    w.text("Device ")
                    w.element("select", [.init("id", "device")]) { w in
                        for candidate in SimulatedDevice.all {
                            let size = "\(Int(candidate.width))x\(Int(candidate.height))"
                            w.element("option", [.init("value", size), .init("selected", candidate == device ? "" : nil)],
                                      text: "\(candidate.name) (\(Int(candidate.width))×\(Int(candidate.height)))")
                        }
                    }
                }
                w.element("button", [.init("type", "button"), .init("id", "rotate")], text: "Rotate")
                w.element("label", []) { w in
                    w.void("input", [.init("type", "checkbox"), .init("id", "offline")])
                    w.text(" Offline")
                }
                w.element("label", []) { w in
                    w.text("Appearance ")
                    w.element("select", [.init("id", "appearance")]) { w in
                        w.element("option", [.init("value", "light")], text: "Light")
                        w.element("option", [.init("value", "dark")], text: "Dark")
                    }
                }
                w.element("button", [.init("type", "button"), .init("id", "reconnect")], text: "Reconnect")
                w.element("button", [.init("type", "button"), .init("id", "clear-caches")], text: "Clear caches")
                w.element("span", [.init("id", "connection"), .init("class", "x-connection")], text: "connecting")
            }
            w.element("main", [.init("class", "x-workbench")]) { w in
                w.element("div", [.init("class", "x-phone"), .init("id", "phone")]) { w in
                    w.element("div", [.init("class", "x-phone-screen"), .init("id", "screen")])
                    if notificationAppPath != nil {
                        w.element("div", [.init("class", "x-phone-screen x-notify-screen"), .init("id", "notify-screen"),
                                          .init("hidden", "")])
                    }
                }
                w.element("section", [.init("class", "x-inspector"), .init("id", "inspector-panel")]) { w in
                    if notificationAppPath != nil {
                        w.element("div", [.init("id", "notify-inspector"), .init("hidden", "")]) { w in
                            w.element("h2", [], text: "Notification app: HTTP calls")
                            w.element("ol", [.init("class", "x-packets"), .init("id", "notify-calls")])
                        }
                    }
                    w.element("h2", [], text: "Packets")
                    w.element("div", [.init("id", "inspector")])
                }
            }
            // The phone frame runs the web app of `{base}/app/` (phone-app.js); `?phone=app`, its
            // old switch, is accepted and changes nothing.
            w.element("script", [.init("type", "module"), .init("src", "\(basePath)/static/phone-app.js")])
            if notificationAppPath != nil {
                w.element("script", [.init("type", "module"), .init("src", "\(basePath)/static/app-switch.js")])
            }
        }
        w.close("html")
        return "<!DOCTYPE html>\n" + w.html
    }

    private func head(title: String, _ w: inout HTMLWriter) {
        w.element("head", []) { w in
            w.void("meta", [.init("charset", "utf-8")])
            w.void("meta", [.init("name", "viewport"), .init("content", "width=device-width, initial-scale=1, viewport-fit=cover")])
            w.element("title", [], text: title)
            w.void("link", [.init("rel", "stylesheet"), .init("href", "\(basePath)/static/simulator.css")])
            w.void("link", [.init("rel", "icon"), .init("href", "\(basePath)/static/icon.svg"), .init("type", "image/svg+xml")])
        }
    }
}
