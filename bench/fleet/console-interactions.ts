/**
 * The kiosk list's search, sort and filter with a fleet far larger than the live bench
 * runs: N kiosks (10,000 by default) whose retained status, health and certificate (signed
 * with an enrolment key whose public half the console is served with, as an operator's is)
 * one publisher client puts on a real Mosquitto, so the console receives them as real messages through its real
 * broker worker and fold, then draws them in its virtualised table. Each input is timed in
 * the page, from the input event's timestamp to the next paint after the rows shown
 * changed, as the shop's search is (../interactions.ts): a settled page before each sample,
 * one warm-up not counted.
 */
import mqtt from 'mqtt';
import type { Browser, Page } from '@playwright/test';
import { buildConsole, CONSOLE_DIR, consoleNeedsBuild } from '../../tools/build/console-build';
import { startConsoleServer } from '../../tools/fleet-demo/fleet-console-server';
import { kioskTopics } from '../../shared/fleet/topics';
import { certificateTopic } from '../../shared/fleet/trust/trust-topics';
import {
  makeEnrolmentKey,
  makeReceiptKey,
  signCertificateWith,
  type EnrolmentKeyPair,
} from '../../tests/support/fixtures/kiosk-certificate';
import { BROKER_QUEUED_MESSAGES, startMosquitto } from '../../tests/support/mosquitto';
import { freshContext } from '../chromium';
import { settle } from '../interactions';
import { initScript } from '../page-probes';
import { summarize, type Summary } from '../stats';
import { addConsoleProbes, whenShown } from './console-probes';
import {
  FILTERS,
  nth,
  SEARCHES,
  SORTS,
  syntheticCertificate,
  syntheticHealth,
  syntheticId,
  syntheticStatus,
} from './synthetic-fleet';

export const CONSOLE_INTERACTIONS = ['search', 'sort', 'filter'] as const;
export type ConsoleInteraction = (typeof CONSOLE_INTERACTIONS)[number];

export interface ConsoleInteractionFigures {
  kiosks: number;
  /** Console opened on the broker holding every retained message → all shown online. */
  loadMs: number | null;
  interactions: {
    interaction: ConsoleInteraction;
    /** Input → the next paint after the rows shown changed, ms. */
    inputToPaint: Summary;
    samples: number[];
  }[];
  /** The kiosk rows in the DOM after the last input (the rest are spacer rows). */
  rowsInDom: number;
}

const LOAD_DEADLINE_MS = 180_000;
const INPUT_TIMEOUT_MS = 10_000;
/** Queued messages the console's session may hold beyond two per kiosk. */
const QUEUE_MARGIN = 1000;
/** Messages in flight at once from the one publisher. */
const PUBLISH_BATCH = 500;

interface ProbeWindow {
  __consoleArm?: (label: string) => void;
  __consoleResult?: () => Promise<number>;
}

/**
 * Runs in the page. Arm before the input: it notes the rows shown (the list's size and the
 * first kiosks drawn) and the timestamp of the next input or select change; the result
 * settles at the next paint after the rows differ.
 */
