// map: Leaflet (Debian's libjs-leaflet, vendored under vendor/leaflet-1.6.0: a versioned path,
// which the server lets browsers keep a year), loaded when a form has a map. Tiles come from
// the server's configured URL template (config.json); when no tile answers, a plain
// coordinate grid is drawn instead, with the markers on it. Markers are circles in their hue
// with their label as text; with markers the map frames all of them (and `location`, a hidden
// marker) with 50 px of padding. With an `id`, a tap picks the location (the value).
import { el } from "./dom.js";
import { Control } from "./field.js";

/**
 * Leaflet 1.6 (vendor/leaflet-1.6.0), the global `L` its script defines: it ships no types,
 * and none are downloaded, so it is untyped here.
 * @typedef {any} Leaflet
 */

/**
 * The app's settings (config.json, written by the server): the map tiles' URL template.
 * @typedef {{mapTileURL?: unknown}} Config
 */

const base = new URL("..", import.meta.url);
/** @type {Promise<Leaflet> | null} */
let leaflet = null;
/** @type {Promise<Config> | null} */
let config = null;

/**
 * Loads Leaflet's script and style once.
 * @returns {Promise<Leaflet>}
 */
export function loadLeaflet() {
  if (!leaflet) {
    leaflet = new Promise((resolve, reject) => {
      document.head.append(el("link", { rel: "stylesheet", href: new URL("vendor/leaflet-1.6.0/leaflet.css", base).href }));
      const script = el("script", { src: new URL("vendor/leaflet-1.6.0/leaflet.js", base).href });
      script.addEventListener("load", () => resolve(/** @type {Window & {L?: Leaflet}} */ (window).L));
      script.addEventListener("error", () => { leaflet = null; reject(new Error("the map could not be loaded")); });
      document.head.append(script);
    });
  }
  return leaflet;
}

/** @returns {Promise<Config>} */
async function loadConfig() {
  if (!config) {
    config = fetch(new URL("config.json", base)).then((response) => (response.ok ? response.json() : {})).catch(() => ({}));
  }
  return config;
}

/** @type {Record<string, number>} */
const NAMED = { red: 0, orange: 30, yellow: 60, green: 120, cyan: 180, azure: 210, blue: 240, violet: 270, magenta: 300, rose: 330 };

/**
 * The hue of a marker's `color`: degrees, or a named hue; red otherwise.
 * @param {unknown} color
 * @returns {number}
 */
function hue(color) {
  if (typeof color === "number" && Number.isFinite(color)) return color;
  if (typeof color === "string" && color in NAMED) return NAMED[color];
  return 0;
}

/**
 * A location of a payload: a GeoJSON Point or {longitude, latitude}; [lat, lng] or null.
 * @param {any} value the payload's JSON
 * @returns {[number, number] | null}
 */
export function latLng(value) {
  if (!value || typeof value !== "object") return null;
  if (value.type === "Point" && Array.isArray(value.coordinates) && value.coordinates.length >= 2) {
    const [lng, lat] = value.coordinates;
    return Number.isFinite(lat) && Number.isFinite(lng) ? [lat, lng] : null;
  }
  return Number.isFinite(value.latitude) && Number.isFinite(value.longitude) ? [value.latitude, value.longitude] : null;
}

/**
 * A grid layer that draws lines of longitude and latitude with their degrees.
 * @param {Leaflet} L
 * @returns {Leaflet} the layer
 */
