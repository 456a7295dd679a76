/**
 * The globals that every runtime importing shared/ has: the renderer (browser), the sandboxed
 * preload, the main process and the Node scripts. Declared by hand, so shared code that
 * reaches for `document`, `process` or `Buffer` fails to typecheck.
 */
declare function btoa(data: string): string;
declare function atob(data: string): string;

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}

declare class URL {
  constructor(url: string, base?: string);
  static canParse(url: string, base?: string): boolean;
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly username: string;
  readonly password: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

declare const console: {
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
};

/** A number in a browser, an object in Node. */
declare function setTimeout(callback: () => void, ms?: number): number | object;
declare function clearTimeout(handle: number | object | undefined): void;

declare const crypto: {
  getRandomValues<T extends Uint8Array>(array: T): T;
};
