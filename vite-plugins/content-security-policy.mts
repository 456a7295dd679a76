/**
 * The renderer's Content-Security-Policy, written into index.html at build time.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';
import {
  buildContentSecurityPolicy,
  buildWebPagePolicy,
  WEB_POLICY_META_NAME,
  WEB_POLICY_SCRIPT,
} from '../shared/csp.ts';
import type { RendererTarget } from './renderer-target.mts';

/**
 * Puts the strict CSP into index.html of production builds (dev needs Vite's inline
 * preamble): the kiosk's as a meta tag (its main process rewrites it for the configured
 * catalogue), the web's stated by the page's first script (shared/csp.ts says why).
 */
export function contentSecurityPolicy(catalogueUrl: string, target: RendererTarget): Plugin {
  const transformIndexHtml = (html: string): string | HtmlTagDescriptor[] => {
    if (target === 'kiosk') {
      // The kiosk's speech plays WAVs from blob: URLs; the web build plays no media at all.
      const content = buildContentSecurityPolicy(catalogueUrl, { mediaSource: 'blob:' });
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content },
          injectTo: 'head-prepend',
        },
      ];
    }
    // Right after the charset, before any other script: the page's first.
    const charset = /<meta charset="[^"]*"\s*\/?>/.exec(html);
    if (!charset) throw new Error('index.html has no <meta charset> to put the policy after');
    const at = charset.index + charset[0].length;
    const policy = buildWebPagePolicy(catalogueUrl)
      .replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;');
    const tags =
      `\n    <meta name="${WEB_POLICY_META_NAME}" content="${policy}" />` +
      `\n    <script>${WEB_POLICY_SCRIPT}</script>`;
    return html.slice(0, at) + tags + html.slice(at);
  };
  return { name: 'shop-content-security-policy', apply: 'build', transformIndexHtml };
}
