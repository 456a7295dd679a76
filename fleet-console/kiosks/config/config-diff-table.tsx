import type { ConfigChange } from './config-diff';

const KIND = {
  added: { label: 'New', tone: 'text-emerald-800' },
  removed: { label: 'Removed', tone: 'text-sale-700' },
  changed: { label: 'Changed', tone: 'text-brand-800' },
  same: { label: 'Same', tone: 'text-muted' },
} as const;

/** The keys the new config changes; the unchanged ones are only counted. */
export function ConfigDiffTable({ changes }: { changes: readonly ConfigChange[] }) {
  const changed = changes.filter((change) => change.kind !== 'same');
  const same = changes.length - changed.length;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="pb-1 text-left font-semibold">
          Changes against the config in force
          {same > 0 && <span className="font-normal text-muted"> ({same} unchanged)</span>}
        </caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Key
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Change
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              In force
            </th>
            <th scope="col" className="py-1 font-semibold">
              New
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {changed.length === 0 ? (
            <tr>
              <td colSpan={4} className="py-2 text-muted">
                No key changes.
              </td>
            </tr>
          ) : (
            changed.map((change) => (
              <tr key={change.key}>
                <th scope="row" className="py-1.5 pr-3 font-mono font-normal break-all">
                  {change.key}
                </th>
                <td className={`py-1.5 pr-3 font-semibold ${KIND[change.kind].tone}`}>
                  {KIND[change.kind].label}
                </td>
                <td className="py-1.5 pr-3 font-mono break-all">{change.before ?? '—'}</td>
                <td className="py-1.5 font-mono break-all">{change.after ?? '—'}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
