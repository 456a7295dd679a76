/**
 * The one way new settings reach the page while it runs: the page's settings
 * (toRendererConfig) as the config in force says them, on IPC_CHANNELS.configChanged. The
 * page takes the live ones (shared/bridge.ts LIVE_PAGE_SETTINGS) and keeps the rest.
 */
import { IPC_CHANNELS, type RendererConfig } from '../../../shared/bridge';

export interface PageContents {
  send(channel: string, ...args: unknown[]): void;
}

/** Sends the page its settings. */
export function sendPageSettings(contents: PageContents, settings: RendererConfig): void {
  contents.send(IPC_CHANNELS.configChanged, settings);
}
