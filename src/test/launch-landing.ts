/** A landing page's markup as React's server renderer writes it, in short: the tests' own. */
export const LANDING =
  '<!--$--><!--/$--><div class="contents"><div role="status" aria-live="polite" class="sr-only">' +
  '<span></span></div><header><a href="/" class="logo"><svg viewBox="0 0 64 64" width="36" ' +
  'height="36" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" ' +
  'fill="#1d4ed8"></rect><path d="M18 24h28l-3 22H21z" fill="#fff"></path></svg>Kiosk Shop</a>' +
  '<a href="/cart" aria-label="Cart, 0 items">0</a></header><main id="main" tabindex="-1">' +
  '<h1>Everything you love, ready when you are</h1><a href="/products" class="btn-primary">' +
  'Start Shoping</a><a href="/products?category=men&#x27;s%20clothing">Men&#x27;s clothing</a>' +
  '</main><dialog aria-labelledby="t"><form><label for="pin">PIN</label><input id="pin" ' +
  'type="password" inputMode="numeric" autoComplete="off" required="" maxLength="32" value=""/>' +
  '<button type="submit" autofocus="">Close kiosk</button></form></dialog></div>';