function installRowsProbe(timeoutMs: number): void {
  const probeWindow = window as ProbeWindow;
  const shown = (): string => {
    const rows = document.querySelectorAll('tr[data-index]');
    const size = rows[0]?.closest('table')?.getAttribute('aria-rowcount') ?? '0';
    const ids = Array.from(rows, (row) => row.querySelector('th')?.textContent ?? '');
    return `${size}|${ids.slice(0, 12).join(',')}`;
  };
  let pending: Promise<number> | undefined;
  probeWindow.__consoleArm = (label: string): void => {
    const before = shown();
    // Marks each input in a trace (BENCH_TRACE_FILE), to find its task and frame.
    performance.mark(`input ${label}`);
    let inputAt: number | undefined;
    const onInput = (event: Event): void => {
      // A text field's change comes when it loses focus: its input event is the input.
      if (event.type === 'change' && !(event.target instanceof HTMLSelectElement)) return;
      inputAt ??= event.timeStamp;
    };
    const inputs = ['input', 'change'] as const;
    for (const type of inputs) window.addEventListener(type, onInput, { capture: true });
    const stopListening = (): void => {
      for (const type of inputs) window.removeEventListener(type, onInput, { capture: true });
    };
    pending = new Promise<number>((resolve, reject) => {
      const giveUp = setTimeout(() => {
        observer.disconnect();
        stopListening();
        reject(new Error(`${label}: the kiosk rows did not change within ${timeoutMs} ms`));
      }, timeoutMs);
      const observer = new MutationObserver(() => {
        if (shown() === before) return;
        observer.disconnect();
        clearTimeout(giveUp);
        requestAnimationFrame(() => {
          setTimeout(() => {
            const paintedAt = performance.now();
            stopListening();
            if (inputAt === undefined) reject(new Error(`${label}: rows changed before any input`));
            else resolve(paintedAt - inputAt);
          }, 0);
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    pending.catch(() => undefined);
  };
  probeWindow.__consoleResult = () =>
    pending ?? Promise.reject(new Error('__consoleArm was not called'));
}

/** The i-th input of a kind, timed. */
async function interact(page: Page, interaction: ConsoleInteraction, i: number): Promise<number> {
  const label = `${interaction}-${i}`;
  await page.evaluate((name) => (window as ProbeWindow).__consoleArm?.(name), label);
  switch (interaction) {
    case 'search':
      await page.getByRole('searchbox', { name: 'Search' }).fill(nth(SEARCHES, i));
      break;
    case 'sort':
      await page.getByLabel('Sort by', { exact: true }).selectOption(nth(SORTS, i));
      break;
    case 'filter':
      await page.getByLabel('Region', { exact: true }).selectOption(nth(FILTERS, i));
      break;
  }
  return page.evaluate(() => {
    const result = (window as ProbeWindow).__consoleResult;
    if (!result) throw new Error('the rows probe is not installed');
    return result();
  });
}

/** Puts every kiosk's retained status, health and certificate on the broker from one client. */
async function publishFleet(
  broker: { url: string; credentials: object; prefix: string },
  count: number,
  enrolmentKey: EnrolmentKeyPair,
): Promise<void> {
  const { url, credentials, prefix } = broker;
  const publisher = await mqtt.connectAsync(url, {
    ...credentials,
    clientId: `fleet-bench-publisher-${process.pid}`,
    reconnectPeriod: 0,
  });
  const receiptKey = makeReceiptKey().publicText;
  try {
    for (let start = 0; start < count; start += PUBLISH_BATCH) {
      const batch: Promise<unknown>[] = [];
      for (let index = start; index < Math.min(count, start + PUBLISH_BATCH); index += 1) {
        const kioskId = syntheticId(index, count);
        const topics = kioskTopics(prefix, kioskId);
        const certificate = syntheticCertificate(index, count, prefix, receiptKey);
        const envelope = signCertificateWith(certificate, enrolmentKey.privateKey);
        const retained = { qos: 1, retain: true } as const;
        batch.push(
          publisher.publishAsync(topics.status, JSON.stringify(syntheticStatus(index)), retained),
          publisher.publishAsync(topics.health, JSON.stringify(syntheticHealth(index)), retained),
          publisher.publishAsync(
            certificateTopic(prefix, kioskId, certificate.serial),
            JSON.stringify(envelope),
            retained,
          ),
        );
      }
      await Promise.all(batch);
    }
  } finally {
    await publisher.endAsync();
  }
}

export async function measureConsoleInteractions(
  browser: Browser,
  options: { kiosks: number; runs: number },
  say: (line: string) => void,
): Promise<ConsoleInteractionFigures> {
  const { kiosks: count, runs } = options;
  // A console that connects is sent every retained status, health and certificate at once:
  // the broker must be able to queue them all (broker.md), past the sample's 10,000 kiosks.
  const queue = 3 * count + QUEUE_MARGIN;
  const broker = await startMosquitto({
    settings: queue > BROKER_QUEUED_MESSAGES ? [`max_queued_messages ${queue}`] : [],
  });
  const cleanups: (() => Promise<unknown>)[] = [() => broker.dispose()];
  try {
    if (consoleNeedsBuild()) {
      say('Building the console (out/console)');
      await buildConsole();
    }
    say(
      `${count.toLocaleString('en-US')} kiosks' retained status, health and certificate, one publisher`,
    );
    const enrolmentKey = makeEnrolmentKey();
    // The tests' own listener: on the kiosks' one the client id would be the operator's.
    const publishTo = { url: broker.watchUrl, credentials: broker.operator, prefix: broker.prefix };
    await publishFleet(publishTo, count, enrolmentKey);
    const server = await startConsoleServer({
      port: 0,
      staticDir: CONSOLE_DIR,
      presets: {
        brokerUrl: broker.wsUrl,
        username: broker.operator.username,
        password: broker.operator.password,
        topicPrefix: broker.prefix,
        enrolmentPublicKey: enrolmentKey.publicText,
        catalogueUrl: '/api',
      },
    });
    cleanups.unshift(() => server.close());
    const context = await freshContext(browser, { width: 1920, height: 1080 });
    cleanups.unshift(() => context.close());
    const page = await context.newPage();
    await addConsoleProbes(page);
    await page.addInitScript(initScript(installRowsProbe, INPUT_TIMEOUT_MS));
    const openedAt = Date.now();
    await page.goto(`${server.origin}/#/kiosks`);
    const shown = await whenShown(
      page,
      { kind: 'summary', label: 'Online', value: count },
      LOAD_DEADLINE_MS,
    );
    const loadMs = shown === null ? null : shown - openedAt;
    say(`  all shown online: ${loadMs === null ? 'not in time' : `${loadMs} ms`}`);
    if (loadMs === null) throw new Error(`the console did not show ${count} kiosks online`);

    // BENCH_TRACE_FILE=path keeps a Chromium trace of the inputs, with V8's samples, to open
    // each input's task and frame in DevTools.
    const tracing = process.env.BENCH_TRACE_FILE;
    if (tracing) {
      await browser.startTracing(page, {
        path: tracing,
        categories: [
          'devtools.timeline',
          'v8',
          'disabled-by-default-v8.gc',
          'blink.user_timing',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
    }
    const interactions: ConsoleInteractionFigures['interactions'] = [];
    for (const interaction of CONSOLE_INTERACTIONS) {
      await settle(page);
      await interact(page, interaction, 0); // warm-up, not counted
      const samples: number[] = [];
      for (let i = 1; i <= runs; i += 1) {
        await settle(page);
        samples.push(await interact(page, interaction, i));
      }
      const inputToPaint = summarize(samples);
      say(`  ${interaction}: median ${inputToPaint.median.toFixed(1)} ms input → paint`);
      interactions.push({ interaction, inputToPaint, samples });
    }
    if (tracing) await browser.stopTracing();
    const rowsInDom = await page.locator('tr[data-index]').count();
    return { kiosks: count, loadMs, interactions, rowsInDom };
  } finally {
    for (const cleanup of cleanups) {
      await cleanup().catch((error: unknown) => {
        console.warn(
          `console bench clean-up: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }
  }
}
