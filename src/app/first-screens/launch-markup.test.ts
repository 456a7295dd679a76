import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inertLaunchContent } from './launch-markup';
import { LANDING } from '@/test/launch-fixtures';

describe('the markup a launch screen may hold', () => {
  it.each([
    '/',
    '/home',
    '/about',
    '/products',
    "/products?category=men's%20clothing",
    '/product/12',
    '/cart',
    '/checkout',
    '#main',
  ])('takes a link to %s', (href) => {
    expect(inertLaunchContent(`<a href="${href}">x</a>`, document)).not.toBeNull();
  });

  it('takes a landing page’s plain markup, comments and all', () => {
    const content = inertLaunchContent(LANDING, document);
    expect(content?.querySelector('h1')?.textContent).toBe(
      'Everything you love, ready when you are',
    );
    expect(content?.firstChild?.nodeType).toBe(Node.COMMENT_NODE);
  });

  it.each([
    ['a script', '<script>window.ran = 1</script>'],
    ['a handler', '<h2 onclick="ran()">x</h2>'],
    ['a handler after a slash', '<h2/onclick="ran()">x</h2>'],
    ['a style attribute', '<p style="background:url(https://example.com/x)">x</p>'],
    ['a scheme', '<a href="javascript:ran()">x</a>'],
    ['another host', '<a href="//example.com/">x</a>'],
    ['a backslash host', '<a href="/\\example.com/">x</a>'],
    ['an absolute address', '<a href="https://example.com/">x</a>'],
    ['an image', '<img src="/x.png" alt="">'],
    ['a frame', '<iframe src="/"></iframe>'],
    ['a nested template', '<template><script>ran()</script></template>'],
    ['a stylesheet', '<link rel="stylesheet" href="/x.css">'],
    ['a base', '<base href="https://example.com/">'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://example.com">'],
    ['an SVG link', '<svg><a href="javascript:ran()"><text>x</text></a></svg>'],
    ['an SVG animation', '<svg><animate attributeName="href" to="javascript:ran()"/></svg>'],
    ['a form sent elsewhere', '<form action="https://example.com/"><button>x</button></form>'],
    ['a button sending a form elsewhere', '<button formaction="https://example.com/">x</button>'],
    ['an odd data attribute', '<p data-x_y="1">x</p>'],
    ['a path no page has', '<a href="/api/products">x</a>'],
    ['a path of the shop’s with more to it', '<a href="/cart/x">x</a>'],
    ['an empty place', '<a href="#">x</a>'],
    ['an input of another kind', '<input type="file">'],
    ['a paint from elsewhere', '<svg><path fill="url(https://example.com/#p)"></path></svg>'],
  ])('refuses %s', (_what, html) => {
    expect(inertLaunchContent(LANDING.replace('</main>', `${html}</main>`), document)).toBeNull();
  });

  it('never lets anything but the plain elements and the shop’s own paths through (fast-check)', () => {
    const tag = fc.constantFrom('div', 'a', 'p', 'script', 'img', 'svg', 'iframe', 'style', 'h1');
    const name = fc.constantFrom('class', 'href', 'onclick', 'src', 'style', 'id', 'fill', 'x');
    const value = fc.oneof(
      fc.constantFrom('/products', '#main', 'javascript:1', '//evil', '/\\e', 'url(https://e)', ''),
      fc.string({ maxLength: 12 }),
    );
    const element = fc
      .tuple(tag, fc.array(fc.tuple(name, value), { maxLength: 3 }), fc.string({ maxLength: 8 }))
      .map(([t, attributes, text]) => {
        const written = attributes.map(([n, v]) => ` ${n}="${v.replace(/"/g, '&quot;')}"`);
        return `<${t}${written.join('')}>${text}</${t}>`;
      });
    const mutated = fc
      .tuple(fc.nat({ max: LANDING.length }), fc.string({ maxLength: 24 }))
      .map(([at, insert]) => LANDING.slice(0, at) + insert + LANDING.slice(at));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(element, { maxLength: 6 }).map((e) => e.join('')),
          mutated,
        ),
        (html) => {
          const content = inertLaunchContent(html, document);
          if (!content) return;
          for (const each of content.querySelectorAll('*')) {
            expect(['script', 'img', 'iframe', 'style']).not.toContain(each.localName);
            for (const attribute of each.getAttributeNames()) {
              expect(attribute.toLowerCase()).not.toMatch(/^on|^src$|^style$/);
            }
            const href = each.getAttribute('href');
            if (href !== null) expect(href).toMatch(/^(\/(?![/\\])|#)/);
            expect(each.getAttribute('fill') ?? '').not.toMatch(/url\(\s*['"]?[^#'"\s]/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
