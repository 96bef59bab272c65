import Synchronization

/// The sampled keys a ``KeysetRowSource`` jumps by: the key of every `stride`-th row of its ordered
/// set, so that a batch at offset `n` is read from the key of row `stride × ⌊n / stride⌋` with an
/// `OFFSET` below `stride` (`WHERE key >= sample ORDER BY key LIMIT … OFFSET rest`), as fast as a
/// batch after a key however deep the offset (decision 0480).
///
/// The index is made lazily, by one read of the keys, on the second jump of a source (the first
/// one reads with a plain `OFFSET`, so a source made for one request never reads every key).
/// Another server, or this one, may insert and delete rows meanwhile: once the index is older than
/// ``maximumAge`` (and than ``rebuildFactor`` times its last build), the next jump starts a new
/// build in the background and is answered from the index it has. A jump therefore lands exactly
/// on its offset while the rows do not change, and within the rows inserted or deleted since the
/// last build otherwise; a batch is always one statement (contiguous rows in key order) and the
/// next batch of a scroll is read after its last key, so a scroll never repeats or skips a row
/// that existed before and after it. A server that knows it changed the rows may call
/// ``invalidate()``: the next jump waits for a new index.
///
/// `SQLiteKeysetSource` (XpediteServerSQLite) and `PostgresKeysetSource` (XpediteServerPostgres)
/// keep one each; set the source's `jumpIndex` to another one to change its settings.
///
/// ```swift
/// var customers = PostgresKeysetSource(database, table: "customer", columns: ["id", "name"], key: "id")
/// customers.jumpIndex = KeysetJumpIndex(stride: 256, maximumAge: .seconds(5))
/// ```
public final class KeysetJumpIndex: Sendable {
    /// Rows between two sampled keys: a jump reads at most `stride - 1` rows before its batch.
    public let stride: Int
    /// How old an index may be before a jump starts a new build.
    public let maximumAge: Duration
    /// A new build starts no sooner than this many times the last build's duration after it, so
    /// that rebuilding a large table takes a bounded share of the time.
    public let rebuildFactor: Int

    /// Where a batch at an offset starts.
    public enum Landing: Sendable, Hashable {
        /// At this offset of the ordered set, read with `OFFSET` (a small offset, or no index yet).
        case offset(Int)
        /// At the row with this key or the next one, after skipping `skip` rows (fewer than the stride).
        case key(JSONValue, skip: Int)
    }

    private struct State {
        var samples: [JSONValue]?
        var builtAt = ContinuousClock.now
        var buildDuration = Duration.zero
        var building: Task<[JSONValue], any Error>?
        /// Changed by ``invalidate()``: a build started before it is not kept.
        var generation = 0
        var deepJumps = 0
        var builds = 0
    }

    private let state = Mutex(State())

    /// An index sampling every `stride`-th key (at least 2), rebuilt when older than `maximumAge`
    /// and than `rebuildFactor` times its last build.
    public init(stride: Int = 128, maximumAge: Duration = .seconds(1), rebuildFactor: Int = 10) {
        self.stride = Swift.max(2, stride)
        self.maximumAge = maximumAge
        self.rebuildFactor = Swift.max(1, rebuildFactor)
    }

    /// The number of builds started so far.
    public var builds: Int { state.withLock { $0.builds } }

    /// The number of keys sampled by the index in use, or `nil` before the first build ends.
    public var sampleCount: Int? { state.withLock { $0.samples?.count } }

    /// Forgets the index: the next jump waits for a new one, and a build running now is not kept.
    public func invalidate() {
        state.withLock { state in
            state.samples = nil
            state.building = nil
            state.generation += 1
        }
    }

    /// Where the batch at `offset` starts, `build` reading the keys of rows 0, `stride`,
    /// 2 × `stride`, … in key order (one statement) when an index is needed.
    ///
    /// - Throws: the error of a build this jump waited for.
    public func landing(for offset: Int,
                        build: @escaping @Sendable (_ stride: Int) async throws -> [JSONValue]) async throws -> Landing {
        guard offset >= stride else { return .offset(offset) }
        enum Next {
            case land([JSONValue])
            case plainOffset
            case wait(Task<[JSONValue], any Error>)
        }
        let now = ContinuousClock.now
        let next: Next = state.withLock { state in
            if let samples = state.samples {
                let age = now - state.builtAt
                if state.building == nil, age >= maximumAge, age >= state.buildDuration * rebuildFactor {
                    state.building = startBuild(build, in: &state)
                }
                return .land(samples)
            }
            state.deepJumps += 1
            if let building = state.building { return .wait(building) }
            if state.deepJumps == 1 { return .plainOffset }
            let building = startBuild(build, in: &state)
            state.building = building
            return .wait(building)
        }
        switch next {
        case .land(let samples): return Self.landing(for: offset, stride: stride, samples: samples)
        case .plainOffset: return .offset(offset)
        case .wait(let building): return Self.landing(for: offset, stride: stride, samples: try await building.value)
        }
    }

    /// A build of the index, kept when it ends unless ``invalidate()`` was called meanwhile; a
    /// failed build drops the index, so that the next jump builds again and sees the error.
    private func startBuild(_ build: @escaping @Sendable (Int) async throws -> [JSONValue],
                            in state: inout State) -> Task<[JSONValue], any Error> {
        state.builds += 1
        let generation = state.generation
        let stride = stride
        return Task { [self] in
            let started = ContinuousClock.now
            do {
                let samples = try await build(stride)
                let ended = ContinuousClock.now
                self.state.withLock { state in
                    guard state.generation == generation else { return }
                    state.samples = samples
                    state.builtAt = started
                    state.buildDuration = ended - started
                    state.building = nil
                }
                return samples
            } catch {
                self.state.withLock { state in
                    guard state.generation == generation else { return }
                    state.samples = nil
                    state.building = nil
                }
                throw error
            }
        }
    }

    /// The landing of `offset` on `samples`: the sample at or before it, and the rows left to skip.
    static func landing(for offset: Int, stride: Int, samples: [JSONValue]) -> Landing {
        guard !samples.isEmpty else { return .offset(offset) }
        let sample = Swift.min(offset / stride, samples.count - 1)
        guard sample > 0 else { return .offset(offset) }
        return .key(samples[sample], skip: offset - sample * stride)
    }
}
