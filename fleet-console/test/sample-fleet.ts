/**
 * Five kiosks for the kiosk list's tests: two online with memory and catalogue figures, one
 * with a printer out, one with an error, one offline, one heard from only by its health.
 */
import { applyMessages, emptyFleet, type KioskState } from '../fleet/fleet-state';
import { health, offline, online, PREFIX } from './messages';

export const SAMPLE_FLEET: ReadonlyMap<string, KioskState> = applyMessages(
  emptyFleet(),
  [
    online('b-kiosk'),
    health('b-kiosk', {
      memory: { mainMB: 100, rendererMB: 400 },
      catalogue: { source: 'embedded', products: 1, ageMinutes: 10 },
    }),
    online('a-kiosk'),
    health('a-kiosk', { memory: { mainMB: 100, rendererMB: 100 }, printer: { available: false } }),
    online('d-kiosk'),
    health('d-kiosk', {
      lastError: 'Catalogue: HTTP 503',
      catalogue: { source: 'https://c.example', products: 9, ageMinutes: 900 },
    }),
    online('c-kiosk'),
    offline('c-kiosk'),
    health('e-kiosk'),
  ],
  PREFIX,
).kiosks;
