import { useState } from 'react';
import { PrinterIcon } from '@/components/ui/page-icons';
import { useCapabilities } from '@/platform/capabilities-context';
import { printReceipt } from '@/platform/printing';
import { useI18n } from '@/i18n/language-store';
import { checkoutText } from '../checkout.messages';
import { shownPrintFailure } from '../print-failures';
import { toPrintableReceipt, type Receipt } from '../receipt';

type PrintState =
  | { status: 'idle' }
  | { status: 'printing' }
  | { status: 'sent' }
  | { status: 'failed'; message: string };

/**
 * 'Print receipt': the platform decides how (kiosk printer, print dialog or browser). The
 * kiosk's main process gets the receipt's data and draws the slip itself.
 */
export function PrintReceiptButton({ receipt }: { receipt: Receipt }) {
  const capabilities = useCapabilities();
  const [state, setState] = useState<PrintState>({ status: 'idle' });
  const shown = useI18n();
  const { t } = shown;

  const print = async () => {
    setState({ status: 'printing' });
    const result = await printReceipt(capabilities, toPrintableReceipt(receipt, shown.language));
    if (!result.ok) setState({ status: 'failed', message: result.message });
    // The browser's own dialog tells the shopper what happened; the kiosk printer does not.
    else setState(capabilities.bridge ? { status: 'sent' } : { status: 'idle' });
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        className="btn-secondary min-h-12 px-8 text-lg"
        disabled={state.status === 'printing'}
        onClick={() => void print()}
      >
        <PrinterIcon width={22} height={22} />
        {t(checkoutText.print)}
      </button>
      <p role="status" className="min-h-6 text-center font-semibold">
        {state.status === 'printing' && t(checkoutText.printing)}
        {state.status === 'sent' && t(checkoutText.printed)}
        {state.status === 'failed' && (
          <span className="text-sale-700">{shownPrintFailure(state.message, shown)}</span>
        )}
      </p>
    </div>
  );
}
