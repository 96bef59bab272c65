// The JSON types the web engine's JSDoc names (checked by tsc --checkJs; never loaded by a browser).

/** A JSON value as JSON.parse gives it. */
export type JSONValue = null | boolean | number | string | JSONValue[] | JSONObject;

/** A JSON object. */
export interface JSONObject {
  [key: string]: JSONValue;
}
