import Foundation
import HummingbirdTesting
import Testing
import XpediteServer

/// Form data (docs/protocol/forms.md) decoded into the app's own types
/// (docs/protocol/values.md#input-values value formats).
@Suite struct FormTests {
    typealias Customer = CustomerTestApp.Customer

    let valid: JSONValue = ["firstname": "Alice", "age": "34", "active": "1", "dob": "1990-06-15", "country": "AU"]

    @Test func saveWithValidDataDecodesTheAppsType() async throws {
        let app = CustomerTestApp.make(configuration: testConfiguration())
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "saveCustomer", "token": .string(token),
                                                "formdata": ["customer-form": valid]])
            #expect(answer["rc"] == 0)
            #expect(answer.labelTexts == ["Saved Alice, 34"])
        }
    }

    @Test(arguments: [
        ("firstname", nil, "The field \"firstname\" is required."),
        ("age", "thirty", "The field \"age\" must be a whole number."),
        ("age", "", "The field \"age\" must be a whole number."),
        ("active", "yes", "The field \"active\" must be \"1\" or \"0\"."),
        ("dob", "1990-02-30", "The field \"dob\" must be a date (yyyy-MM-dd)."),
        ("dob", "15/06/1990", "The field \"dob\" must be a date (yyyy-MM-dd)."),
        ("country", "XX", "The field \"country\" has a value that is not allowed."),
    ] as [(String, String?, String)])
    func saveWithInvalidDataNamesTheField(field: String, value: String?, message: String) async throws {
        var fields = try #require(valid.objectValue)
        fields[field] = value.map(JSONValue.string)
        let formdata: JSONValue = ["customer-form": .object(fields)]
        let app = CustomerTestApp.make(configuration: testConfiguration())
        try await application(app).test(.router) { client in
            let (_, token) = try await client.connect()
            let answer = try await client.post(["method": "saveCustomer", "token": .string(token),
                                                "formdata": formdata])
            #expect(answer["rc"] == .string(message))
            #expect(answer["components"] == [])
            #expect(answer["token"] == .string(token))
        }
    }

    @Test func lookupOrderIsFormThenFormdataThenTopLevel() throws {
        let data = FormData(formdata: ["f": ["a": "form"], "a": "standalone", "b": "standalone"],
                            topLevel: ["a": "top", "b": "top", "c": "top"])
        #expect(data.value(of: "a", inForm: "f") == "form")
        #expect(data.value(of: "b", inForm: "f") == "standalone")
        #expect(data.value(of: "c", inForm: "f") == "top")
        #expect(data.value(of: "d", inForm: "f") == nil)
        // A form's own object is never a field value.
        #expect(data.value(of: "f", inForm: nil) == nil)
    }

    @Test func oldDialectTopLevelFieldsDecode() throws {
        let data = FormData(formdata: [:], topLevel: ["firstname": "Bob", "age": 40, "active": true,
                                                      "dob": "2000-01-01", "country": "FR", "nickname": ""])
        let customer = try data.decode(Customer.self, form: "customer-form")
        let dob = try #require(CalendarDay(year: 2000, month: 1, day: 1))
        #expect(customer == Customer(firstname: "Bob", age: 40, active: true, dob: dob,
                                     country: .fr, nickname: nil))
    }

    struct Everything: Decodable, Equatable {
        var text: String
        var flag: Bool
        var off: Bool
        var count: Int
        var small: UInt8
        var price: Double
        var exact: Decimal
        var day: CalendarDay
        var date: Date
        var choices: [String]
        var missing: String?
        var empty: Int?
        var present: String?
    }

    @Test func valueFormatsOfSection6_4() throws {
        let data = FormData(formdata: ["f": [
            "text": "  hi  ", "flag": "1", "off": "0", "count": " 42 ", "small": "255", "price": "9.5",
            "exact": "19.99", "day": "2024-02-29", "date": "2024-02-29", "choices": ["a", "b"], "empty": "",
            "present": "there",
        ]])
        let decoded = try data.decode(Everything.self, form: "f")
        #expect(decoded.text == "  hi  ")
        #expect(decoded.flag && !decoded.off)
        #expect(decoded.count == 42)
        #expect(decoded.small == 255)
        #expect(decoded.price == 9.5)
        #expect(decoded.exact == Decimal(string: "19.99"))
        #expect(decoded.day == CalendarDay("2024-02-29"))
        #expect(decoded.date == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(decoded.choices == ["a", "b"])
        #expect(decoded.missing == nil)
        #expect(decoded.empty == nil)
        #expect(decoded.present == "there")
    }

    @Test func outOfRangeIntegersAreRefused() {
        struct Small: Decodable { var small: UInt8 }
        #expect(throws: FormError(field: "small", problem: .invalid(expected: "a whole number"))) {
            try FormData(formdata: ["f": ["small": "256"]]).decode(Small.self, form: "f")
        }
    }

    @Test func nestedObjectsAreNotFormData() {
        struct Nested: Decodable {
            struct Address: Decodable { var street: String }
            var address: Address
        }
        #expect(throws: FormError(field: "address", problem: .unsupported)) {
            try FormData(formdata: ["f": ["address": "x"]]).decode(Nested.self, form: "f")
        }
    }

    @Test func calendarDay() throws {
        #expect(CalendarDay("2025-02-29") == nil)
        #expect(CalendarDay("2024-2-29") == nil)
        #expect(CalendarDay(year: 2025, month: 13, day: 1) == nil)
        let day = try #require(CalendarDay(year: 987, month: 6, day: 5))
        #expect(day.description == "0987-06-05")
        let january = try #require(CalendarDay("2024-01-31"))
        let february = try #require(CalendarDay("2024-02-01"))
        #expect(january < february)
        #expect(CalendarDay(Date(timeIntervalSince1970: 1_709_164_800)) == CalendarDay("2024-02-29"))
        let encoded = try JSONEncoder().encode([day])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"0987-06-05\"]")
        #expect(try JSONDecoder().decode([CalendarDay].self, from: encoded) == [day])
    }
}
