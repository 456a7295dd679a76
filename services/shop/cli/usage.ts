/** What `npm run shop-service -- --help` prints. */
export const DEFAULT_PORT = 8470;

export const USAGE = `npm run shop-service -- [flags]              start the shop service
npm run shop-service -- staff add USER --name "Counter 2" --role counter|operator
npm run shop-service -- staff passwd USER | staff disable USER | staff enable USER | staff list
npm run shop-service -- token issue --name "Counter 3 PC" --role counter|operator [--days N]
npm run shop-service -- token revoke ID | token list

The shop's records (handovers, revocations, certificates, orders, staff) in PostgreSQL: an
embedded PGlite database in a data folder unless DATABASE_URL names a PostgreSQL server.
Passwords for staff add and staff passwd are read from standard input (one line).

  --port N              port to listen on (default ${DEFAULT_PORT}; 0: any free port)
  --host ADDR           address to listen on (default 127.0.0.1); any other than loopback
                        needs --tls-cert and --tls-key
  --tls-cert FILE       PEM certificate (chain) for HTTPS
  --tls-key FILE        its PEM private key
  --data DIR            the PGlite data folder (default: the per-user folder below)
  --enrolment-key=KEY   the operator's enrolment public key (base64url; with =, as a key
                        may begin with -); or SHOP_ENROLMENT_KEY
  --prefix P            the fleet's topic prefix (default kiosk-shop)
  --hold-days N         days a receipt may be collected (default 14)
  --allow-origin URL    an origin whose pages may call the service with cookies (repeatable)
  --console DIR         the built fleet console, served at / (default: out/console of this
                        checkout; \`npm run fleet\` builds it)
  -h, --help            this text

Environment: DATABASE_URL=postgres://user:password@host:5432/shop uses that PostgreSQL
instead of PGlite (--data is then not used). The per-user data folder is
  Linux    $XDG_DATA_HOME/kiosk-shop/shop-service (~/.local/share/kiosk-shop/shop-service)
  macOS    ~/Library/Application Support/kiosk-shop/shop-service
  Windows  %LOCALAPPDATA%\\kiosk-shop\\shop-service`;
