import { useConnectionStore, type ConnectionState } from './connection-store';

/** " (one of 3 nodes)" for a cluster: the header names the node it is on, not the list. */
function ofNodes(nodes: number): string {
  return nodes > 1 ? ` (one of ${nodes} nodes)` : '';
}

export function describeConnection(connection: ConnectionState): { tone: string; text: string } {
  switch (connection.phase) {
    case 'idle':
      return { tone: 'bg-slate-400', text: 'Not connected' };
    case 'connecting':
      return {
        tone: 'bg-amber-500',
        // The worker draws a cluster's node itself: which one is known once it answers.
        text:
          connection.nodes > 1
            ? `Connecting to one of ${connection.nodes} nodes…`
            : `Connecting to ${connection.broker}…`,
      };
    case 'connected':
      return {
        tone: 'bg-emerald-600',
        text: `Connected to ${connection.broker}${ofNodes(connection.nodes)}`,
      };
    case 'reconnecting':
      return {
        tone: 'bg-sale-700',
        text: connection.problem
          ? `${connection.problem}. Retrying…`
          : `Connection to ${connection.broker} lost. Retrying…`,
      };
  }
}

/** The broker connection in words, announced politely when it changes. */
export function ConnectionStatus() {
  const connection = useConnectionStore((state) => state.connection);
  const { tone, text } = describeConnection(connection);
  return (
    <p role="status" className="flex min-w-0 items-center gap-2 text-sm text-muted">
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${tone}`} />
      <span className="truncate" title={text}>
        {text}
      </span>
    </p>
  );
}
