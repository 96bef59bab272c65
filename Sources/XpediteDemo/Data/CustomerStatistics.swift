/// The dashboard's figures.
struct CustomerStatistics: Sendable, Hashable {
    /// A country and its number of customers.
    struct CountryCount: Sendable, Hashable {
        var country: Country
        var count: Int
    }

    var total: Int
    var active: Int
    var averageScore: Double
    var totalCredit: Int
    var topCountries: [CountryCount]
}
