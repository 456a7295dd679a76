/**
 * electron-updater's generic provider, made to trust only a feed the fleet signed. The
 * provider fetches every channel file through httpRequest; here httpRequest also fetches
 * `<file>.sig` and hands the text on only when the signature holds (feed-signature.ts), so
 * the file electron-updater parses, compares and downloads by is exactly the file that was
 * verified. Anything else fails the check: fail closed. A signed file offering a version
 * under update.minVersion is refused too, before any download.
 *
 * Loaded only with electron-updater (electron-updater.ts), which a kiosk without a feed
 * never touches.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider';
import type { AppUpdater, CancellationToken } from 'electron-updater';
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider';
import { checkFeedFile, FEED_SIGNATURE_SUFFIX } from './feed-signature';
import { isBelowMinimum } from '../../../shared/kiosk-config/version-order';

export interface FeedTrust {
  /** fleet.configPublicKey: the key the feed is signed with. */
  publicKey: string;
  /** update.minVersion ('' = none). */
  minVersion: string;
}

type UpdateInfo = Awaited<ReturnType<GenericProvider['getLatestVersion']>>;
type GenericOptions = ConstructorParameters<typeof GenericProvider>[0];

/** The feed's URL and channel from the options setFeedURL was given (electron-updater.ts). */
function genericOptions(options: object): GenericOptions {
  const { url, channel } = options as { url?: unknown; channel?: unknown };
  if (typeof url !== 'string') throw new Error('a signed feed needs a URL');
  return {
    provider: 'generic',
    url,
    ...(typeof channel === 'string' ? { channel } : {}),
  };
}

/** A provider class for `setFeedURL({provider: 'custom', updateProvider, url, channel})`. */
export function signedFeedProvider(trust: FeedTrust) {
  return class SignedFeedProvider extends GenericProvider {
    constructor(options: object, updater: AppUpdater, runtime: ProviderRuntimeOptions) {
      super(genericOptions(options), updater, runtime);
    }

    protected override async httpRequest(
      url: URL,
      headers?: OutgoingHttpHeaders | null,
      cancellationToken?: CancellationToken,
    ): Promise<string | null> {
      const text = await super.httpRequest(url, headers, cancellationToken);
      const signatureUrl = new URL(url.href);
      signatureUrl.pathname += FEED_SIGNATURE_SUFFIX;
      const fileName = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      let signature: string | null;
      try {
        signature = await super.httpRequest(signatureUrl, headers, cancellationToken);
      } catch (error) {
        throw new Error(
          `the feed's signature ${fileName}${FEED_SIGNATURE_SUFFIX} could not be read (${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
      }
      const checked = checkFeedFile({ fileName, text, signature }, trust.publicKey);
      if (!checked.ok) throw new Error(`refusing the feed: ${checked.reason}`);
      return text;
    }

    override async getLatestVersion(): Promise<UpdateInfo> {
      const info = await super.getLatestVersion();
      if (isBelowMinimum(info.version, trust.minVersion)) {
        throw new Error(
          `refusing the feed: it offers ${info.version}, older than the minimum app version ${trust.minVersion} (update.minVersion)`,
        );
      }
      return info;
    }
  };
}
