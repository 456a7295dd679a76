/** Which renderer a build makes: the Electron kiosk's or the static web shop's. */
export type RendererTarget = 'kiosk' | 'web';
