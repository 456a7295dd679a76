/**
 * The sandboxed preload: reads the config main passed in argv and exposes `window.kiosk`.
 * If the config is missing the bridge is not exposed, so the renderer falls back to its
 * built-in defaults instead of running half-configured.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { decodeRendererConfigArg } from '../../shared/renderer-config-arg';
import { blockExternalDrops, createKioskBridge } from './bridge';

const config = decodeRendererConfigArg(process.argv);
if (config) {
  contextBridge.exposeInMainWorld('kiosk', createKioskBridge(ipcRenderer, config));
} else {
  console.error('Kiosk preload: no renderer config in process.argv; window.kiosk not exposed');
}
blockExternalDrops(window);
