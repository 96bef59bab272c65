import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MemoryImageStore } from "../../../Sources/XpediteWebApp/Resources/web/js/cache/images.js";
import { ScriptedTransport, makeEngine, screen } from "./support.js";

/**
 * An image store whose loads resolve when the test says.
 * @param {Record<string, {width: number, height: number}>} sizes
 */
function loader(sizes) {
  /** @type {string[]} */
  const loaded = [];
  const store = new MemoryImageStore(async (url) => {
    loaded.push(url);
    return sizes[url] ?? null;
  });
  return { store, loaded };
}

describe("images", () => {
  test("critical images are in before the screen is shown, background ones after", async () => {
    const { store, loaded } = loader({ "https://a/logo.png": { width: 200, height: 100 }, "https://a/bg.png": { width: 10, height: 10 } });
    /** @type {number[]} */
    const loadedWhenShown = [];
    const transport = new ScriptedTransport(() =>
      screen([{ type: "image", id: "logo" }, { type: "image", id: "bg" }], {
        version: 1,
        images: [{ id: "logo", url: "https://a/logo.png", load: "critical" }, { id: "bg", url: "https://a/bg.png", load: "background" }],
      }),
    );
    const engine = makeEngine(transport, { images: store });
    engine.subscribe((state) => { if (state.packet && loadedWhenShown.length === 0) loadedWhenShown.push(loaded.length); });
    await engine.connect();
    assert.deepEqual(loadedWhenShown, [1], "only the critical image was loaded when the screen was first shown");
    assert.deepEqual(engine.state.imageSizes.logo, { width: 200, height: 100 });
    await engine.settle();
    assert.deepEqual(loaded, ["https://a/logo.png", "https://a/bg.png"]);
    assert.deepEqual(engine.state.imageSizes.bg, { width: 10, height: 10 });
    assert.deepEqual(engine.state.images, { logo: "https://a/logo.png", bg: "https://a/bg.png" });
  });

  test("a critical image that does not come in time does not hold the screen", async () => {
    const store = new MemoryImageStore(() => new Promise(() => {}));
    const transport = new ScriptedTransport(() =>
      screen([{ type: "label", text: "x" }], { version: 1, images: [{ id: "logo", url: "https://a/slow.png", load: "critical" }] }),
    );
    const engine = makeEngine(transport, { images: store, criticalImageTimeoutMs: 50 });
    await engine.connect();
    assert.equal(engine.state.packet?.components[0].text, "x");
    assert.match(engine.state.diagnostics.join("\n"), /critical image https:\/\/a\/slow.png: not loaded/);
  });

  test("an image is loaded once; a new version purges it", async () => {
    const { store, loaded } = loader({ "https://a/logo.png": { width: 2, height: 1 } });
    let version = 1;
    const transport = new ScriptedTransport(() =>
      screen([{ type: "image", id: "logo" }], { version, images: [{ id: "logo", url: "https://a/logo.png" }] }),
    );
    const engine = makeEngine(transport, { images: store });
    await engine.connect();
    await engine.settle();
    await engine.connect();
    await engine.settle();
    assert.equal(loaded.length, 1);
    version = 2;
    await engine.connect();
    await engine.settle();
    assert.equal(loaded.length, 2);
  });

  test("an id moved to a new URL evicts the old image", async () => {
    const { store } = loader({ "https://a/1.png": { width: 1, height: 1 }, "https://a/2.png": { width: 2, height: 2 } });
    let url = "https://a/1.png";
    const transport = new ScriptedTransport(() => screen([{ type: "image", id: "logo" }], { version: 1, images: [{ id: "logo", url }] }));
    const engine = makeEngine(transport, { images: store });
    await engine.connect();
    await engine.settle();
    assert.ok(store.images.has("https://a/1.png"));
    url = "https://a/2.png";
    await engine.connect();
    await engine.settle();
    assert.equal(store.images.has("https://a/1.png"), false);
    assert.deepEqual(engine.state.imageSizes.logo, { width: 2, height: 2 });
  });
});
