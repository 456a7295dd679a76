/**
 * The limit a shop's first screen is measured against: a static page of the very screen the
 * shop painted, from the same catalogue, with no script at all. It is taken from the shop
 * itself (the page as painted, its scripts and script hints taken out), so it has the same
 * markup, stylesheets and images, and is served as a plain static host serves a file.
 * Nothing can paint that screen sooner than its HTML and stylesheets arrive: what a shop
 * takes beyond it is what its scripts cost.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { Page } from '@playwright/test';

/** The page's HTML without anything that runs or fetches script. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?(?:modulepreload|preload|prefetch)["']?[^>]*>/gi, '')
    .replace(/<html\b([^>]*?)\shidden(?:=["'][^"']*["'])?/i, '<html$1');
}

/** The stylesheets the page links to, as written in its `href`s. */
export function stylesheetsOf(html: string): string[] {
  const links = html.match(/<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>/gi) ?? [];
  return links.flatMap((link) => {
    const href = /\bhref=["']?([^"'\s>]+)/i.exec(link)?.[1];
    return href === undefined ? [] : [href];
  });
}

/**
 * Writes `html` (the page as painted) into `outDir` as `file`, without its scripts, with a
 * copy of each stylesheet it links to from `buildDir` (hrefs root-relative, or relative to
 * the build's index.html as the kiosk's are). Returns the page's path in `outDir`.
 */
export function writeLimitPage(
  html: string,
  buildDir: string,
  outDir: string,
  file: string,
): string {
  const page = withoutScripts(html);
  for (const href of stylesheetsOf(page)) {
    if (/^[a-z]+:/i.test(href)) continue;
    const relative = posix.normalize(href.replace(/^\.?\//, ''));
    if (relative.startsWith('..')) throw new Error(`a stylesheet outside the build: ${href}`);
    const target = join(outDir, relative);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(buildDir, relative), target);
  }
  const path = join(outDir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, page);
  return path;
}

/** The page's HTML as painted now. */
export function paintedHtml(page: Page): Promise<string> {
  return page.evaluate(() => `<!doctype html>\n${document.documentElement.outerHTML}`);
}
