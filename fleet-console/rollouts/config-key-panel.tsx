import { useId } from 'react';
import { announce } from '@web-shared/ui/announcer';
import { KeyFilePicker } from '../ui/key-file-picker';
import { loadConfigKey, type ConfigKeyCrypto } from './config-key';
import type { SessionKey } from './use-rollout-driver';

export type ConfigKeyState =
  | { kind: 'none' }
  | ({ kind: 'loaded'; file: string } & SessionKey)
  | { kind: 'refused'; file: string; reason: string };

export function ConfigKeyPanel({
  subtle,
  state,
  onChange,
}: {
  subtle: ConfigKeyCrypto | null;
  state: ConfigKeyState;
  onChange: (state: ConfigKeyState) => void;
}) {
  const id = useId();
  const onFile = async (file: File) => {
    if (!subtle) return;
    const loaded = await loadConfigKey(await file.text(), subtle);
    onChange(
      loaded.ok
        ? { kind: 'loaded', key: loaded.key, publicKey: loaded.publicKey, file: file.name }
        : { kind: 'refused', file: file.name, reason: loaded.reason },
    );
    if (loaded.ok) announce('Config key loaded for this session');
  };
  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3 p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Config key
      </h2>
      <p className="text-sm text-muted">
        A rollout signs a config for each kiosk it reaches, on that kiosk’s own topic, with the
        fleet’s config key (<code>fleet-config.key</code>, from <code>npm run -s fleet:keygen</code>
        ). Load it for this session to start, watch, resume or roll back a rollout: it stays in this
        page’s memory, is never stored and never leaves it. Without it, rollouts this console
        watched pause where they are.
      </p>
      {subtle === null ? (
        <p role="alert" className="text-sm font-semibold text-sale-700">
          This page cannot sign: open the console over https or on 127.0.0.1.
        </p>
      ) : (
        <KeyFilePicker
          label="Config private key (PEM)"
          loaded={
            state.kind === 'loaded' ? (
              <>
                {state.file} is loaded (public key{' '}
                <code className="break-all">{state.publicKey}</code>).
              </>
            ) : null
          }
          refused={state.kind === 'refused' ? state : null}
          onFile={(file) => void onFile(file)}
          onForget={() => onChange({ kind: 'none' })}
        />
      )}
    </section>
  );
}
