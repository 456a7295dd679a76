/**
 * What a kiosk does with a command from the fleet, and what it acknowledges. Every message
 * gets an ack, even one that cannot be read (which does nothing else). A command id seen
 * before is acknowledged again with the first outcome but never run twice. A disruptive
 * command (relaunch, catalogue refresh) waits for a safe moment, never in front of a
 * shopper, and a screenshot is taken only of the attract screen. Diagnostics are gathered
 * only on the attract screen or while the kiosk sleeps: never while a shopper is served.
 *
 * Nothing here grows without bound: the last 1,000 ids are remembered, and at most one
 * deferred run per command waits (later requests for it share that run's outcome).
 */
import {
  COMMAND_ERRORS,
  parseCommandMessage,
  type FleetCommand,
  type FleetCommandName,
} from '../../shared/fleet/payloads';

/** What the kiosk (or the simulator's fake app) carries out. */
export interface CommandActions {
  /** Resolves at the next safe moment; rejects when `signal` aborts. */
  whenSafe(signal: AbortSignal): Promise<void>;
  /** Whether the attract screen is showing: the only screen a screenshot may show. */
  isAttractScreen(): boolean;
  reloadConfig(): Promise<void>;
  refreshCatalogue(): Promise<void>;
  /** Starts the relaunch; called only after the ack has gone out. */
  relaunch(): void;
  /** Captures the attract screen as PNG bytes and publishes them. */
  screenshot(): Promise<void>;
  /** Whether the kiosk sleeps outside opening hours; absent: it never does. */
  isAsleep?(): boolean;
  /** Gathers the diagnostics bundle and publishes it in chunks answering `commandId`. */
  diagnostics(commandId: string): Promise<void>;
}

export interface CommandOutcome {
  ok: boolean;
  error?: string;
}

export interface HandledCommand {
  /** What to acknowledge: the command's id and name as read, "" when unreadable. */
  id: string;
  command: string;
  outcome: CommandOutcome;
  /** To run once the ack is out (a relaunch would cut it off otherwise). */
  after?: () => void;
}

export const MAX_REMEMBERED_IDS = 1000;

const OK: CommandOutcome = { ok: true };

function failure(error: unknown, fallback: string): CommandOutcome {
  const text = error instanceof Error && error.message !== '' ? error.message : fallback;
  // A sentence for the ack: one line, bounded (the ack schema allows 200 characters).
  return { ok: false, error: text.replace(/\p{Cc}+/gu, ' ').slice(0, 200) };
}

export interface CommandHandler {
  /** Reads, runs (once per id) and answers one command message. */
  handle(bytes: Uint8Array): Promise<HandledCommand>;
  /** Gives up every deferred command (the client is stopping); they are not acked. */
  cancel(): void;
  /** How many ids are remembered (bounded by MAX_REMEMBERED_IDS). */
  readonly rememberedIds: number;
}

interface Run {
  outcome: Promise<CommandOutcome>;
  after?: () => void;
}

/** The runs waiting for a safe moment: at most one per command name, all given up at once. */
interface SafeMoments {
  /** Waits for a safe moment, then runs `work`; a second request shares the waiting run. */
  run(name: FleetCommandName, work: () => Promise<void>): Promise<CommandOutcome>;
  cancel(): void;
}

function createSafeMoments(whenSafe: CommandActions['whenSafe']): SafeMoments {
  const deferred = new Map<FleetCommandName, Promise<CommandOutcome>>();
  let aborter = new AbortController();
  return {
    run: (name, work) => {
      const waiting = deferred.get(name);
      if (waiting) return waiting;
      const { signal } = aborter;
      const run = whenSafe(signal)
        .then(work)
        .then(
          () => OK,
          (error: unknown) =>
            signal.aborted
              ? { ok: false, error: 'the kiosk stopped before a safe moment' }
              : failure(error, `${name} failed`),
        )
        .finally(() => {
          deferred.delete(name);
        });
      deferred.set(name, run);
      return run;
    },
    cancel: () => {
      aborter.abort(new Error('stopped'));
      aborter = new AbortController();
    },
  };
}

/** Starts what one readable command asks for. */
function startCommand(command: FleetCommand, actions: CommandActions, safe: SafeMoments): Run {
  switch (command.command) {
    case 'ping':
      return { outcome: Promise.resolve(OK) };
    case 'reload-config':
      return {
        outcome: actions.reloadConfig().then(
          () => OK,
          (error: unknown) => failure(error, 'the config could not be reloaded'),
        ),
      };
    case 'refresh-catalogue':
      return { outcome: safe.run('refresh-catalogue', () => actions.refreshCatalogue()) };
    case 'relaunch': {
      // The relaunch itself happens after the ack is published (HandledCommand.after).
      const outcome = safe.run('relaunch', () => Promise.resolve());
      return { outcome, after: () => actions.relaunch() };
    }
    case 'screenshot':
      // Checked when the command arrives: never a picture of a shopper's screen.
      if (!actions.isAttractScreen()) {
        return { outcome: Promise.resolve({ ok: false, error: COMMAND_ERRORS.notOnAttract }) };
      }
      return {
        outcome: actions.screenshot().then(
          () => OK,
          (error: unknown) => failure(error, 'the screenshot failed'),
        ),
      };
    case 'diagnostics':
      // Checked when the command arrives: gathering never competes with a shopper.
      if (!actions.isAttractScreen() && actions.isAsleep?.() !== true) {
        return { outcome: Promise.resolve({ ok: false, error: COMMAND_ERRORS.busy }) };
      }
      return {
        outcome: actions.diagnostics(command.id).then(
          () => OK,
          (error: unknown) => failure(error, 'the diagnostics could not be gathered'),
        ),
      };
  }
}

export function createCommandHandler(
  actions: CommandActions,
  maxIds: number = MAX_REMEMBERED_IDS,
): CommandHandler {
  const seen = new Map<string, Promise<CommandOutcome>>();
  const safe = createSafeMoments((signal) => actions.whenSafe(signal));

  const remember = (id: string, outcome: Promise<CommandOutcome>): void => {
    seen.set(id, outcome);
    // A Map iterates in insertion order: the first key is the oldest id.
    while (seen.size > maxIds) {
      const oldest = seen.keys().next();
      if (oldest.done) break;
      seen.delete(oldest.value);
    }
  };

  return {
    handle: async (bytes) => {
      const parsed = parseCommandMessage(bytes);
      if (!parsed.ok) {
        return {
          id: parsed.id,
          command: parsed.command,
          outcome: { ok: false, error: parsed.error },
        };
      }
      const { command } = parsed;
      const earlier = seen.get(command.id);
      if (earlier) {
        // Acknowledged again, with the first outcome; never run twice.
        return { id: command.id, command: command.command, outcome: await earlier };
      }
      const run = startCommand(command, actions, safe);
      remember(command.id, run.outcome);
      const outcome = await run.outcome;
      return {
        id: command.id,
        command: command.command,
        outcome,
        ...(outcome.ok && run.after ? { after: run.after } : {}),
      };
    },
    cancel: () => {
      safe.cancel();
    },
    get rememberedIds() {
      return seen.size;
    },
  };
}
