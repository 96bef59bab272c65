// The limits and format of a recording (audio and video, docs/notify.md#field-types): how long
// it may run, how large it may be, and which MIME type the browser records it in. Pure: the
// recording field (recording.js) uses them, the tests call them directly.

/**
 * A recording's limits: `seconds` from `maxDurationSeconds` (10 by default), `bytes` from
 * `maxSizeK` (1000 KB for a video, 100 KB for audio by default).
 * @param {Record<string, unknown>} field
 * @param {"audio" | "video"} kind
 * @returns {{seconds: number, bytes: number}}
 */
export function recordingLimits(field, kind) {
  const duration = field.maxDurationSeconds;
  const size = field.maxSizeK;
  const seconds = typeof duration === "number" && Number.isFinite(duration) && duration > 0 ? duration : 10;
  const kilobytes = typeof size === "number" && Number.isFinite(size) && size > 0 ? size : (kind === "video" ? 1000 : 100);
  return { seconds, bytes: kilobytes * 1024 };
}

/**
 * The MIME type to record `kind` in: the first of WebM (with its codecs, then plain) and MP4
 * that the browser supports, or "" (the browser's own choice) when it supports none.
 * @param {"audio" | "video"} kind
 * @param {(type: string) => boolean} isSupported MediaRecorder.isTypeSupported
 * @returns {string}
 */
export function recordingType(kind, isSupported) {
  const candidates = kind === "video"
    ? ["video/webm;codecs=vp8,opus", "video/webm", "video/mp4"]
    : ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"];
  return candidates.find((type) => isSupported(type)) || "";
}
