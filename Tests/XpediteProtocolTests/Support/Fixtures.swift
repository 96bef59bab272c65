// The fixture readers (`Fixtures`, `InvalidFixtureExpectation`) are shared with the other test
// targets; every file of this target sees them.
@_exported import XpediteTestFixtures
