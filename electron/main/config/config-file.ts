/**
 * Reads a JSON config file as far as "is it there, and is it a JSON object". What its keys
 * are worth is shared/kiosk-config/config-validate.ts's business; what a broken file means
 * depends on whose it is (config.ts): the account's own is skipped, the machine-wide one
 * locks the kiosk.
 */

export type ConfigFileRead =
  | { status: 'missing' }
  /** It exists, but cannot be read, is not JSON, or is not a JSON object. */
  | { status: 'broken'; reason: string }
  | { status: 'ok'; object: Record<string, unknown> };

/**
 * The text of a config file as Windows editors save it: Windows PowerShell 5 writes UTF-8
 * with a byte-order mark (`Set-Content -Encoding UTF8`) or UTF-16 LE (`Out-File`, `>`).
 * A BOM is not JSON, so without this one stray character would throw the whole file away.
 */
export function decodeConfigText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // TextDecoder drops a UTF-8 BOM itself.
  return new TextDecoder('utf-8').decode(bytes);
}

function isMissingFile(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT'
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Where the JSON broke, as " (line 3, column 14)", never V8's message: that quotes the
 * text around the error, which can be the staff PIN, and the log is not meant to hold it.
 */
function whereJsonBroke(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : '';
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lineColumn) return ` (line ${lineColumn[1]}, column ${lineColumn[2]})`;
  const position = /at position (\d+)/.exec(message);
  if (!position) return '';
  const before = text.slice(0, Number(position[1])).split('\n');
  return ` (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

/** `readFile` returns the text, or throws an error with code ENOENT when there is no file. */
export function readConfigFile(path: string, readFile: (path: string) => string): ConfigFileRead {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    if (isMissingFile(error)) return { status: 'missing' };
    return { status: 'broken', reason: `cannot be read (${describe(error)})` };
  }
  // A reader that returns text as it is may still hand over the BOM as U+FEFF.
  const body = text.replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { status: 'broken', reason: `is not valid JSON${whereJsonBroke(error, body)}` };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { status: 'broken', reason: 'is not a JSON object' };
  }
  return { status: 'ok', object: json as Record<string, unknown> };
}
