import { useConnectionStore, type ConnectionState } from './connection-store';

function describe(connection: ConnectionState): { tone: string; text: string } {
  switch (connection.phase) {
    case 'idle':
      return { tone: 'bg-slate-400', text: 'Not connected' };
    case 'connecting':
      return { tone: 'bg-amber-500', text: `Connecting to ${connection.broker}…` };
    case 'connected':
      return { tone: 'bg-emerald-600', text: `Connected to ${connection.broker}` };
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
  const { tone, text } = describe(connection);
  return (
    <p role="status" className="flex min-w-0 items-center gap-2 text-sm text-muted">
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${tone}`} />
      <span className="truncate" title={text}>
        {text}
      </span>
    </p>
  );
}
