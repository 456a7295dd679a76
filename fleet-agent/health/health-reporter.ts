/**
 * Health on its topic (retained): at once when a session is up, then every
 * fleet.healthSeconds, only while connected, so nothing piles up while the broker is away.
 * A report that cannot be collected or does not match its schema is not sent, and is
 * logged once until the problem changes.
 */
import { healthSchema, type KioskHealth } from '../../shared/fleet/payloads';
import type { Connection } from '../connection/connection';
import { describeError } from '../connection/mqtt-errors';
import type { FleetLog } from '../fleet-log';

export interface HealthReporterOptions {
  healthTopic: string;
  healthSeconds: number;
  health: () => Promise<KioskHealth>;
  /** A report the broker took: what it carried has been told. */
  onHealthSent?: (health: KioskHealth) => void;
  connection: Pick<Connection, 'connected' | 'publish'>;
  log: FleetLog;
}

export interface HealthReporter {
  /** Publishes health now, if connected. */
  publish(): Promise<void>;
  /** Plans the next report one period from now (none while offline). */
  schedule(): void;
  /** A new period, effective from the next report. */
  setSeconds(seconds: number): void;
  stop(): void;
}

export function createHealthReporter(options: HealthReporterOptions): HealthReporter {
  const { connection, log } = options;
  let healthSeconds = options.healthSeconds;
  let timer: NodeJS.Timeout | null = null;
  /** The problem last logged: a new line only when it changes. */
  let problem: string | null = null;

  /** Collects and sends one report; what kept it from being sent, or null. */
  const send = async (): Promise<string | null> => {
    try {
      const parsed = healthSchema.safeParse(await options.health());
      if (!parsed.success) {
        return `health does not match its schema (${parsed.error.issues[0]?.path.join('.') ?? '?'})`;
      }
      const sent = await connection.publish(options.healthTopic, JSON.stringify(parsed.data), {
        qos: 0,
        retain: true,
      });
      if (sent) options.onHealthSent?.(parsed.data);
      return null;
    } catch (error) {
      return `health could not be collected (${describeError(error)})`;
    }
  };

  const publish = async (): Promise<void> => {
    if (!connection.connected()) return;
    const found = await send();
    if (found !== null && found !== problem) log.warn(`Fleet: ${found}`);
    problem = found;
  };

  const stop = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const schedule = (): void => {
    stop();
    if (!connection.connected()) return;
    timer = setTimeout(() => {
      void publish().finally(schedule);
    }, healthSeconds * 1000);
  };

  return {
    publish,
    schedule,
    setSeconds: (seconds) => {
      if (seconds === healthSeconds) return;
      healthSeconds = seconds;
      schedule();
    },
    stop,
  };
}
