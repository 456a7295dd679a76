/** Per request: who is asking, as the auth middleware found it. */
import type { StaffRole } from '../db/tables';

/** A member of staff (a login) or a device with an operator-issued token. */
export interface Principal {
  kind: 'staff' | 'token';
  /** The username, or the token's id. */
  id: string;
  /** As staff see it: "Counter 2". A handover is recorded under this name. */
  name: string;
  role: StaffRole;
}

/** An enrolled kiosk whose signed request verified. */
export interface KioskCaller {
  kioskId: string;
  serial: string;
  /** The request's signature and time, kept with what it carried. */
  signature: string;
  signedAt: number;
  /** The body's exact text, and its JSON. */
  bodyText: string;
  body: unknown;
}

export interface ShopEnv {
  Variables: {
    principal: Principal;
    kiosk: KioskCaller;
  };
}
