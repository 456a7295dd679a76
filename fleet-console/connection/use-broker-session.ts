import { useFleetStore } from '../fleet/fleet-store';
import type { BrokerSession } from './broker-session-handle';

/** The open broker session, or null while the console has no broker to talk to. */
export const useBrokerSession = (): BrokerSession | null => useFleetStore((state) => state.session);
