import { useEffect, useState } from 'react';
import type { SentCommand } from '../../fleet/fleet-state';
import { ACK_TIMEOUT_MS } from './command-delivery';

/**
 * The moment to judge a command's delivery at: undefined while its acknowledgements may still
 * come, then its deadline once that has passed. So "not delivered" is shown, and said, when
 * the time is up, without waiting for anything else on the page to change.
 */
export function useAckDeadline(command: SentCommand | undefined): number | undefined {
  const deadline = command ? command.sentAt + ACK_TIMEOUT_MS : null;
  const [passed, setPassed] = useState<number | null>(null);
  useEffect(() => {
    if (deadline === null) return undefined;
    const timer = setTimeout(() => setPassed(deadline), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline]);
  return passed !== null && passed === deadline ? deadline : undefined;
}
