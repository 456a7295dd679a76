/**
 * The kiosk's offline images: the on-disk cache opened in userData and put in front of the
 * window's session. Best effort: without it the shop still sells, with images off the network.
 */
import { join } from 'node:path';
import type { Session } from 'electron';
import type { Logger } from '../logging/logging';
import { DEFAULT_IMAGE_CACHE, ImageCache } from './image-cache';
import { setupImageCache } from './image-protocol';

/** Catalogue images kept on disk, so an offline kiosk still shows them; best effort. */
export async function setupOfflineImages(
  target: Session,
  userDataDir: string,
  log: Logger,
): Promise<ImageCache | null> {
  try {
    const dir = join(userDataDir, 'image-cache');
    const images = await ImageCache.open({ dir, ...DEFAULT_IMAGE_CACHE });
    setupImageCache(target, images);
    log.info(`Images: offline cache in ${dir} (${images.size.images} kept)`);
    return images;
  } catch (error) {
    log.warn(
      `Images: no offline cache (${error instanceof Error ? error.message : String(error)})`,
    );
    return null;
  }
}
