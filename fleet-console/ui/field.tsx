/**
 * One labelled control of a console form: its label, a hint under the label, the control,
 * and what is wrong with it, the hint and the problem both read out with the control. The
 * connection form and the rollout form are made of these.
 */
import { useId, type ReactNode } from 'react';

/** What the control needs to be tied to its label, hint and problem. */
export interface FieldControl {
  id: string;
  describedBy: string | undefined;
  invalid: true | undefined;
}

interface FieldProps {
  label: string;
  hint?: string;
  /** What is wrong with the value; none when nothing is. */
  problem?: string | undefined;
  /** A smaller label, for a form of many fields side by side. */
  compact?: boolean;
  children: (control: FieldControl) => ReactNode;
}

export function Field({ label, hint, problem, compact = false, children }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={compact ? 'text-sm font-semibold' : 'font-semibold'}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {children({
        id,
        describedBy: described.length > 0 ? described.join(' ') : undefined,
        invalid: problem ? true : undefined,
      })}
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-semibold text-sale-700">
          {problem}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<FieldProps, 'children'> {
  value: string;
  onChange: (value: string) => void;
  name?: string;
  type?: 'text' | 'password' | 'url';
  inputMode?: 'numeric' | 'decimal';
  autoComplete?: string;
  placeholder?: string;
  spellCheck?: boolean;
  /** The input's look: a plain field unless said otherwise. */
  inputClassName?: string;
}

/** A Field whose control is a one-line text input. */
export function TextField({
  value,
  onChange,
  name,
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  spellCheck,
  inputClassName = 'field',
  ...field
}: TextFieldProps) {
  return (
    <Field {...field}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type={type}
          inputMode={inputMode}
          className={inputClassName}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          spellCheck={spellCheck}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
