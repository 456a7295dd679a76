/**
 * The speech half of `window.kiosk`: the page asks main to speak a text with espeak-ng
 * and gets the WAV back to play. Built from an ipcRenderer-like object so it is
 * unit-tested without Electron; the page gets one named function, never ipcRenderer.
 */
import type { IpcRenderer } from 'electron';
import {
  IPC_CHANNELS,
  MAX_SPEECH_CHARS,
  MAX_SPEECH_WAV_BYTES,
  type KioskSpeechBridge,
} from '../../shared/bridge';
import { isShopperLanguage } from '../../shared/languages';

const tag = (bytes: Uint8Array, at: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + 4));

/** Only a WAV of a sane size reaches the page; anything else is no speech. */
function toWav(answer: unknown): Uint8Array | null {
  if (!(answer instanceof Uint8Array)) return null;
  if (answer.length < 44 || answer.length > MAX_SPEECH_WAV_BYTES) return null;
  return tag(answer, 0) === 'RIFF' && tag(answer, 8) === 'WAVE' ? answer : null;
}

export function createSpeechBridge(ipc: Pick<IpcRenderer, 'invoke'>): KioskSpeechBridge {
  return {
    speak: async (text: unknown, lang: unknown) => {
      // Typed `unknown`: the page is not trusted to keep to the types.
      if (typeof text !== 'string' || typeof lang !== 'string') return null;
      if (text.length === 0 || text.length > MAX_SPEECH_CHARS) return null;
      try {
        return toWav(await ipc.invoke(IPC_CHANNELS.speak, text, lang));
      } catch {
        // No espeak-ng, or main had no answer: the page falls back to the system's voices.
        return null;
      }
    },
    speechLanguages: async () => {
      try {
        const answer: unknown = await ipc.invoke(IPC_CHANNELS.speechLanguages);
        return Array.isArray(answer) ? answer.filter(isShopperLanguage) : [];
      } catch {
        return [];
      }
    },
  };
}
