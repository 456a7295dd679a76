import { useEffect } from 'react';
import { openBrokerSession, type SessionParts } from './broker-session';
import { useConnectionStore } from './connection-store';
import { checkSettings, type ConsoleSettings } from './console-settings';

/**
 * One session per set of settings (in the connection store); none until they name a usable
 * broker. `parts` are the app's, the same for every session.
 */
export function useBroker(settings: ConsoleSettings | null, parts: SessionParts): void {
  useEffect(() => {
    if (!settings || Object.keys(checkSettings(settings)).length > 0) return;
    const opened = openBrokerSession(settings, parts);
    useConnectionStore.getState().setSession(opened);
    return () => {
      opened.close();
      useConnectionStore.getState().setSession(null);
    };
  }, [settings, parts]);
}
