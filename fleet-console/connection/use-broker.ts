import { useEffect } from 'react';
import { useFleetStore } from '../fleet/fleet-store';
import { openBrokerSession } from './broker-session';
import { checkSettings, type ConsoleSettings } from './console-settings';

/** One session per set of settings (in the store); none until they name a usable broker. */
export function useBroker(settings: ConsoleSettings | null): void {
  useEffect(() => {
    if (!settings || Object.keys(checkSettings(settings)).length > 0) return;
    const opened = openBrokerSession(settings);
    useFleetStore.getState().setSession(opened);
    return () => {
      opened.close();
      useFleetStore.getState().setSession(null);
    };
  }, [settings]);
}
