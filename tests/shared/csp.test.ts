import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildContentSecurityPolicy,
  buildWebPagePolicy,
  catalogueOrigin,
  EARLY_START_SCRIPT_HASH,
  WEB_POLICY_META_NAME,
  WEB_POLICY_SCRIPT,
  WEB_POLICY_SCRIPT_HASH,
} from '../../shared/csp';

describe('the Content-Security-Policy', () => {
  it('has no unsafe-eval or unsafe-inline and allows only the app and the catalogue', () => {
    const csp = buildContentSecurityPolicy('https://shop.example.com/api');
    expect(csp).not.toMatch(/unsafe-/);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' https://shop.example.com;");
  });

  it('shows images from any https host (a catalogue’s CDN), but connects only to the catalogue', () => {
    const csp = buildContentSecurityPolicy('https://shop.example.com/api');
    expect(csp).toContain("img-src 'self' data: https:;");
    expect(csp).toContain("connect-src 'self' https://shop.example.com;");
    expect(csp).not.toMatch(/connect-src[^;]*https:(?!\/\/)/);
    // A plain-http catalogue on loopback (the end-to-end tests' server) is named by origin.
    expect(buildContentSecurityPolicy('http://127.0.0.1:4555/api')).toContain(
      "img-src 'self' data: https: http://127.0.0.1:4555;",
    );
    expect(buildContentSecurityPolicy('/api')).toContain("img-src 'self' data: https:;");
  });

  it('takes scripts from where it is told, the kiosk’s build folder, and keeps the rest', () => {
    const kiosk = buildContentSecurityPolicy('/api', { scriptSource: 'app://shop/assets/' });
    expect(kiosk).toContain('script-src app://shop/assets/;');
    expect(kiosk).not.toContain("script-src 'self'");
    expect(kiosk.replace('app://shop/assets/', "'self'")).toBe(buildContentSecurityPolicy('/api'));
  });

  it('plays media only where told: the kiosk’s speech from blob: URLs, nothing on the web', () => {
    expect(buildContentSecurityPolicy('/api')).not.toContain('media-src');
    const kiosk = buildContentSecurityPolicy('/api', { mediaSource: 'blob:' });
    expect(kiosk).toContain('media-src blob:;');
    expect(kiosk.replace(' media-src blob:;', '')).toBe(buildContentSecurityPolicy('/api'));
  });

  it.each([
    'https://evil.example;script-src',
    'https://evil.example%3Bscript-src',
    'https://a.example,b',
    'https://*',
    "https://a'unsafe-eval'",
    'https://a"b.example',
    'javascript:alert(1)',
    'ftp://files.example',
  ])('never writes the unsafe catalogue origin %s into the policy', (url) => {
    expect(catalogueOrigin(url)).toBeNull();
    const csp = buildContentSecurityPolicy(url);
    expect(csp.split(';')).toHaveLength(11);
    expect(csp).not.toMatch(/[*,"]|evil|unsafe/);
  });

  it('accepts plain host names, IP literals and ports', () => {
    expect(catalogueOrigin('http://127.0.0.1:4555/')).toBe('http://127.0.0.1:4555');
    expect(catalogueOrigin('http://[::1]:8080/api')).toBe('http://[::1]:8080');
    expect(catalogueOrigin('https://Shop.Example.com/api')).toBe('https://shop.example.com');
    expect(catalogueOrigin('https://café.example/api')).toBe('https://xn--caf-dma.example');
  });

  it('lets the web page run two inline scripts, the one that states its policy and the early start, by their hashes', () => {
    const digest = createHash('sha256').update(WEB_POLICY_SCRIPT).digest('base64');
    expect(WEB_POLICY_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
    expect(WEB_POLICY_SCRIPT).toContain(`meta[name=${WEB_POLICY_META_NAME}]`);
    expect(EARLY_START_SCRIPT_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    const web = buildWebPagePolicy('https://shop.example.com/api');
    expect(web).toContain(
      `script-src 'self' ${WEB_POLICY_SCRIPT_HASH} ${EARLY_START_SCRIPT_HASH};`,
    );
    expect(
      web.replace(` ${WEB_POLICY_SCRIPT_HASH}`, '').replace(` ${EARLY_START_SCRIPT_HASH}`, ''),
    ).toBe(buildContentSecurityPolicy('https://shop.example.com/api'));
    expect(web).not.toMatch(/unsafe-/);
  });
});
