/**
 * The fleet's JSON payloads as zod schemas: what a kiosk sends is built to pass them (and
 * its tests parse it with them), and what anyone receives is parsed with them before it is
 * trusted. The console parses health leniently (parseHealthLenient), so a newer kiosk's
 * extra field or an older kiosk's missing one never hides the rest.
 *
 * Imported by the main process, the console and the scripts; never by the shopper's
 * renderer, which knows nothing of the fleet (an eslint zone keeps it so).
 *
 * One module per kind of message (messages/), so that a page can load them one at a time.
 */
export * from './messages/status-payloads';
export * from './messages/health-payloads';
export * from './messages/command-payloads';
export * from './messages/config-payloads';
export * from './messages/receipt-payload';
