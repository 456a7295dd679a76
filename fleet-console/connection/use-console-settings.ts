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

/** The settings once the presets are known (null before), and a way to change them. */
export function useConsoleSettings(): {
  settings: ConsoleSettings | null;
  save: (settings: ConsoleSettings) => void;
} {
  const [settings, setSettings] = useState<ConsoleSettings | null>(null);
  useEffect(() => {
    let live = true;
    void loadPresets().then((served) => {
      if (!live) return;
      setSettings(
        resolveSettings({
          query: new URLSearchParams(window.location.search),
          served,
          saved: readJson(SETTINGS_STORAGE_KEY),
        }),
      );
    });
    return () => {
      live = false;
    };
  }, []);
  const save = useCallback((next: ConsoleSettings) => {
    writeRaw(SETTINGS_STORAGE_KEY, JSON.stringify(settingsToSave(next)));
    setSettings(next);
  }, []);
  return { settings, save };
}
