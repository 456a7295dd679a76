/**
 * A stand-in for Electron's download server: a loopback HTTP server that serves a stub
 * `electron` executable zipped as Electron's installer expects it, plus SHASUMS256.txt,
 * so the lazy download of `node_modules/electron/install.js` can run without GitHub.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Unix permissions, e.g. 0o755 for an executable. */
  mode: number;
}

/** A minimal zip (stored, no compression) whose entries carry Unix permissions. */
export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, entry.data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the mode below counts
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(0, 30); // extra
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE(((0o100000 | entry.mode) << 16) >>> 0, 38); // regular file + mode
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A shell script posing as Electron: it writes its working directory and arguments, one
 * per line, to the file named by STUB_ELECTRON_RECORD, and exits 0.
 */
export const STUB_ELECTRON_SCRIPT = `#!/bin/sh
printf '%s\\n' "$PWD" "$@" > "$STUB_ELECTRON_RECORD"
`;

export interface StubMirror {
  /** ELECTRON_MIRROR for the installer, e.g. http://127.0.0.1:43210/ */
  url: string;
  /** Paths requested so far. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `<customDir>/electron-v<version>-<platform>-<arch>.zip` and its SHASUMS256.txt. */
export async function startStubMirror(options: {
  version: string;
  customDir: string;
  platform: string;
  arch: string;
}): Promise<StubMirror> {
  const fileName = `electron-v${options.version}-${options.platform}-${options.arch}.zip`;
  const archive = zip([
    { name: 'electron', data: Buffer.from(STUB_ELECTRON_SCRIPT), mode: 0o755 },
    { name: 'version', data: Buffer.from(options.version), mode: 0o644 },
  ]);
  const sha256 = createHash('sha256').update(archive).digest('hex');
  const files = new Map<string, Buffer>([
    [`/${options.customDir}/${fileName}`, archive],
    [`/${options.customDir}/SHASUMS256.txt`, Buffer.from(`${sha256} *${fileName}\n`)],
  ]);
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://mirror').pathname;
    requests.push(path);
    const body = files.get(path);
    response.writeHead(body ? 200 : 404, { 'Content-Type': 'application/octet-stream' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
