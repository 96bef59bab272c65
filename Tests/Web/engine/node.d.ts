// The Node built-ins the engine's tests use beyond Tests/Web/node-builtins.d.ts (typed for tsc
// --checkJs; Debian ships no @types/node and nothing is downloaded from npm).

declare module "node:test" {
  export function before(body: () => void | Promise<void>): void;
  export function after(body: () => void | Promise<void>): void;
}

declare module "node:http" {
  export interface IncomingMessage {
    url?: string;
    headers: Record<string, string | undefined>;
    socket: { destroy(): void };
    on(event: "data", listener: (chunk: string) => void): void;
    on(event: "end", listener: () => void): void;
  }
  export interface ServerResponse {
    writeHead(status: number, headers?: Record<string, string>): void;
    end(body?: string): void;
  }
  export interface Server {
    listen(port: number, host: string, listening: () => void): void;
    address(): { port: number } | string | null;
    closeAllConnections(): void;
    close(): void;
  }
  export function createServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Server;
}

declare function setImmediate(callback: (value?: unknown) => void): unknown;
