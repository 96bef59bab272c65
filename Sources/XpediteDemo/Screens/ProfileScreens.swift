import Foundation
import XpediteBuilder
import XpediteServer

/// The profile form and what saving it shows.
enum ProfileScreens {
    static let formID = "profile"

    /// The form, filled with the saved profile if there is one.
    static func form(_ call: XpediteCall) throws -> ResponsePacket {
        let saved = try call.session.value(for: Profile.key)
        let countries = Dictionary(uniqueKeysWithValues: Profile.Country.allCases.map { ($0.rawValue, $0.label) })
        return Screen(title: "Your profile") {
            DemoMenu.stub
            Form(id: formID, save: .call("saveProfile"), cancel: .call("home"), title: "Profile") {
                Section("About you")
                TextBox(name: "name", title: "Name", placeholder: "Required", value: saved?.name)
                TextBox(name: "email", title: "Email", placeholder: "name@example.com", value: saved?.email)
                    .keyboard(.email)
                DateField(name: "birthday", title: "Birthday", value: saved?.birthday)
                Section("Preferences")
                Checkbox(name: "newsletter", title: "Send me the newsletter", isOn: saved?.newsletter ?? false)
                Select(name: "country", title: "Country", options: countries,
                       value: saved?.country.rawValue ?? Profile.Country.gb.rawValue)
            }
        }.packet
    }

    /// Saves the form: decoding errors (a missing field, a malformed date) and the app's own rules
    /// both throw, so the phone shows the message and keeps the form as typed.
    static func save(_ call: XpediteCall) throws -> ResponsePacket {
        let profile = try call.form(Profile.self, id: formID)
        try profile.validate(today: CalendarDay(Date()))
        try call.session.set(profile, for: Profile.key)
        var lines = ["Name: \(profile.name)", "Email: \(profile.email)", "Country: \(profile.country.label)",
                     "Newsletter: \(profile.newsletter ? "yes" : "no")"]
        if let birthday = profile.birthday { lines.append("Birthday: \(birthday)") }
        return Screen(title: "Profile saved") {
            DemoMenu.stub
            Label("Saved. The profile lives in your session.").fontSize(20).id("saved")
            Label(lines.joined(separator: "\n")).id("summary")
            Button("Edit again", .call("profile")).style(.button).id("edit")
            Button("Back to hello", .call("home", navigation: .root)).id("home")
        }.packet
    }
}
