import { useCallback, useEffect, useState } from 'react';
import { readJson, writeRaw } from '@web-shared/lib/browser-storage';
import {
  resolveSettings,
  settingsToSave,
  SETTINGS_STORAGE_KEY,
  type ConsoleSettings,
} from './console-settings';

/** `npm run fleet` writes its presets here; on any other host the file is simply absent. */
const PRESETS_URL = './fleet-console.json';
const PRESETS_WAIT_MS = 3000;

async function loadPresets(): Promise<unknown> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PRESETS_WAIT_MS);
  try {
    const response = await fetch(PRESETS_URL, { cache: 'no-store', signal: abort.signal });
    return response.ok ? ((await response.json()) as unknown) : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** The link has been answered: a reload does not ask again. */
function forgetLink(): void {
  if (window.location.search === '') return;
  window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
}

/**
 * The settings once the presets are known (null before), what the page's link proposes
 * (null when nothing, or once answered), and ways to change them. While a link's settings
 * wait for an answer, `settings` still holds the ones in force, and nothing should connect.
 */
export function useConsoleSettings(): {
  settings: ConsoleSettings | null;
  fromLink: ConsoleSettings | null;
  save: (settings: ConsoleSettings) => void;
  declineLink: () => void;
} {
  const [settings, setSettings] = useState<ConsoleSettings | null>(null);
  const [fromLink, setFromLink] = useState<ConsoleSettings | null>(null);
  useEffect(() => {
    let live = true;
    void loadPresets().then((served) => {
      if (!live) return;
      const resolved = resolveSettings({
        query: new URLSearchParams(window.location.search),
        served,
        saved: readJson(SETTINGS_STORAGE_KEY),
      });
      setSettings(resolved.settings);
      setFromLink(resolved.fromLink);
    });
    return () => {
      live = false;
    };
  }, []);
  const save = useCallback((next: ConsoleSettings) => {
    writeRaw(SETTINGS_STORAGE_KEY, JSON.stringify(settingsToSave(next)));
    setSettings(next);
    setFromLink(null);
    forgetLink();
  }, []);
  const declineLink = useCallback(() => {
    setFromLink(null);
    forgetLink();
  }, []);
  return { settings, fromLink, save, declineLink };
}
