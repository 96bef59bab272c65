// The Node modules the expression tests use, typed for tsc --checkJs: Debian ships no
// @types/node. `node:test` may be declared by other test folders too; function declarations merge.

declare module "node:test" {
  export function test(name: string, body: () => void | Promise<void>): void;
}

declare module "node:assert" {
  interface StrictAssert {
    ok(value: unknown, message?: string): asserts value;
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    match(actual: string, expected: RegExp, message?: string): void;
  }
  export const strict: StrictAssert;
}

declare module "node:fs" {
  export function readdirSync(path: string): string[];
  export function readFileSync(path: string, encoding: "utf8"): string;
}

declare module "node:path" {
  export function dirname(path: string): string;
  export function join(...parts: string[]): string;
}

declare module "node:url" {
  export function fileURLToPath(url: string): string;
}
