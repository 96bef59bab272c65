import XpediteServer

/// The demo's pictures, drawn as SVG text by the demo server itself (`GET /images/…`), so the
/// image manifest's URLs work offline on loopback: the logo and one avatar per customer.
public enum DemoImages {
    /// The logo's manifest id.
    static let logoID = "logo"
    /// The path of the logo.
    static let logoPath = "/images/logo.svg"
    /// The folder of the avatars: `/images/avatars/<id>.svg`.
    static let avatarFolder = "/images/avatars"

    /// The manifest id of customer `id`'s avatar.
    static func avatarID(_ id: Int) -> String { "avatar-\(id)" }

    /// The manifest entry of the logo, `critical`: the phone loads it before the first screen renders.
    static func logoEntry(baseURL: String) -> ImageEntry {
        ImageEntry(id: logoID, url: baseURL + logoPath, load: .critical)
    }

    /// The manifest entry of customer `id`'s avatar.
    static func avatarEntry(_ id: Int, baseURL: String) -> ImageEntry {
        ImageEntry(id: avatarID(id), url: "\(baseURL)\(avatarFolder)/\(id).svg")
    }

    /// The logo: a rounded square with a lightning bolt and the name.
    static let logoSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">\
        <rect width="80" height="80" rx="18" fill="#1F5EFF"/>\
        <path d="M46 10 L22 46 H38 L32 70 L58 32 H42 Z" fill="#FFFFFF"/>\
        <text x="92" y="52" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="bold" \
        fill="#1F2937">Xpedite</text></svg>
        """

    /// Customer `id`'s avatar: the initials on a circle whose colour comes from the id.
    static func avatarSVG(id: Int, initials: String) -> String {
        let hue = (id * 47) % 360
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">\
            <circle cx="48" cy="48" r="48" fill="hsl(\(hue), 55%, 45%)"/>\
            <text x="48" y="60" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="34" \
            fill="#FFFFFF">\(Markup.escape(initials))</text></svg>
            """
    }
}
