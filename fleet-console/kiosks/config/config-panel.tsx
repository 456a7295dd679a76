import { type ChangeEvent, memo, useId, useState } from 'react';
import { announce } from '@web-shared/ui/announcer';
import { useBrokerSession, useConnected } from '../../connection/connection-store';
import { useFleetStore } from '../../fleet/fleet-store';
import { readConfigFile, type ConfigEnvelope } from '../../protocol/config-envelope';
import { formatDate, formatTime } from '../../lib/format';
import { planConfig, type ConfigPlan } from './config-plan';
import { ConfigDiffTable } from './config-diff-table';

type Loaded =
  | { kind: 'none' }
  | { kind: 'refused'; file: string; reason: string }
  | { kind: 'ready'; file: string; envelope: ConfigEnvelope };

type Publishing =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; topic: string; at: number }
  | { kind: 'failed'; problem: string };

/** Biggest config file read: far above any real config, far below what hurts the page. */
const MAX_FILE_BYTES = 256 * 1024;

/** What publishing the loaded file would do, what stops it, and the button that does it. */
function PlanReview({
  plan,
  canPublish,
  onPublish,
}: {
  plan: ConfigPlan;
  /** Connected, and not publishing already. */
  canPublish: boolean;
  onPublish: () => void;
}) {
  return (
    <div className="mt-4 flex flex-col gap-3">
      <p className="text-sm">
        {plan.tombstone ? 'Withdrawal' : 'Version'} <strong>{plan.version}</strong> for{' '}
        <strong>{plan.target === 'all' ? 'every kiosk' : plan.target}</strong>, to{' '}
        <code className="break-all">{plan.topic}</code>.{' '}
        {plan.versionInForce === null
          ? 'No config is in force on that topic.'
          : `Version ${plan.versionInForce} is in force.`}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Signed for prefix</dt>
        <dd>
          <code className="break-all">{plan.prefix}</code>
        </dd>
        <dt className="font-semibold">Valid until</dt>
        <dd>{formatDate(plan.notAfter)}</dd>
        <dt className="font-semibold">Kind</dt>
        <dd>
          {plan.tombstone
            ? 'Tombstone: withdraws the config in force on that topic; its keys go back to each kiosk’s own files'
            : 'Config: sets the keys below'}
        </dd>
      </dl>
      <ConfigDiffTable changes={plan.changes} />
      {plan.blocker && (
        <p role="alert" className="rounded-lg bg-sale-50 p-3 text-sm font-semibold text-sale-700">
          {plan.blocker}
        </p>
      )}
      <button
        type="button"
        className="btn-primary"
        disabled={!canPublish || plan.blocker !== null}
        onClick={onPublish}
      >
        {plan.tombstone
          ? `Publish withdrawal, version ${plan.version}`
          : `Publish version ${plan.version}`}
      </button>
    </div>
  );
}

/** Where the last publish went, or why it did not, announced politely. */
function PublishOutcome({ publishing }: { publishing: Publishing }) {
  return (
    <div role="status" className="mt-2 text-sm">
      {publishing.kind === 'done' && (
        <p className="font-semibold text-emerald-800">
          Published (retained) to <code className="break-all">{publishing.topic}</code> at{' '}
          {formatTime(publishing.at)}.
        </p>
      )}
      {publishing.kind === 'failed' && (
        <p className="font-semibold text-sale-700">Not published: {publishing.problem}.</p>
      )}
    </div>
  );
}

/** Load a signed config file, see what it changes, publish it retained to its topic. */
export const ConfigPanel = memo(function ConfigPanel() {
  const session = useBrokerSession();
  const connected = useConnected();
  const configs = useFleetStore((state) => state.fleet.configs);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'none' });
  const [publishing, setPublishing] = useState<Publishing>({ kind: 'idle' });
  const id = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPublishing({ kind: 'idle' });
    if (!file) {
      setLoaded({ kind: 'none' });
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setLoaded({ kind: 'refused', file: file.name, reason: 'it is too large to be a config' });
      return;
    }
    const result = readConfigFile(await file.text());
    setLoaded(
      result.ok
        ? { kind: 'ready', file: file.name, envelope: result.envelope }
        : { kind: 'refused', file: file.name, reason: result.reason },
    );
  };

  const plan =
    loaded.kind === 'ready' && session
      ? planConfig(loaded.envelope, configs, session.prefix)
      : null;

  const publish = async () => {
    if (!session || loaded.kind !== 'ready' || !plan || plan.blocker) return;
    setPublishing({ kind: 'busy' });
    try {
      await session.publish(plan.topic, JSON.stringify(loaded.envelope), { retain: true });
      setPublishing({ kind: 'done', topic: plan.topic, at: Date.now() });
      announce(
        `${plan.tombstone ? 'Withdrawal' : 'Config'} version ${plan.version} published to ${plan.topic}`,
      );
    } catch (error) {
      setPublishing({
        kind: 'failed',
        problem: error instanceof Error ? error.message : 'it could not be published',
      });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Signed configuration
      </h2>
      <p className="mt-1 text-sm text-muted">
        Made with <code>npm run -s fleet:sign</code>. The console checks the file’s shape, its
        prefix, its notAfter and its version; each kiosk checks the signature with its own{' '}
        <code>fleet.configPublicKey</code> and reports any refusal in its health. Withdraw a config
        with a signed tombstone: an empty message withdraws nothing.
      </p>
      <div className="mt-3 flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-semibold">
          Signed config file (.json)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,application/json"
          className="field py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
          onChange={(event) => void onFile(event)}
        />
      </div>
      {loaded.kind === 'refused' && (
        <p
          role="alert"
          className="mt-3 rounded-lg bg-sale-50 p-3 text-sm font-semibold text-sale-700"
        >
          {loaded.file} cannot be published: {loaded.reason}.
        </p>
      )}
      {loaded.kind === 'ready' && !session && (
        <p className="mt-3 text-sm text-muted">Connect to the broker to compare and publish it.</p>
      )}
      {plan && (
        <PlanReview
          plan={plan}
          canPublish={connected && publishing.kind !== 'busy'}
          onPublish={() => void publish()}
        />
      )}
      <PublishOutcome publishing={publishing} />
    </section>
  );
});
