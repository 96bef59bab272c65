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

    /// The sign-in screen; `notice` is a line above the form (session expired, signed out).
    static func make(notice: String? = nil, email: String? = nil) -> Screen {
        Screen(title: "Sign in") {
            Image(id: DemoImages.logoID).size(width: 180, height: 60, centreX: 0)
            if let notice {
                Label(notice).color(.rgb(0xB45309)).align(.centre).id("notice")
            }
            Form(id: formID, save: .call("signIn"), title: "Welcome to the Xpedite demo") {
                TextBox(name: "email", title: "Email", placeholder: "name@example.com", value: email)
                    .keyboard(.email).returnKey(.next).onEnter(focus: "password").disableAutotext().id("email")
                Password(name: "password", title: "Password").returnKey(.go).id("password")
            }
            .buttonLabels(save: "Sign in")
            Label("Demo account: \(DemoAccount.username) / \(DemoAccount.password)")
                .fontSize(14).color(.rgb(0x4B5563)).align(.centre).id("demo-account")
        }
    }
}
