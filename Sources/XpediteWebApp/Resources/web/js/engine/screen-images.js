// The images of a screen (docs/protocol/packets.md#images, docs/protocol/caching.md#images): the
// manifest's id→URL map, critical images before the screen is shown, background images after:
// XpediteClient+Images.swift in the web engine. The engine's methods call these.

import { describe } from "./transport.js";
import { forEachComponent } from "./tree.js";

/** @typedef {import("./engine.js").XpediteEngine} XpediteEngine */

/**
 * Records the manifest's id→URL mappings; an id moved to a new URL evicts the old image when no
 * id refers to it any more. Returns the manifest.
 * @param {XpediteEngine} engine
 * @param {unknown} images
 * @param {string[]} diagnostics
 * @returns {Promise<{id: string, url: string, load?: string}[]>}
 */
export async function registerImages(engine, images, diagnostics) {
  if (images && typeof images === "object" && !Array.isArray(images)) {
    const folder = /** @type {Record<string, unknown>} */ (images).url;
    if (typeof folder === "string") engine.imageFolder = folder;
    return [];
  }
  if (!Array.isArray(images)) return [];
  const entries = images.filter((entry) => entry && typeof entry.id === "string" && typeof entry.url === "string");
  let changed = false;
  for (const entry of entries) {
    const old = engine.imageURLs[entry.id];
    if (old === entry.url) continue;
    engine.imageURLs[entry.id] = entry.url;
    changed = true;
    if (old !== undefined && !Object.values(engine.imageURLs).includes(old)) {
      engine.knownImageSizes.delete(old);
      engine.attemptedImageURLs.delete(old);
      try {
        await engine.imageStore?.evict(engine.resolve(old));
      } catch (error) {
        diagnostics.push(`image cache: ${describe(error)}`);
      }
    }
  }
  if (changed && engine.cache) {
    try {
      await engine.cache.storeImageIDs(engine.imageURLs);
    } catch (error) {
      diagnostics.push(`image cache: ${describe(error)}`);
    }
  }
  return entries;
}

/**
 * A relative URL resolved against the image base.
 * @param {XpediteEngine} engine
 * @param {string} url
 */
export function resolveImageURL(engine, url) {
  if (!engine.imageBase) return url;
  try {
    return new URL(url, engine.imageBase).href;
  } catch {
    return url;
  }
}

/**
 * Waits for the `critical` images until all are in or the time bound runs out
 * (docs/protocol/caching.md#images).
 * @param {XpediteEngine} engine
 * @param {string[]} urls
 * @param {string[]} diagnostics
 */
export async function loadCriticalImages(engine, urls, diagnostics) {
  const store = engine.imageStore;
  const missing = [...new Set(urls)].filter((url) => !engine.attemptedImageURLs.has(url)).sort();
  if (!store || missing.length === 0) return;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(resolve, engine.criticalImageTimeoutMs);
  });
  /** @type {Set<string>} */
  const arrived = new Set();
  const all = Promise.all(
    missing.map(async (url) => {
      const image = await store.load(engine.resolve(url));
      arrived.add(url);
      engine.record(image, url);
    }),
  );
  await Promise.race([all, deadline]);
  clearTimeout(timer);
  for (const url of missing) {
    if (!arrived.has(url)) diagnostics.push(`critical image ${url}: not loaded within ${engine.criticalImageTimeoutMs / 1000} s`);
  }
}

/**
 * Loads the images the screen refers to that are not in yet, after delivery; the screen is laid
 * out again as each arrives.
 * @param {XpediteEngine} engine
 * @param {number} generation
 */
export async function loadBackgroundImages(engine, generation) {
  const store = engine.imageStore;
  const packet = engine.state.packet;
  if (!store || !packet) return;
  /** @type {string[]} */
  const wanted = [];
  if (Array.isArray(packet.images)) {
    for (const entry of packet.images) if (typeof entry?.url === "string") wanted.push(entry.url);
  }
  forEachComponent(packet.components, (component) => {
    if (component.type === "image") {
      const byID = typeof component.id === "string" ? engine.imageURLs[component.id] : undefined;
      const url = byID ?? component.url ?? component.name;
      if (typeof url === "string") wanted.push(url);
    } else if (component.type === "navigation" && typeof component.implementation?.image === "string") {
      wanted.push(engine.imageURLs[component.implementation.image] ?? component.implementation.image);
    } else if (component.type === "menuEntry" && typeof component.icon === "string" && engine.imageURLs[component.icon]) {
      wanted.push(engine.imageURLs[component.icon]);
    }
  });
  const missing = [...new Set(wanted)].filter((url) => !engine.attemptedImageURLs.has(url));
  const folder = engine.imageFolder;
  for (const name of missing) {
    if (generation !== engine.screenGeneration) return;
    const url = folder && !name.includes("://") ? `${folder.endsWith("/") ? folder : `${folder}/`}${name.replace(/^\//, "")}` : name;
    const image = await store.load(engine.resolve(url));
    if (generation !== engine.screenGeneration) return;
    engine.record(image, name);
    if (!image) engine.state.diagnostics.push(`image ${name}: could not be loaded`);
    engine.state.imageSizes = engine.imageSizesByName();
    engine.state.images = { ...engine.imageURLs };
    engine.relayout();
    engine.emit();
  }
}

/**
 * @param {XpediteEngine} engine
 * @param {{width: number, height: number} | null} image
 * @param {string} url
 */
export function recordImage(engine, image, url) {
  engine.attemptedImageURLs.add(url);
  if (image) engine.knownImageSizes.set(url, image);
}

/** The sizes of the images in, by URL and by every id that maps to one.
 * @param {XpediteEngine} engine
 */
export function imageSizesByName(engine) {
  /** @type {Record<string, {width: number, height: number}>} */
  const sizes = Object.fromEntries(engine.knownImageSizes);
  for (const [id, url] of Object.entries(engine.imageURLs)) {
    const size = engine.knownImageSizes.get(url);
    if (size) sizes[id] = size;
  }
  return sizes;
}
