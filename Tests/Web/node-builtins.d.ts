// The few Node built-ins the web engine's tests and scripts use, typed for tsc --checkJs (Debian
// has no @types/node package, and nothing is downloaded). Only what the code calls is declared.

declare module "node:fs" {
  export function readFileSync(path: string | number | URL, encoding: "utf8"): string;
  export function readdirSync(path: string | URL): string[];
  export function existsSync(path: string | URL): boolean;
  export function writeFileSync(path: string | URL, data: string): void;
}

declare module "node:process" {
  interface Stream {
    write(text: string): boolean;
  }
  export const argv: string[];
  export const stdout: Stream;
  export const stderr: Stream;
  export function exit(code?: number): never;
  export function hrtime(): [number, number];
}

declare module "node:test" {
  type Body = (context: unknown) => void | Promise<void>;
  export function test(name: string, body: Body): Promise<void>;
  export function describe(name: string, body: () => void): Promise<void>;
  export function it(name: string, body: Body): Promise<void>;
}

declare module "node:assert/strict" {
  interface Assert {
    (value: unknown, message?: string): asserts value;
    ok(value: unknown, message?: string): asserts value;
    equal<T>(actual: unknown, expected: T, message?: string): asserts actual is T;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    notEqual(actual: unknown, expected: unknown, message?: string): void;
    match(actual: string, expected: RegExp, message?: string): void;
    doesNotThrow(body: () => unknown, message?: string): void;
    throws(body: () => unknown, expected?: unknown, message?: string): void;
    rejects(body: Promise<unknown> | (() => Promise<unknown>), expected?: ((error: unknown) => boolean) | RegExp | object, message?: string): Promise<void>;
    fail(message?: string): never;
  }
  const assert: Assert;
  export default assert;
}

declare module "node:child_process" {
  export function spawnSync(command: string, args: string[], options?: { input?: string; encoding?: "utf8" }):
    { status: number | null; stdout: string; stderr: string };
}
