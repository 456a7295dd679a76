/**
 * npm run fleet:simulate — runs N kiosks, each on the real fleet client with a pretend shop
 * behind it, against a broker on this machine only (its options: the usage below,
 * tools/simulator/simulate-options.ts). Each kiosk is tools/simulator/simulated-kiosk.ts:
 * the kiosk's own fleet client, commands, health, remote config and receipt signer.
 */
import { createSimulatedKiosk, type SimulatedKiosk } from '../../tools/simulator/simulated-kiosk';
import { readSimulateOptions } from '../../tools/simulator/simulate-options';
import { exitOnHelp } from '../../tools/cli/help';
import { signFirstReceipt } from '../../tools/simulator/first-receipt';

exitOnHelp(`Usage: npm run fleet:simulate -- --broker URL --kiosks N --seconds S [options]

Runs N kiosks, each on the real fleet client with a pretend shop behind it (screens,
receipts, memory), against a broker on this machine only, for S seconds; then each
publishes offline and quits.

  --broker mqtt://127.0.0.1:1883   loopback only (localhost, 127.x.x.x, ::1); a comma-
                                   separated list is a cluster (as fleet.brokerUrls):
                                   each kiosk picks one at random, moves on at a loss
  --kiosks 5 --seconds 30          1–5000 kiosks, 1–3600 seconds
  --prefix kiosk-shop              topic prefix
  --id-prefix sim                  kiosk ids sim-0001, sim-0002, …
  --username U --password P        one login for all, or
  --per-kiosk --password 'pw-{id}' username = kiosk id, password with {id} filled in
  --health-seconds 5 --keepalive-seconds 30
  --config-public-key KEY          fleet.configPublicKey: signed remote configs apply
  --enrolment-public-key KEY       fleet.enrolmentPublicKey: the console's approvals enrol;
                                   once the first kiosk is enrolled it signs one pretend
                                   order and prints its KSR1. code, for the counter page
  --receipt-png receipt.png        also write that code's QR code as a PNG
  --store lyon-1 --region eu-west  the groups a machine-wide file would give each kiosk,
                                   until its enrolment certificate names its own
  --quiet                          no simulated shoppers: each kiosk stays on its attract
                                   screen, so it answers diagnostics and falls asleep at
                                   once when its store's opening hours close it`);

/** Runs the fleet for `seconds` or until `interrupted`; returns how many were online then. */
async function runFor(
  fleet: readonly SimulatedKiosk[],
  seconds: number,
  interrupted: Promise<void>,
): Promise<number> {
  const onlineNow = () => fleet.filter((kiosk) => kiosk.client.state === 'online').length;
  for (const kiosk of fleet) kiosk.start();
  let timer: NodeJS.Timeout | undefined;
  const report = setInterval(() => {
    console.log(`${onlineNow()}/${fleet.length} online`);
  }, 5000);
  await Promise.race([
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, seconds * 1000);
    }),
    interrupted,
  ]);
  clearTimeout(timer);
  clearInterval(report);
  return onlineNow();
}

async function main(): Promise<void> {
  const {
    brokers,
    kiosks,
    seconds,
    fleet: options,
    receiptPng,
  } = readSimulateOptions(process.argv.slice(2));
  const ids = options.map((kiosk) => kiosk.kioskId);
  // Per-kiosk lines would drown the summary: only the first kiosk's say anything.
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const loud = {
    info: (line: string) => console.log(`[${ids[0]}] ${line}`),
    warn: (line: string) => console.warn(`[${ids[0]}] ${line}`),
    error: (line: string) => console.error(`[${ids[0]}] ${line}`),
  };
  const fleet = options.map((kiosk, index) =>
    createSimulatedKiosk({ ...kiosk, log: index === 0 ? loud : quiet }),
  );
  const first = fleet[0];
  // The code alone on its line, unprefixed, so it can be copied whole.
  if (first) signFirstReceipt(first, { png: receiptPng, say: (line) => console.log(line) });
  const interrupted = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });

  console.log(
    `Simulating ${kiosks} kiosks against ${brokers.join(', ')} for ${seconds} s (${ids[0]} …)`,
  );
  const online = await runFor(fleet, seconds, interrupted);
  await Promise.all(fleet.map((kiosk) => kiosk.stop()));
  const done = { 'reload-config': 0, 'refresh-catalogue': 0, relaunch: 0 };
  for (const kiosk of fleet) {
    for (const name of Object.keys(done) as (keyof typeof done)[]) {
      done[name] += kiosk.carriedOut[name];
    }
  }
  console.log(
    `Done: ${online}/${kiosks} were online at the end; all now offline. Carried out: ${JSON.stringify(done)}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
