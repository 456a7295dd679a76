import { useCapabilities } from '@/platform/capabilities-context';
import { IdleResetDialog } from './idle-reset-dialog';
import { StaffExitDialog } from './staff-exit-dialog';

interface KioskBehavioursProps {
  /** Whether there is anything to reset (a cart, or a page other than home). */
  hasSession: () => boolean;
  /** Wipes the shopper's session: the app knows what that holds. */
  onStartOver: () => void;
}

/** What only a kiosk does, switched on by the capabilities: idle reset and staff exit. */
export function KioskBehaviours({ hasSession, onStartOver }: KioskBehavioursProps) {
  const { bridge, kiosk } = useCapabilities();
  return (
    <>
      {kiosk.staffExit && bridge && <StaffExitDialog bridge={bridge} />}
      {kiosk.idleResetSeconds !== null && (
        <IdleResetDialog
          idleTimeoutSeconds={kiosk.idleResetSeconds}
          hasSession={hasSession}
          onReset={onStartOver}
        />
      )}
    </>
  );
}
