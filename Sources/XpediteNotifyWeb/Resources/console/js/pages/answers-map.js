// The answers' map: the page's locations as markers on the notification app's Leaflet (vendored
// under ../app/vendor) with the app's tiles (../app/config.json, `mapTileURL`). When no tile
// loads (no network, a tile server that refuses), a plain grid of degrees is drawn instead and
// the markers stay on it (decision 0517). Labels go in as text nodes: Leaflet reads a string as HTML.

import { h } from "../dom.js";

/**
 * A marker: where, and the text of its tooltip.
 * @typedef {{latitude: number, longitude: number, label: string}} Place
 */

/**
 * The parts of Leaflet 1.6 the map uses.
 * @typedef {object} LeafletLayer
 * @property {(map: LeafletMap) => LeafletLayer} addTo
 * @property {(event: string, handler: () => void) => LeafletLayer} on
 * @property {(content: HTMLElement, options?: object) => LeafletLayer} bindTooltip
 * @property {() => Element | undefined} getElement
 */

/**
 * @typedef {object} LeafletMap
 * @property {(layer: LeafletLayer) => LeafletMap} removeLayer
 * @property {(bounds: unknown, options?: object) => LeafletMap} fitBounds
 * @property {(center: [number, number], zoom: number) => LeafletMap} setView
 * @property {(point: [number, number], zoom: number) => {x: number, y: number}} project
 * @property {(point: [number, number], zoom: number) => {lat: number, lng: number}} unproject
 * @property {() => void} remove
 */

/**
 * @typedef {object} Leaflet
 * @property {(element: HTMLElement, options?: object) => LeafletMap} map
 * @property {(template: string, options?: object) => LeafletLayer} tileLayer
 * @property {(at: [number, number], options?: object) => LeafletLayer} circleMarker
 * @property {(points: [number, number][]) => unknown} latLngBounds
 * @property {{extend: (members: object) => new () => LeafletLayer}} GridLayer
 */

/** The app's folder, where Leaflet and the map's settings are. */
const app = new URL("../../../app/", import.meta.url);

/** @type {Promise<Leaflet> | null} */
let leaflet = null;

/**
 * Loads Leaflet's script and style once.
 * @returns {Promise<Leaflet>}
 */
function loadLeaflet() {
  if (!leaflet) {
    leaflet = new Promise((resolve, reject) => {
      document.head.append(h("link", { rel: "stylesheet", href: new URL("vendor/leaflet-1.6.0/leaflet.css", app).href }));
      const script = h("script", { src: new URL("vendor/leaflet-1.6.0/leaflet.js", app).href });
      script.addEventListener("load", () => resolve(/** @type {{L: Leaflet}} */ (/** @type {unknown} */ (window)).L));
      script.addEventListener("error", () => {
        leaflet = null;
        reject(new Error("the map could not be loaded"));
      });
      document.head.append(script);
    });
  }
  return leaflet;
}

/**
 * The tiles' URL template the app's maps use, or "" when none is set or it cannot be read.
 * @returns {Promise<string>}
 */
async function tileTemplate() {
  try {
    const answer = await fetch(new URL("config.json", app), { credentials: "same-origin" });
    if (!answer.ok) return "";
    const settings = await answer.json();
    return typeof settings?.mapTileURL === "string" ? settings.mapTileURL : "";
  } catch {
    return "";
  }
}

/** The steps of the grid's lines, in degrees, the largest that fits twice in a tile first. */
const steps = [90, 45, 30, 15, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001];

/**
 * A layer of tiles that draws lines of longitude and latitude with their degrees (as the app's map).
 * @param {Leaflet} L
 * @param {LeafletMap} map
 * @returns {LeafletLayer}
 */