function gridLayer(L) {
  const Grid = L.GridLayer.extend({
    /**
     * @this {Leaflet} the layer
     * @param {{x: number, y: number, z: number}} coords
     */
    createTile(coords) {
      const tile = document.createElement("canvas");
      const size = this.getTileSize();
      tile.width = size.x;
      tile.height = size.y;
      const context = /** @type {CanvasRenderingContext2D} */ (tile.getContext("2d"));
      const dark = window.matchMedia?.("(prefers-color-scheme: dark)").matches;
      context.fillStyle = dark ? "#1c1c1e" : "#eef1f5";
      context.fillRect(0, 0, size.x, size.y);
      const nw = this._map.unproject([coords.x * size.x, coords.y * size.y], coords.z);
      const se = this._map.unproject([(coords.x + 1) * size.x, (coords.y + 1) * size.y], coords.z);
      const span = Math.abs(se.lng - nw.lng);
      const step = [90, 45, 30, 15, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001]
        .find((candidate) => candidate <= span / 2) || 0.0001;
      context.strokeStyle = dark ? "#48484a" : "#b8c0cc";
      context.fillStyle = dark ? "#98989f" : "#5a6270";
      context.font = "10px system-ui, sans-serif";
      context.lineWidth = 1;
      for (let lng = Math.ceil(nw.lng / step) * step; lng <= se.lng; lng += step) {
        const x = this._map.project([nw.lat, lng], coords.z).x - coords.x * size.x;
        context.beginPath(); context.moveTo(x + 0.5, 0); context.lineTo(x + 0.5, size.y); context.stroke();
        context.fillText(`${Number(lng.toFixed(4))}°`, x + 3, size.y - 4);
      }
      for (let lat = Math.ceil(se.lat / step) * step; lat <= nw.lat; lat += step) {
        const y = this._map.project([lat, nw.lng], coords.z).y - coords.y * size.y;
        context.beginPath(); context.moveTo(0, y + 0.5); context.lineTo(size.x, y + 0.5); context.stroke();
        context.fillText(`${Number(lat.toFixed(4))}°`, 3, y - 3);
      }
      return tile;
    },
  });
  return new Grid();
}

export class MapControl extends Control {
  /**
   * @override
   * @returns {"span"}
   */
  labelTag() {
    return "span";
  }

  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    this.selected = latLng(field.default);
    this.box = el("div", { id: this.controlId, class: "map", role: "application", tabindex: "0",
      "aria-label": this.name });
    this.readout = el("p", { class: "hint", "aria-live": "polite" });
    const placeholder = field.placeholder || (this.isInput ? "View the map and select a location" : "View the map");
    this.body.append(el("p", { class: "hint", text: placeholder }), this.box, this.readout);
    this.showSelection();
    // Drawn once the field is in the page (Leaflet measures its box).
    requestAnimationFrame(() => this.draw().catch((error) => this.showError(`The map could not be shown: ${error.message}`)));
  }

  showSelection() {
    this.readout.textContent = this.selected
      ? `Selected: ${this.selected[0].toFixed(5)}, ${this.selected[1].toFixed(5)}`
      : (this.isInput ? "Tap the map to choose a location." : "");
  }

  async draw() {
    const [L, settings] = await Promise.all([loadLeaflet(), loadConfig()]);
    if (!this.box.isConnected) return;
    const field = this.field;
    const map = L.map(this.box, { zoomControl: true, attributionControl: true });
    this.map = map;
    const template = typeof settings.mapTileURL === "string" ? settings.mapTileURL : "";
    /** @type {Leaflet} */
    let grid = null;
    const useGrid = () => {
      if (grid) return;
      grid = gridLayer(L).addTo(map);
      if (tiles) map.removeLayer(tiles);
      this.box.dataset.tiles = "grid";
    };
    /** @type {Leaflet} */
    let tiles = null;
    if (template) {
      const maptype = ["standard", "satellite", "hybrid"].includes(field.maptype) ? field.maptype : "standard";
      tiles = L.tileLayer(template.replace("{maptype}", maptype), { maxZoom: 19, attribution: "Map tiles" });
      let loaded = false;
      tiles.on("tileload", () => { loaded = true; this.box.dataset.tiles = "tiles"; });
      tiles.on("tileerror", () => { if (!loaded) useGrid(); });
      tiles.addTo(map);
      setTimeout(() => { if (!loaded) useGrid(); }, 3000);
    } else {
      useGrid();
    }
    const points = [];
    for (const marker of Array.isArray(field.markers) ? field.markers : []) {
      const at = latLng(marker);
      if (!at) continue;
      points.push(at);
      const color = `hsl(${hue(marker.color)}, 85%, 45%)`;
      const circle = L.circleMarker(at, { radius: 9, color: "#ffffff", weight: 2, fillColor: color, fillOpacity: 1 }).addTo(map);
      if (typeof marker.label === "string" && marker.label) {
        // Leaflet treats a string as HTML: the label goes in as a text node.
        circle.bindTooltip(el("span", { text: marker.label }), { permanent: false });
        circle.getElement()?.setAttribute("aria-label", marker.label);
      }
    }
    const location = latLng(field.location);
    if (points.length) {
      if (location) points.push(location);
      map.fitBounds(L.latLngBounds(points), { padding: [50, 50], maxZoom: 17 });
    } else {
      const center = location || this.selected || [0, 0];
      let zoom = location || this.selected ? 13 : 2;
      if (Number.isFinite(field.minMapWidth) && field.minMapWidth > 0) {
        const width = this.box.clientWidth || 320;
        zoom = Math.floor(Math.log2(156543.03 * Math.cos((center[0] * Math.PI) / 180) * width / field.minMapWidth));
        zoom = Math.max(1, Math.min(18, zoom));
      }
      map.setView(center, zoom);
      if (!location && !this.selected && navigator.geolocation) {
        navigator.geolocation.getCurrentPosition((position) => {
          map.setView([position.coords.latitude, position.coords.longitude], 13);
        }, () => {}, { timeout: 5000, maximumAge: 60000 });
      }
    }
    if (this.isInput) {
      /** @param {{lat: number, lng: number}} at */
      const pick = (at) => {
        this.selected = /** @type {[number, number]} */ ([at.lat, at.lng]);
        if (this.pin) this.pin.setLatLng(at);
        else this.pin = L.marker(at, { keyboard: false, icon: L.divIcon({ className: "map-pin", iconSize: [18, 18] }) }).addTo(map);
        this.showSelection();
        this.showError("");
      };
      if (this.selected) pick(L.latLng(this.selected[0], this.selected[1]));
      map.on("click", (/** @type {{latlng: {lat: number, lng: number}}} */ event) => pick(event.latlng));
      this.box.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          pick(map.getCenter());
        }
      });
    }
  }

  /** @override */
  read() {
    return this.selected ? { longitude: Number(this.selected[1].toFixed(7)), latitude: Number(this.selected[0].toFixed(7)) } : null;
  }
}

