import Foundation
import XpediteProtocol

/// Deterministic screens for the benchmarks: mixed component types, the shapes real servers send.
public enum BenchmarkScreens {
    /// One of twelve component templates, varied by `index`.
    static func component(_ index: Int) -> JSONValue {
        let n = JSONValue.number(Double(index))
        switch index % 12 {
        case 0:
            return ["type": "label", "id": .string("label-\(index)"), "text": .string("Customer number \(index): a label that wraps"),
                    "color": "#333333", "fontsize": 16, "align": "left", "size": ["width%": 100]]
        case 1:
            return ["type": "button", "id": .string("button-\(index)"), "text": "Open", "style": "button",
                    "method": ["function": "viewCustomer", "parameters": ["id": n]],
                    "size": ["width%": 48, "height": 44]]
        case 2:
            return ["type": "button", "text": "Edit", "size": ["x+": 10, "width%": 48, "relative-height%": 100],
                    "method": ["function": "editCustomer", "parameters": ["id": n], "formdata": true]]
        case 3:
            return ["type": "image", "url": .string("https://my.app/images/\(index).png"),
                    "size": ["width%": 50, "height": 120, "centrex": 0]]
        case 4:
            return ["type": "textbox", "id": .string("field-\(index)"), "name": .string("name\(index)"),
                    "title": "First name", "placeholder": "Enter name", "value": "Alice", "keyboard": "default",
                    "returnkey": "next"]
        case 5:
            return ["type": "form", "id": .string("form-\(index)"), "title": "Customer", "style": "inline",
                    "save": ["function": "saveCustomer"], "cancel": ["function": "home"],
                    "components": [
                        ["type": "section", "title": "Personal details"],
                        ["type": "textbox", "name": "firstname", "title": "First name", "value": "Alice"],
                        ["type": "checkbox", "name": "active", "title": "Active", "value": "1"],
                        ["type": "date", "name": "dob", "title": "Date of birth", "value": "1990-06-15"],
                    ]]
        case 6:
            return ["type": "select", "name": .string("country\(index)"), "title": "Country", "value": "AU",
                    "options": ["AU": "Australia", "NZ": "New Zealand", "US": "United States"]]
        case 7:
            return ["type": "radio", "name": .string("gender\(index)"), "title": "Gender", "value": "F",
                    "options": ["M": "Male", "F": "Female", "X": "Other"]]
        case 8:
            return ["type": "table", "id": .string("table-\(index)"), "data": ["dynamic": "listCustomers"],
                    "refresh": "Pull to refresh", "size": ["height": 300],
                    "header": [["text": "Name", "width%": 60, "font": "headline"],
                               ["text": "Score", "width%": 40, "align": "right"]],
                    "cell": [["field": "name", "width%": 60], ["field": "score", "width%": 40, "align": "right"]],
                    "clickRow": ["function": "viewCustomer", "selected": "id"]]
        case 9:
            return ["type": "web", "content": "<h1>Hello</h1><p>Some HTML content for the web view.</p>",
                    "size": ["width%": 100, "height": 200]]
        case 10:
            return ["type": "textview", "name": .string("notes\(index)"), "title": "Notes",
                    "placeholder": "Enter notes...", "initialHeight": 120]
        default:
            return ["type": "scrollview", "size": ["width%": 100, "height": 150], "components": [
                ["type": "label", "text": "Inside a scroll view"],
                ["type": "button", "text": "More", "method": ["function": "more"]],
            ]]
        }
    }

    /// A screen of `count` mixed components with a navigation menu and the usual top-level entries.
    public static func screen(components count: Int) -> JSONValue {
        var components: [JSONValue] = [[
            "type": "navigation", "id": "main-menu",
            "implementation": ["style": "slidefrom", "position": "left"], "effects": ["shade%": 40],
            "components": [
                ["type": "menuEntry", "text": "Main"],
                ["type": "menuEntry", "text": "Customers", "method": ["function": "listCustomers"]],
                ["type": "menuEntry"],
                ["type": "menuEntry", "text": "Logout", "method": ["function": "logout"]],
            ],
        ]]
        for index in 1..<max(count, 1) { components.append(component(index)) }
        return ["rc": 0, "token": "08829e57-56ec-42a8-8b84-061981c054c8", "version": 3, "title": "Customers",
                "background": "#F5F5F5", "time": 1_744_531_200, "id": "customer-list",
                "setDefaults": ["font": "Helvetica", "fontsize": 16],
                "images": [["id": "logo", "url": "https://my.app/images/logo.png", "load": "critical"]],
                "components": .array(components)]
    }

    /// The bytes of ``screen(components:)``, canonical JSON.
    public static func screenData(components count: Int) -> Data {
        CanonicalJSON.data(screen(components: count))
    }
}
