/**
 * Where the operator loads a private key for this session (the enrolment key, the config
 * key): a PEM file picked from disk, or, once one is loaded, what it is and a way to forget
 * it. The picker is emptied after each pick, so the same file can be picked again.
 */
import { useId, type ReactNode } from 'react';

interface KeyFilePickerProps {
  /** The file input's label, e.g. "Config private key (PEM)". */
  label: string;
  /** What is loaded, in words; null while nothing is. */
  loaded: ReactNode | null;
  /** The last file refused, and why; null: none. */
  refused: { file: string; reason: string } | null;
  disabled?: boolean;
  onFile: (file: File) => void;
  onForget: () => void;
}

export function KeyFilePicker({
  label,
  loaded,
  refused,
  disabled = false,
  onFile,
  onForget,
}: KeyFilePickerProps) {
  const id = useId();
  if (loaded !== null) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="font-semibold text-emerald-800">
          {loaded}
        </p>
        <button type="button" className="btn-secondary" onClick={onForget}>
          Forget the key
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".key,.pem,text/plain"
        disabled={disabled}
        className="field py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {refused && (
        <p role="alert" className="text-sm font-semibold text-sale-700">
          {refused.file} was not loaded: {refused.reason}
        </p>
      )}
    </div>
  );
}
