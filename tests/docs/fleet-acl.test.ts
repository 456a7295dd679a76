/**
 * The broker ACL docs/fleet/broker.md recommends is the one the fleet tests give their real
 * Mosquitto (tests/support/mosquitto.ts), so what an operator copies is what was tested: a
 * kiosk writes only under its own id and reads only its own and the fleet-wide topics.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC_PREFIX } from '../../shared/fleet/topics';
import { fleetAcl } from '../support/mosquitto';

const BROKER_DOC = 'docs/fleet/broker.md';

describe(`the ACL of ${BROKER_DOC}`, () => {
  it('is the ACL the fleet tests run Mosquitto with, line for line', () => {
    const doc = readFileSync(join(__dirname, '../..', BROKER_DOC), 'utf8');
    const blocks = [...doc.matchAll(/```conf\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
    const acl = blocks.find((block) => block.includes('pattern write'));
    expect(acl, 'no conf block with the ACL').toBeDefined();
    expect(acl).toBe(fleetAcl(DEFAULT_TOPIC_PREFIX, 'operator'));
  });
});
