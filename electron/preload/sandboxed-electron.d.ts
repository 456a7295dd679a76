/**
 * What a sandboxed preload can use, standing in for the full 'electron' types when the
 * preload is typechecked (tsconfig.preload.json maps 'electron' here). A sandboxed preload
 * gets a small `require` (electron's renderer modules, events, timers, url) and a reduced
 * `process`; Node's fs, child_process or Buffer APIs are not there, so they are not typed
 * here either. See https://www.electronjs.org/docs/latest/tutorial/sandbox#preload-scripts
 */
export interface IpcRendererEvent {
  readonly sender: IpcRenderer;
  readonly ports: readonly MessagePort[];
}

export interface IpcRenderer {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): this;
  removeListener(
    channel: string,
    listener: (event: IpcRendererEvent, ...args: unknown[]) => void,
  ): this;
  send(channel: string, ...args: unknown[]): void;
}

export interface ContextBridge {
  exposeInMainWorld(apiKey: string, api: unknown): void;
}

export declare const contextBridge: ContextBridge;
export declare const ipcRenderer: IpcRenderer;

declare global {
  /** The sandbox's reduced process object. */
  const process: {
    readonly argv: readonly string[];
    readonly platform: string;
    readonly sandboxed: boolean;
    readonly contextIsolated: boolean;
    readonly type: string;
    readonly versions: Readonly<Record<string, string | undefined>>;
  };
}
