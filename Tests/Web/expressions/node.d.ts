// The Node modules the expression tests use besides node:test and node:assert/strict (typed in
// ../engine/node.d.ts), for tsc --checkJs: Debian ships no @types/node.

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
