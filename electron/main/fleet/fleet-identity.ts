/**
 * The kiosk's identity on its fleet: the kiosk id the fleet client uses, the receipt key
 * kept in userData, the enrolment that lets that key sign receipts, and the renderer's
 * signing requests answered (receipt-signing.ts). Without a broker there is no key and every
 * receipt shows the plain id.
 */
import type { IpcMain } from 'electron';
import {
  fleetBrokerUrls,
  type BrokerUrlSettings,
} from '../../../fleet-agent/connection/broker-urls';
import { createKioskEnrolment, type KioskEnrolment } from '../../../fleet-agent/identity/enrolment';
import { fileEnrolmentStore } from '../../../fleet-agent/identity/enrolment-store';
import { resolveKioskId } from '../../../fleet-agent/identity/kiosk-id';
import { loadReceiptKey, type ReceiptKey } from '../../../fleet-agent/identity/receipt-key';
import type { KioskRequestCredentials } from '../../../fleet-agent/orders/kiosk-request';
import {
  createReceiptSigner,
  NO_SIGNER,
  type ReceiptSigner,
} from '../../../fleet-agent/identity/receipt-signer';
import type { KioskConfig } from '../../../shared/kiosk-config/config-keys';
import type { Logger } from '../logging/logging';
import { setupReceiptSigning } from './receipt-signing';

/**
 * The kiosk's fleet identity for signing receipts: the same id the fleet client uses, or
 * null when no broker is configured or the id is unusable (receipts then show the plain id).
 */
export function fleetIdentity(
  config: BrokerUrlSettings & Pick<KioskConfig, 'fleet.kioskId'>,
  userDataDir: string,
  log: Logger,
): { kioskId: string } | null {
  if (fleetBrokerUrls(config).length === 0) return null;
  try {
    return { kioskId: resolveKioskId(config['fleet.kioskId'], userDataDir, log) };
  } catch (error) {
    log.error(`Fleet: no kiosk id for signing receipts (${String(error)})`);
    return null;
  }
}

/**
 * The kiosk's enrolment (enrolment.ts) for its receipt key, kept in userData; null without
 * a fleet identity or a usable topic prefix (receipts then show the plain id).
 */
export function fleetEnrolment(
  config: Pick<KioskConfig, 'fleet.topicPrefix' | 'fleet.enrolmentPublicKey'>,
  identity: { kioskId: string } | null,
  publicKey: string | null,
  options: { userDataDir: string; version: string; log: Logger },
): KioskEnrolment | null {
  if (identity === null) return null;
  try {
    return createKioskEnrolment({
      kioskId: identity.kioskId,
      prefix: config['fleet.topicPrefix'],
      publicKey,
      enrolmentKey: config['fleet.enrolmentPublicKey'],
      version: options.version,
      store: fileEnrolmentStore(options.userDataDir, options.log),
      log: options.log,
    });
  } catch (error) {
    options.log.error(`Fleet: no enrolment (${String(error)}); receipts show the plain id`);
    return null;
  }
}

export interface FleetIdentityOptions {
  ipcMain: Pick<IpcMain, 'handle'>;
  config: BrokerUrlSettings &
    Pick<KioskConfig, 'fleet.kioskId' | 'fleet.topicPrefix' | 'fleet.enrolmentPublicKey'>;
  userDataDir: string;
  version: string;
  log: Logger;
}

export interface FleetIdentityParts {
  /** The kiosk's enrolment: its request and certificates travel over the fleet connection. */
  enrolment: KioskEnrolment | null;
  /** The receipt key's public half (b64url raw), for the online status; null: none. */
  receiptPublicKey(): string | null;
  /**
   * What the kiosk signs its requests to the shop service with (its orders): the receipt
   * key under the certificate in force. Null without a fleet or a receipt key.
   */
  requestCredentials: KioskRequestCredentials | null;
}

/** The receipt key as a signer of the kiosk's requests, under the enrolment's certificate. */
function requestCredentialsOf(
  kioskId: string,
  fleet: string,
  key: ReceiptKey | null,
  enrolment: KioskEnrolment | null,
): KioskRequestCredentials | null {
  if (key === null || enrolment === null) return null;
  return {
    kioskId,
    fleet,
    certificate: () => enrolment.certificateEnvelope(),
    sign: (bytes) => key.sign(bytes),
  };
}

/**
 * Receipts are signed only for a fleet, once the operator has enrolled the kiosk's key, and
 * the code names the same kiosk id the fleet uses.
 */
export function setupFleetIdentity(options: FleetIdentityOptions): FleetIdentityParts {
  const { config, userDataDir, log } = options;
  const identity = fleetIdentity(config, userDataDir, log);
  const key = identity ? loadReceiptKey(userDataDir, log) : null;
  const enrolment = fleetEnrolment(config, identity, key?.publicKey ?? null, {
    userDataDir,
    version: options.version,
    log,
  });
  const signer: ReceiptSigner = identity
    ? createReceiptSigner(key, identity.kioskId, () => enrolment?.enrolled() ?? false)
    : NO_SIGNER;
  setupReceiptSigning({ ipcMain: options.ipcMain, signer, log });
  return {
    enrolment,
    receiptPublicKey: () => signer.receiptPublicKey(),
    requestCredentials: identity
      ? requestCredentialsOf(identity.kioskId, config['fleet.topicPrefix'], key, enrolment)
      : null,
  };
}
