import XpediteBuilder
import XpediteServer

extension PreviewTestApp {
    /// One of every input and container, a bar-button menu with a dropdown, a web view whose
    /// HTML tries to run a script (it must not: web content is sandboxed), a tall label and a label
    /// wider than its form.
    static let components = Screen(title: "Components") {
        Navigation.menu(.barButton(.right, icon: "ellipsis")) {
            MenuEntry("Home", .call("home"))
            MenuEntry("Dialog", .call("dialog"))
        }
        Section("Inputs")
        TextBox(name: "email", title: "Email", placeholder: "name@example.com").keyboard(.email).returnKey(.next).id("email")
        Password(name: "pin", title: "PIN", placeholder: "secret").id("pin")
        TextView(name: "notes", title: "Notes", placeholder: "Notes").id("notes")
        Checkbox(name: "subscribe", title: "Subscribe", isOn: true).id("subscribe")
        DateField(name: "day", title: "Day", year: 2026, month: 11, day: 22).id("day")
        Select(name: "colour", title: "Colour", options: ["r": "Red", "g": "Green", "b": "Blue"], value: "g").id("colour")
        Radio(name: "size", title: "Size", options: ["s": "Small", "l": "Large"], value: "l").id("size")
        Button("Settings", .call("home"), icon: "gear.circle.fill").id("settings")
        Image(url: "http://127.0.0.1:1/missing.png").size(width: .points(80), height: .points(40))
        ScrollView {
            Label("Inside a scroll view").id("scrolled")
        }.size(height: .points(60)).id("scroller")
        Web(html: "<p id=\"web\">web content</p><script>parent.document.title = \"hacked\"</script>")
            .size(height: .points(60)).id("web")
        // A label taller than its text (drawn vertically centred, as UILabel does), and a label
        // wider than its form (not clipped: only a scroll view clips, docs/protocol/layout.md).
        Label("Centred").size(height: .points(80)).background(Colour(red: 0xEE, green: 0xEE, blue: 0xEE)).id("centred")
        Form(id: "narrow", title: "Narrow") {
            Label("A label wider than its form").size(width: .percent(150)).id("wide-label")
        }.size(width: .percent(50))
    }.packet

    static let dialog = Screen(title: "Dialog") {
        Label("Behind the dialog").id("behind")
        Form(id: "quick", save: .call("saveForm"), cancel: .call("home"), title: "Quick edit", style: .dialog) {
            TextBox(name: "name", title: "Name", placeholder: "Your name")
        }
    }.packet
}
