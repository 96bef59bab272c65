// Where the browser loads an image from when the engine gives no image-source function (the port
// of ImageSource.swift): the URL the screen's image manifest gives the image's `id`
// (docs/protocol/packets.md#images), an absolute `url`, or a file name in the old dialect's
// images folder. Only http(s) URLs and paths (resolved by the page against the endpoint) are given.

/** @typedef {import("./types.js").Packet} Packet */
/** @typedef {import("./types.js").ImageRequest} ImageRequest */

/** @param {unknown} text */
export function isWebURL(text) {
  return typeof text === "string" && (text.startsWith("https://") || text.startsWith("http://"));
}

/**
 * An old-dialect file name in the images folder (Images.resolve).
 * @param {string} name
 * @param {string} folder
 */
function resolve(name, folder) {
  if (name.includes("://")) return name;
  const base = folder.endsWith("/") ? folder : `${folder}/`;
  return base + (name.startsWith("/") ? name.slice(1) : name);
}

/**
 * @param {ImageRequest} image
 * @param {Packet|null} packet
 * @returns {string|null}
 */
export function defaultImageSource(image, packet) {
  const images = packet?.images;
  if (Array.isArray(images) && image.id !== undefined) {
    const entry = images.find((candidate) => candidate && candidate.id === image.id);
    if (entry && isWebURL(entry.url)) return entry.url;
  }
  if (isWebURL(image.url)) return /** @type {string} */ (image.url);
  if (images && !Array.isArray(images) && typeof images === "object" && typeof images.url === "string") {
    const name = image.url ?? image.name;
    if (name) {
      const resolved = resolve(name, images.url);
      // A folder given as a path ("/images") makes a path, which the page resolves against the
      // endpoint as the engine does (docs/protocol/packets.md#images).
      if (isWebURL(resolved) || resolved.startsWith("/")) return resolved;
    }
  }
  return null;
}
