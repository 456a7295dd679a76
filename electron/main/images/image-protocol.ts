/**
 * Puts the kiosk's image cache in front of the network: every http(s) request of the
 * window's session goes through fetchThroughImageCache, which keeps images and lets
 * everything else pass untouched. `<img src>` stays the catalogue's own URL.
 */
import { net, type Session } from 'electron';
import { fetchThroughImageCache, type ImageCache } from './image-cache';
import type { NetworkFetch } from './image-download';

export function setupImageCache(session: Pick<Session, 'protocol'>, cache: ImageCache): void {
  // Past our own handler, to the real network; the signal carries the cache's time limits.
  const fetch: NetworkFetch = (request, init) =>
    net.fetch(request, { ...init, bypassCustomProtocolHandlers: true });
  for (const scheme of ['http', 'https']) {
    session.protocol.handle(scheme, (request) => fetchThroughImageCache(request, { cache, fetch }));
  }
}
