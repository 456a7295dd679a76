/**
 * The kiosk renderer's index.html as the browser preview serves it: the stand-in bridge's
 * script right after the page's policy, and the page's own Content-Security-Policy written for the
 * catalogue the preview uses (the build's names the build-time catalogue host; the Electron
 * kiosk sends its own as a header). Everything else is the build's, byte for byte.
 */
import { buildContentSecurityPolicy } from '../../shared/csp';
import { STAND_IN_BRIDGE_PATH } from './stand-in-bridge';

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/;

/** The kiosk's policy for `catalogueUrl`: its own scripts, WAVs of the voice from blob:. */
export function previewPolicy(catalogueUrl: string): string {
  return buildContentSecurityPolicy(catalogueUrl, { mediaSource: 'blob:' });
}

export function previewIndexHtml(html: string, catalogueUrl: string): string {
  if (!CSP_META.test(html)) {
    throw new Error('out/renderer/index.html is not the kiosk renderer build this preview knows');
  }
  const policy = previewPolicy(catalogueUrl).replaceAll("'", '&#39;');
  // Under the page's own policy, and before the entry (a module script waits for the parse).
  return html.replace(
    CSP_META,
    `<meta http-equiv="Content-Security-Policy" content="${policy}">\n    <script src="${STAND_IN_BRIDGE_PATH}"></script>`,
  );
}