/** currentLocation: no widget; the Geolocation API at submit. */
export class CurrentLocationControl extends Control {
  /**
   * @override
   * @returns {"span"}
   */
  labelTag() {
    return "span";
  }

  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   */
  constructor(field, context) {
    super(field, context);
    /** @type {{longitude: number, latitude: number} | null} */
    this.value = null;
    this.body.append(el("p", { class: "hint", id: this.controlId, text: "Your location is sent with the answer." }));
  }

  /** @override */
  atSubmit() {
    return new Promise(/** @param {(value?: void) => void} resolve */ (resolve) => {
      if (!navigator.geolocation) { resolve(); return; }
      navigator.geolocation.getCurrentPosition((position) => {
        this.value = { longitude: position.coords.longitude, latitude: position.coords.latitude };
        resolve();
      }, () => resolve(), { timeout: 8000, maximumAge: 30000, enableHighAccuracy: false });
    });
  }

  /** @override */
  read() {
    return this.value;
  }

  /** @override */
  check() {
    return null;
  }
}

/** currentDateTime: no widget; the moment of the submit. */
export class CurrentDateTimeControl extends Control {
  /**
   * @override
   * @returns {"span"}
   */
  labelTag() {
    return "span";
  }

  /**
   * @param {import("./field.js").Field} field
   * @param {import("./field.js").Context} context
   * @param {(date: Date) => string} iso the date-time's text
   */
  constructor(field, context, iso) {
    super(field, context);
    this.iso = iso;
    this.value = null;
    if (this.label) this.body.append(el("p", { class: "hint", id: this.controlId, text: "The time of your answer is sent with it." }));
    else this.element.hidden = true;
  }

  /** @override */
  async atSubmit() {
    this.value = this.iso(new Date());
  }

  /** @override */
  read() {
    return this.value;
  }
}
