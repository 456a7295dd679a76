/**
 * The enrolment key, loaded for the session from its PEM file (signing-key.ts checks it is
 * the private half of the pinned public key), or what is wrong with the file.
 */
import { useId } from 'react';
import { announce } from '@web-shared/ui/announcer';
import { pageSubtle } from '../lib/page-crypto';
import { KeyFilePicker } from '../ui/key-file-picker';
import { loadSigningKey, type WebCryptoKeys } from './signing-key';

export type KeyState =
  | { kind: 'none' }
  | { kind: 'loaded'; key: CryptoKey; file: string }
  | { kind: 'refused'; file: string; reason: string };

/** The page's WebCrypto with what signing needs (the browser's own SubtleCrypto). */
export const webCrypto = (): WebCryptoKeys | null => (pageSubtle() ? crypto.subtle : null);

export function SigningKey({
  pinned,
  state,
  onChange,
}: {
  pinned: string;
  state: KeyState;
  onChange: (state: KeyState) => void;
}) {
  const id = useId();
  const onFile = async (file: File) => {
    const subtle = webCrypto();
    if (!subtle) return;
    const loaded = await loadSigningKey(await file.text(), pinned, subtle);
    onChange(
      loaded.ok
        ? { kind: 'loaded', key: loaded.key, file: file.name }
        : { kind: 'refused', file: file.name, reason: loaded.reason },
    );
    if (loaded.ok) announce('Enrolment key loaded for this session');
  };
  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-3 p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Enrolment key
      </h2>
      <p className="text-sm text-muted">
        Counters trust receipts only from kiosks whose key the operator’s enrolment key has signed.
        The public key pinned in this console is{' '}
        {pinned === '' ? (
          <strong className="text-sale-700">not set (Connection)</strong>
        ) : (
          <code className="break-all text-ink">{pinned}</code>
        )}
        . To approve or revoke, load its private key (<code>fleet-enrolment.key</code>, from{' '}
        <code>npm run -s fleet:keygen -- --enrolment</code>) for this session: it stays in this
        page’s memory, is never stored and never leaves it.
      </p>
      <KeyFilePicker
        label="Enrolment private key (PEM)"
        loaded={
          state.kind === 'loaded' ? <>{state.file} is loaded and matches the pinned key.</> : null
        }
        refused={state.kind === 'refused' ? state : null}
        disabled={pinned === ''}
        onFile={(file) => void onFile(file)}
        onForget={() => onChange({ kind: 'none' })}
      />
    </section>
  );
}
