import XpediteBuilder
import XpediteServer

/// The entry screen, and what the sign-in guard answers: an inline form whose return keys move
/// focus from the email to the password (`onEnter`), Save labelled "Sign in", and the demo
/// account written on the screen.
enum SignInScreen {
    static let formID = "signIn"

    /// What the form sends.
    struct Fields: Decodable {
        var email: String?
        var password: String?
    }

    /// The sign-in screen; `notice` is a line above the form (session expired, signed out); its
    /// colours for `appearance` (`call.device.appearance`).
    static func make(notice: String? = nil, email: String? = nil, appearance: Appearance? = nil) -> Screen {
        Screen(title: "Sign in") {
            Image(id: DemoImages.logoID).size(width: 180, height: 60, centreX: 0)
            if let notice {
                Label(notice).color(DemoPalette.warning, for: appearance).align(.centre).id("notice")
            }
            Form(id: formID, save: .call("signIn"), title: "Welcome to the Xpedite demo") {
                TextBox(name: "email", title: "Email", placeholder: "name@example.com", value: email)
                    .keyboard(.email).returnKey(.next).onEnter(focus: "password").disableAutotext().id("email")
                Password(name: "password", title: "Password").returnKey(.go).id("password")
            }
            .buttonLabels(save: "Sign in")
            Label("Demo account: \(DemoAccount.username) / \(DemoAccount.password)")
                .fontSize(14).color(DemoPalette.secondary, for: appearance).align(.centre).id("demo-account")
        }
    }
}
