/**
 * Commands on this kiosk's topic and the fleet-wide one (QoS 1), carried out (commands.ts)
 * and each acknowledged on the kiosk's ack topic, even one too large to read. What a command
 * sends back goes before its ack: a screenshot (retained), or a diagnostics bundle in
 * chunks on the kiosk's diagnostics topic (shared/fleet/diagnostics-transfer.ts). A relaunch
 * waits for its own ack, but never for ever.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  MAX_DIAGNOSTICS_BUNDLE_BYTES,
  splitIntoChunks,
} from '../../shared/fleet/diagnostics-transfer';
import { MESSAGE_LIMITS } from '../../shared/fleet/message-limits';
import { COMMAND_ERRORS, type FleetAck } from '../../shared/fleet/payloads';
import type { Connection } from '../connection/connection';
import type { InboundRoute } from '../connection/inbound-guard';
import { withTimeout } from '../connection/mqtt-errors';
import {
  createCommandHandler,
  type CommandActions,
  type CommandHandler,
  type HandledCommand,
} from './commands';

/** A screenshot larger than this is refused rather than sent (brokers cap message sizes). */
export const MAX_SCREENSHOT_BYTES = MESSAGE_LIMITS.screenshot;

/** How long an ack may take before a relaunch goes ahead anyway. */
const ACK_BEFORE_RELAUNCH_MS = 3000;

export interface FleetActions extends Omit<CommandActions, 'screenshot' | 'diagnostics'> {
  /** PNG bytes of the screen; called only on the attract screen. */
  captureScreenshot(): Promise<Uint8Array>;
  /** The gzipped diagnostics bundle; called only on the attract screen or asleep. */
  gatherDiagnostics(): Promise<Uint8Array>;
}

export interface CommandTopics {
  acks: string;
  screenshot: string;
  diagnostics: string;
}

export interface CommandDispatcher {
  /** The route of both command topics. */
  readonly route: InboundRoute;
  readonly handler: Pick<CommandHandler, 'cancel' | 'rememberedIds'>;
}

type Publish = Connection['publish'];

/** The command handler, with its screenshot and diagnostics sent on the kiosk's topics. */
function handlerFor(actions: FleetActions, topics: CommandTopics, publish: Publish) {
  return createCommandHandler({
    ...actions,
    screenshot: async () => {
      const png = await actions.captureScreenshot();
      if (png.length > MAX_SCREENSHOT_BYTES) throw new Error('the screenshot is too large');
      const sent = await publish(topics.screenshot, Buffer.from(png), { qos: 1, retain: true });
      if (!sent) throw new Error('the screenshot could not be sent');
    },
    diagnostics: async (commandId) => {
      const bundle = await actions.gatherDiagnostics();
      if (bundle.length > MAX_DIAGNOSTICS_BUNDLE_BYTES) {
        throw new Error('the diagnostics bundle is too large');
      }
      const chunks = splitIntoChunks(bundle, {
        transfer: randomBytes(12).toString('base64url'),
        command: commandId,
        sha256: createHash('sha256').update(bundle).digest('hex'),
      });
      // In order, each taken by the broker (QoS 1) before the next: the ack follows the last.
      for (const chunk of chunks) {
        const sent = await publish(topics.diagnostics, JSON.stringify(chunk), {
          qos: 1,
          retain: false,
        });
        if (!sent) throw new Error(`diagnostics chunk ${chunk.index} could not be sent`);
      }
    },
  });
}

export function createCommandDispatcher(
  actions: FleetActions,
  topics: CommandTopics,
  publish: Publish,
): CommandDispatcher {
  const handler = handlerFor(actions, topics, publish);
  const acknowledge = async (handled: HandledCommand): Promise<void> => {
    const ack: FleetAck = {
      id: handled.id,
      command: handled.command,
      ok: handled.outcome.ok,
      ...(handled.outcome.error === undefined ? {} : { error: handled.outcome.error }),
      at: new Date().toISOString(),
    };
    const sent = publish(topics.acks, JSON.stringify(ack), { qos: 1, retain: false });
    if (handled.after) {
      // A relaunch must not cut off its own ack, nor wait for it for ever.
      await withTimeout(sent, ACK_BEFORE_RELAUNCH_MS);
      handled.after();
    }
  };
  return {
    route: {
      limit: MESSAGE_LIMITS.commands,
      handle: async (bytes) => acknowledge(await handler.handle(bytes)),
      // Every command gets an ack, even one too large to read.
      tooLarge: () =>
        acknowledge({
          id: '',
          command: '',
          outcome: { ok: false, error: COMMAND_ERRORS.tooLarge },
        }),
    },
    handler,
  };
}
