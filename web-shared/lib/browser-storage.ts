/**
 * The one place that touches window.localStorage. Every call survives a missing or
 * locked-down storage (privacy modes, file:// in some browsers) and a full quota.
 */
export function getStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** This tab's session storage (gone when the tab closes), or null where it is locked. */
export function getSessionStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function readRaw(key: string): string | null {
  try {
    return getStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Parsed JSON of a key, or `undefined` when absent or not JSON. */
export function readJson(key: string): unknown {
  const raw = readRaw(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    console.warn(`[storage] "${key}" is not valid JSON; using its default`);
    return undefined;
  }
}

/** Writes a key; returns false (never throws) when the browser refuses, e.g. quota exceeded. */
export function writeRaw(key: string, value: string): boolean {
  try {
    const storage = getStorage();
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch (error) {
    console.warn(`[storage] could not save "${key}":`, error instanceof Error ? error.name : error);
    return false;
  }
}

export function removeKey(key: string): void {
  try {
    getStorage()?.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}
