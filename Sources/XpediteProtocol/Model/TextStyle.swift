/// The text styling keys shared by labels, buttons and text inputs: `color`, `font`, `fontsize`
/// and `align` (docs/protocol/values.md). Missing keys fall back to `setDefaults`, then the system.
struct TextStyle: Hashable {
    var color: Colour?
    var font: String?
    var fontsize: Double?
    var align: Alignment?

    static let properties: [ObjectShape.Property] = [
        .init("color", .colour, "Text colour; setDefaults, then the system label colour."),
        .init("font", .string, "Font name or family (docs/protocol/values.md#fonts)."),
        .init("fontsize", .boundedNumber(minimum: 0, maximum: nil, exclusiveMinimum: true), "Font size in points."),
        .init("align", .oneOf(Alignment.allCases.map(\.rawValue)), "Text alignment; centre and center are the same."),
    ]

    init(color: Colour? = nil, font: String? = nil, fontsize: Double? = nil, align: Alignment? = nil) {
        self.color = color
        self.font = font
        self.fontsize = fontsize
        self.align = align
    }

    init(reading reader: ObjectReader) {
        self.init(color: reader.colour(.color), font: reader.string(.font), fontsize: reader.number(.fontsize),
                  align: reader.enum(.align))
    }

    func write(into writer: inout ObjectWriter) {
        writer.set(.color, color)
        writer.set(.font, font)
        writer.set(.fontsize, fontsize)
        writer.set(.align, align)
    }
}
