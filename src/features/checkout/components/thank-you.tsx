import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/icons';

export function ThankYou({ receiptId }: { receiptId: string }) {
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-800">
        <CheckIcon width={34} height={34} />
      </span>
      <h1 className="text-3xl font-bold">Thank you for your purchase!</h1>
      <p className="text-muted">Show this receipt at the pickup counter to collect your order.</p>
      <p className="rounded-xl bg-tile px-5 py-3 font-mono text-lg font-semibold break-all">
        {receiptId}
      </p>
      <Link to="/products" className="btn-primary mt-2">
        Keep Shoping
      </Link>
    </div>
  );
}
