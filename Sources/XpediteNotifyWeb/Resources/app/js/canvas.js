// Photos as canvases: an image drawn no larger than a limit, a frame of a playing video, and a
// canvas encoded as the JPEG that is uploaded (photo.js, barcode.js).

/**
 * The 2D context of a canvas (every browser the app runs in has one).
 * @param {HTMLCanvasElement} canvas
 * @returns {CanvasRenderingContext2D}
 */
export function context2D(canvas) {
  return /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
}

/**
 * Draws an image (a File, Blob or URL) into a canvas no larger than `limit` pixels a side.
 * @param {ImageBitmapSource} source
 * @param {number} limit
 * @returns {Promise<HTMLCanvasElement>}
 */
export async function canvasOf(source, limit) {
  const bitmap = await createImageBitmap(source);
  const scale = Math.min(1, limit / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  context2D(canvas).drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  if (bitmap.close) bitmap.close();
  return canvas;
}

/**
 * A canvas as a JPEG (quality 0.85).
 * @param {HTMLCanvasElement} canvas
 * @returns {Promise<Blob>}
 */
export function jpeg(canvas) {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the photo could not be encoded"))), "image/jpeg", 0.85);
  });
}

/**
 * A frame of a playing <video> as a canvas.
 * @param {HTMLVideoElement} video
 * @returns {HTMLCanvasElement}
 */
export function grab(video) {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  context2D(canvas).drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}
