/**
 * npm run staff-pin:hash — prints a salted scrypt hash of a staff PIN for the kiosk's
 * `staffPinHash` setting, so the PIN itself is never stored. The PIN is read without echo
 * from the terminal (asked twice), or from the first line of piped input; never from the
 * command line, where shell history and the process list would keep it.
 *
 *   npm run -s staff-pin:hash
 *   printf '482913\n' | npm run -s staff-pin:hash
 */
import { text } from 'node:stream/consumers';
import { hashStaffPin } from '../../electron/main/staff-exit/staff-pin-hash';
import { STAFF_PIN_DIGITS, STAFF_PIN_PATTERN } from '../../shared/kiosk-config/staff-pin';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run -s staff-pin:hash

Prints a salted scrypt hash of a staff PIN for the kiosk's staffPinHash setting. The PIN is
read without echo from the terminal (asked twice), or from the first line of piped input,
never from the command line:

  printf '482913\n' | npm run -s staff-pin:hash`);

/** Reads one line from a TTY without echoing it; Ctrl+C aborts. */
function askHidden(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error): void => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer): void => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\u0003') {
          finish(new Error('Cancelled'));
          return;
        }
        if (char === '\r' || char === '\n') {
          finish();
          return;
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function readPin(): Promise<string> {
  if (!process.stdin.isTTY) return ((await text(process.stdin)).split(/\r?\n/)[0] ?? '').trim();
  const pin = (await askHidden(`Staff PIN (${STAFF_PIN_DIGITS} digits): `)).trim();
  const again = (await askHidden('Same PIN again: ')).trim();
  if (pin !== again) throw new Error('The two PINs differ; nothing was printed.');
  return pin;
}

async function main(): Promise<void> {
  const pin = await readPin();
  if (!STAFF_PIN_PATTERN.test(pin)) {
    throw new Error(`The staff PIN must be ${STAFF_PIN_DIGITS} digits; nothing was printed.`);
  }
  const hash = await hashStaffPin(pin);
  console.log(hash);
  console.error(
    `Put it in kiosk-config.json as  "staffPinHash": "${hash}"  (or SHOP_STAFF_PIN_HASH) and remove any staffPin.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
