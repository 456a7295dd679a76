/**
 * The remote config record on disk keeps the highest version of each topic, even when the
 * payload kept beside it is of an older shape that no longer counts as a config.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fileRemoteConfigStore,
  REMOTE_CONFIG_FILE,
} from '../../../fleet-agent/config/remote-config-store';
import { memoryLog } from '../support/fleet-fixtures';

describe('the remote config record on disk', () => {
  it('keeps a version whose payload is of an older shape, and drops only the payload', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-remote-store-'));
    const older = {
      envelope: { config: { version: 9, target: 'all', x: 1 }, signature: 'S'.repeat(86) },
      version: 9,
      digest: 'd',
    };
    writeFileSync(join(dir, REMOTE_CONFIG_FILE), JSON.stringify({ fleet: older, kiosk: null }));
    const store = fileRemoteConfigStore(dir, memoryLog());
    // A record kept before stores and regions had configs reads with none for them.
    expect(store.load()).toEqual({
      fleet: { envelope: null, version: 9, digest: 'd' },
      kiosk: null,
      store: null,
      region: null,
    });
  });

  it('writes the record only its owner may read, and reads it back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-remote-store-'));
    const store = fileRemoteConfigStore(dir, memoryLog());
    const record = {
      fleet: null,
      kiosk: { envelope: null, version: 4, digest: 'x' },
      store: { envelope: null, version: 2, digest: 's' },
      region: null,
    };
    store.save(record);
    expect(statSync(join(dir, REMOTE_CONFIG_FILE)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, REMOTE_CONFIG_FILE), 'utf8'))).toEqual(record);
    expect(store.load()).toEqual(record);
  });
});
