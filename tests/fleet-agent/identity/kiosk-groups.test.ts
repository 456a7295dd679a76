/**
 * A kiosk's store and region: the operator's signed certificate decides when there is a
 * valid one, the machine-wide file until then, and nothing that is not a group id counts.
 */
import { describe, expect, it } from 'vitest';
import { groupsForStatus, resolveKioskGroups } from '../../../fleet-agent/identity/kiosk-groups';

const files = { 'fleet.store': 'lyon-1', 'fleet.region': 'eu-west' };
const noFiles = { 'fleet.store': '', 'fleet.region': '' };

describe('which store and region a kiosk belongs to', () => {
  it('takes the machine-wide file until the kiosk is enrolled', () => {
    expect(resolveKioskGroups(null, files)).toEqual({ store: 'lyon-1', region: 'eu-west' });
    expect(resolveKioskGroups(null, noFiles)).toEqual({ store: null, region: null });
  });

  it("lets a valid certificate's store and region win over the file", () => {
    expect(resolveKioskGroups({ store: 'paris-2', region: 'eu-north' }, files)).toEqual({
      store: 'paris-2',
      region: 'eu-north',
    });
  });

  it("keeps the file's region for an older certificate that names none", () => {
    expect(resolveKioskGroups({ store: 'paris-2' }, files)).toEqual({
      store: 'paris-2',
      region: 'eu-west',
    });
  });

  it('never takes a store name that is not a group id as a group', () => {
    expect(resolveKioskGroups({ store: 'Main store' }, noFiles)).toEqual({
      store: null,
      region: null,
    });
    expect(resolveKioskGroups({ store: 'Main store' }, files).store).toBe('lyon-1');
  });

  it('names in the status only the groups the kiosk belongs to', () => {
    expect(groupsForStatus({ store: 'lyon-1', region: null })).toEqual({ store: 'lyon-1' });
    expect(groupsForStatus({ store: null, region: null })).toEqual({});
  });
});