function gridLayer(L, map) {
  const Grid = L.GridLayer.extend({
    /**
     * @this {{getTileSize: () => {x: number, y: number}}}
     * @param {{x: number, y: number, z: number}} coords
     */
    createTile(coords) {
      const size = this.getTileSize();
      const tile = h("canvas", { width: size.x, height: size.y });
      const context = tile.getContext("2d");
      if (!context) return tile;
      const dark = matchMedia("(prefers-color-scheme: dark)").matches;
      context.fillStyle = dark ? "#1c1c1e" : "#eef1f5";
      context.fillRect(0, 0, size.x, size.y);
      const northWest = map.unproject([coords.x * size.x, coords.y * size.y], coords.z);
      const southEast = map.unproject([(coords.x + 1) * size.x, (coords.y + 1) * size.y], coords.z);
      const span = Math.abs(southEast.lng - northWest.lng);
      const step = steps.find((candidate) => candidate <= span / 2) ?? 0.0001;
      context.strokeStyle = dark ? "#48484a" : "#b8c0cc";
      context.fillStyle = dark ? "#98989f" : "#5a6270";
      context.font = "10px system-ui, sans-serif";
      for (let lng = Math.ceil(northWest.lng / step) * step; lng <= southEast.lng; lng += step) {
        const x = map.project([northWest.lat, lng], coords.z).x - coords.x * size.x;
        context.beginPath();
        context.moveTo(x + 0.5, 0);
        context.lineTo(x + 0.5, size.y);
        context.stroke();
        context.fillText(`${Number(lng.toFixed(4))}°`, x + 3, size.y - 4);
      }
      for (let lat = Math.ceil(southEast.lat / step) * step; lat <= northWest.lat; lat += step) {
        const y = map.project([lat, northWest.lng], coords.z).y - coords.y * size.y;
        context.beginPath();
        context.moveTo(0, y + 0.5);
        context.lineTo(size.x, y + 0.5);
        context.stroke();
        context.fillText(`${Number(lat.toFixed(4))}°`, 3, y - 3);
      }
      return tile;
    },
  });
  return new Grid();
}

/**
 * Draws `places` on a map in `box` (already in the page: Leaflet measures it). `box.dataset.tiles`
 * says what is under the markers: `tiles` once a tile loaded, `grid` when none did.
 * @param {HTMLElement} box
 * @param {Place[]} places
 * @param {AbortSignal} signal removes the map when the section is left
 * @returns {Promise<void>}
 */
export async function drawMap(box, places, signal) {
  const [L, template] = await Promise.all([loadLeaflet(), tileTemplate()]);
  if (signal.aborted || !box.isConnected) return;
  const map = L.map(box, { zoomControl: true, attributionControl: true });
  signal.addEventListener("abort", () => map.remove(), { once: true });
  /** @type {LeafletLayer | null} */
  let grid = null;
  /** @type {LeafletLayer | null} */
  let tiles = null;
  let loaded = false;
  const useGrid = () => {
    if (grid || loaded || signal.aborted) return;
    if (tiles) map.removeLayer(tiles);
    grid = gridLayer(L, map).addTo(map);
    box.dataset.tiles = "grid";
  };
  if (template) {
    tiles = L.tileLayer(template.replace("{maptype}", "standard"), { maxZoom: 19, attribution: "Map tiles" });
    tiles.on("tileload", () => {
      loaded = true;
      if (!grid) box.dataset.tiles = "tiles";
    });
    tiles.on("tileerror", useGrid);
    tiles.addTo(map);
    const timer = setTimeout(useGrid, 3000);
    signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  } else {
    useGrid();
  }
  /** @type {[number, number][]} */
  const points = places.map((place) => [place.latitude, place.longitude]);
  // The view first: a marker's element exists once its map has one.
  if (points.length === 1 && points[0]) map.setView(points[0], 13);
  else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 15 });
  else map.setView([0, 0], 1);
  for (const place of places) {
    const marker = L.circleMarker([place.latitude, place.longitude], {
      radius: 8,
      color: "#ffffff",
      weight: 2,
      fillColor: "#d3302f",
      fillOpacity: 1,
    }).addTo(map);
    marker.bindTooltip(h("span", {}, place.label));
    // A path may be named only with a role: the marker is an image of the place.
    marker.getElement()?.setAttribute("role", "img");
    marker.getElement()?.setAttribute("aria-label", place.label);
  }
}
