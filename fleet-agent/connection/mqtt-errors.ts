/**
 * What went wrong with a broker, as one log line: a refusal of the credentials named as
 * such (it needs a person), anything else by its message or code, never a control
 * character a broker could slip into the log.
 */
export function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    // CONNACK refusals carry the MQTT return code: 4 and 5 (v3.1.1), 134 and 135 (v5).
    if (code === 4 || code === 5 || code === 134 || code === 135) {
      return `the broker refused the credentials (${String(message)})`;
    }
    if (typeof message === 'string' && message !== '') return message.replace(/\p{Cc}+/gu, ' ');
    if (typeof code === 'string') return code;
  }
  return String(error);
}

/** Refused credentials need a person; anything else is waited out. */
export function failureKind(reason: string): 'credentials' | 'unreachable' {
  return reason.startsWith('the broker refused the credentials') ? 'credentials' : 'unreachable';
}

/** Nothing listened at the broker (its TCP connection was refused): a node that is down. */
export function isConnectionRefused(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ECONNREFUSED';
}

/** The promise's value, or undefined once `ms` have passed without one. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
