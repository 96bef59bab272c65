import Foundation
import XpediteLayout
import XpediteProtocol

extension XpediteClient {
    /// Records the manifest's id→URL mappings (docs/protocol/packets.md#images); an id moved to a
    /// new URL evicts the old file when no id refers to it any more
    /// (docs/protocol/caching.md#images). Returns the manifest.
    func register(images: Images?, diagnostics: inout [String]) async -> [ImageEntry] {
        if case .folder(let url)? = images { imageFolder = url }
        guard case .manifest(let entries)? = images else { return [] }
        var changed: [String: String] = [:]
        var evicted: [String] = []
        for entry in entries where imageURLs[entry.id] != entry.url {
            let old = imageURLs[entry.id]
            imageURLs[entry.id] = entry.url
            changed[entry.id] = entry.url
            if let old, !imageURLs.values.contains(old) {
                evicted.append(Self.resolve(old, against: configuration.imageBaseURL))
                knownImageSizes[old] = nil
                attemptedImageURLs.remove(old)
            }
        }
        guard !changed.isEmpty else { return entries }
        do {
            try await cache.store(imageIDs: changed, evicting: evicted)
        } catch {
            diagnostics.append("image cache: \(error)")
        }
        return entries
    }

    /// Waits for the `critical` images (from the cache or the loader) until all are in or the time
    /// bound runs out; the rest are cancelled and the screen shows without them
    /// (docs/protocol/caching.md#images).
    func loadCriticalImages(_ urls: [String], diagnostics: inout [String]) async {
        let missing = Array(Set(urls.filter { !attemptedImageURLs.contains($0) })).sorted()
        guard !missing.isEmpty else { return }
        let loader = configuration.imageLoader
        let cache = self.cache
        let timeout = configuration.criticalImageTimeout
        let base = configuration.imageBaseURL
        let loaded: [(String, CachedImage?)] = await withTaskGroup(of: (String, CachedImage?)?.self) { group in
            for url in missing {
                group.addTask { (url, await Self.fetchImage(url, loader: loader, cache: cache, base: base)) }
            }
            group.addTask {
                // The deadline: a nil result. Cancellation (all images in) simply ends it early.
                try? await Task.sleep(for: timeout)
                return nil
            }
            var results: [(String, CachedImage?)] = []
            while let next = await group.next() {
                guard let result = next else { break }
                results.append(result)
                if results.count == missing.count { break }
            }
            group.cancelAll()
            return results
        }
        for (url, image) in loaded { record(image, url: url) }
        let late = Set(missing).subtracting(loaded.map(\.0))
        for url in late.sorted() { diagnostics.append("critical image \(url): not loaded within \(timeout)") }
    }

    /// Loads the images the screen refers to that are not in yet, after delivery; the screen is
    /// laid out again as each arrives (docs/protocol/components/display.md#image,
    /// docs/protocol/caching.md#images).
    func startBackgroundImages(generation: Int) {
        guard let packet = state.packet else { return }
        var wanted: [String] = []
        if case .manifest(let entries)? = packet.images { wanted += entries.map(\.url) }
        ComponentTree.forEach(packet.components) { component, _, _ in
            switch component {
            case .image(let image):
                if let id = image.id, let url = imageURLs[id] {
                    wanted.append(url)
                } else if let url = image.url ?? image.name {
                    wanted.append(url)
                }
            case .navigation(let navigation):
                if let id = navigation.implementation?.image { wanted.append(imageURLs[id] ?? id) }
            case .menuEntry(let entry):
                if let id = entry.icon, let url = imageURLs[id] { wanted.append(url) }
            default:
                break
            }
        }
        var seen: Set<String> = []
        let missing = wanted.filter { !attemptedImageURLs.contains($0) && seen.insert($0).inserted }
        guard !missing.isEmpty else { return }
        let loader = configuration.imageLoader
        let cache = self.cache
        let folder = imageFolder
        let base = configuration.imageBaseURL
        imageTask = Task {
            for name in missing {
                if Task.isCancelled { return }
                // An old-dialect name relative to a folder sent on an earlier screen
                // (docs/protocol/packets.md#images).
                let url = folder.map { Images.resolve(name: name, inFolder: $0) } ?? name
                let image = await Self.fetchImage(url, loader: loader, cache: cache, base: base)
                // A load cut short by a newer screen is not a failure: it is tried again later.
                if Task.isCancelled { return }
                self.arrived(image, url: name, generation: generation)
            }
        }
    }

    private func arrived(_ image: CachedImage?, url: String, generation: Int) {
        record(image, url: url)
        guard generation == screenGeneration else { return }
        if image == nil { state.diagnostics.append("image \(url): could not be loaded") }
        state.imageSizes = imageSizesByName()
        relayout()
        emit()
    }

    private func record(_ image: CachedImage?, url: String) {
        attemptedImageURLs.insert(url)
        if let image, let width = image.width, let height = image.height {
            knownImageSizes[url] = ImageSize(width: width, height: height)
        }
    }

    /// The sizes of the images in, by URL and by every id that maps to one.
    func imageSizesByName() -> [String: ImageSize] {
        var sizes = knownImageSizes
        for (id, url) in imageURLs {
            if let size = knownImageSizes[url] { sizes[id] = size }
        }
        return sizes
    }

    /// An image from the disk cache, or from the loader (then stored); `nil` when it cannot be
    /// had — the screen then shows a placeholder. A relative `url` is resolved against `base`
    /// first; the cache is keyed by the absolute URL (docs/protocol/caching.md#images).
    static func fetchImage(_ url: String, loader: any ImageLoader, cache: ClientCache, base: URL?) async -> CachedImage? {
        let absolute = resolve(url, against: base)
        do {
            if let cached = try await cache.image(url: absolute) { return cached }
            guard let location = URL(string: absolute) else { return nil }
            let data = try await loader.load(location)
            let size = ImageDimensions.size(of: data)
            let image = CachedImage(body: data, width: size?.width, height: size?.height)
            try await cache.store(image: image, url: absolute)
            return image
        } catch {
            return nil
        }
    }
}
