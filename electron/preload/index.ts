/**
 * The sandboxed preload: reads the config main passed in argv and exposes `window.kiosk`.
 * If the config is missing the bridge is not exposed, so the renderer falls back to its
 * built-in defaults instead of running half-configured.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { decodeRendererConfigArg } from '../../shared/renderer-config-arg';
import type { KioskPreloadApi } from '../../shared/bridge';
import { createActivityBridge } from './activity-bridge';
import { blockExternalDrops, createKioskBridge } from './bridge';
import { createCollectionBridge } from './collection-bridge';
import { createSpeechBridge } from './speech-bridge';
import { createStaffBridge } from './staff-bridge';

const config = decodeRendererConfigArg(process.argv);
if (config) {
  const api: KioskPreloadApi = {
    ...createKioskBridge(ipcRenderer, config),
    ...createActivityBridge(ipcRenderer),
    ...createSpeechBridge(ipcRenderer),
    ...createStaffBridge(ipcRenderer),
    ...createCollectionBridge(ipcRenderer),
  };
  contextBridge.exposeInMainWorld('kiosk', api);
} else {
  console.error('Kiosk preload: no renderer config in process.argv; window.kiosk not exposed');
}
blockExternalDrops(window);
