/**
 * Which store and region a kiosk belongs to. Its enrolment certificate, signed by the
 * operator, decides when it is valid and unrevoked; until then (or for a field an older
 * certificate lacks, or a store name that is not a group id) the machine-wide file's
 * `fleet.store` and `fleet.region` do. A group is a group id or nothing: a free-text store
 * name can never widen a topic or match another store's target.
 */
import { isValidGroupId, type KioskGroups } from '../../shared/fleet/groups';
import type { KioskCertificate } from '../../shared/fleet/trust/kiosk-certificate';
import type { FleetSettings } from '../fleet-settings';

const groupOrNull = (value: string | undefined): string | null =>
  value !== undefined && isValidGroupId(value) ? value : null;

export function resolveKioskGroups(
  certificate: Pick<KioskCertificate, 'store' | 'region'> | null,
  files: Pick<FleetSettings, 'fleet.store' | 'fleet.region'>,
): KioskGroups {
  return {
    store: groupOrNull(certificate?.store) ?? groupOrNull(files['fleet.store']),
    region: groupOrNull(certificate?.region) ?? groupOrNull(files['fleet.region']),
  };
}

/** The groups as the status names them: only those the kiosk belongs to. */
export function groupsForStatus(groups: KioskGroups): { store?: string; region?: string } {
  return {
    ...(groups.store === null ? {} : { store: groups.store }),
    ...(groups.region === null ? {} : { region: groups.region }),
  };
}
