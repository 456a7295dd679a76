/**
 * The accepted remote configs on disk (`<userData>/fleet-remote-config.json`, mode 0600),
 * so a relaunch (which a remote catalogue URL asks for) starts with them, an offline kiosk
 * keeps them (until their notAfter), and the highest version taken on each topic is
 * remembered across restarts, so an older or withdrawn config is never taken again. The
 * file holds the signed payloads themselves: each start checks them again with the key in
 * force, so editing a payload gains nothing (lowering a version lets an older signed config
 * in again, within its notAfter and above fleet.minConfigVersion). A missing or unreadable
 * file is no remote config (the owner's files and defaults), never an error.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { configEnvelopeSchema } from '../../shared/fleet/payloads';
import type { FleetLog } from '../fleet-log';
import { privateRecordFile } from '../identity/private-record-file';
import type { RemoteConfigRecord, RemoteConfigStore } from './remote-config';

export const REMOTE_CONFIG_FILE = 'fleet-remote-config.json';

const scopeSchema = z
  .strictObject({
    // An envelope of an older shape is no longer a config, but its version still counts.
    envelope: configEnvelopeSchema.nullable().catch(null),
    version: z.int().min(0),
    digest: z.string().max(100),
    topic: z.string().max(300).optional(),
  })
  .nullable();

// The group scopes came later: a record without them has none in force.
const recordSchema = z.strictObject({
  fleet: scopeSchema,
  kiosk: scopeSchema,
  store: scopeSchema.default(null),
  region: scopeSchema.default(null),
});

const EMPTY: RemoteConfigRecord = { fleet: null, kiosk: null, store: null, region: null };

export function fileRemoteConfigStore(userDataDir: string, log: FleetLog): RemoteConfigStore {
  return privateRecordFile({
    path: join(userDataDir, REMOTE_CONFIG_FILE),
    schema: recordSchema,
    empty: () => ({ ...EMPTY }),
    what: 'a remote config record',
    log,
  });
}
