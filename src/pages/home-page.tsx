import { Link } from 'react-router';
import { PageTitle } from './page-title';

export function HomePage() {
  return (
    <div className="relative overflow-hidden">
      <PageTitle title="Welcome" />
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <p className="rounded-full bg-brand-50 px-4 py-1.5 text-sm font-semibold text-brand-800">
          Order here, pick up at the counter
        </p>
        <h1 className="mt-6 text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-6xl">
          Everything you love, ready when you are
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-muted sm:text-xl">
          Browse clothing, jewelery and electronics, fill your cart in a few taps and collect your
          order in store. Store pickup is always free.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <Link to="/products" className="btn-primary min-h-14 px-8 text-lg">
            Start Shoping
          </Link>
          <Link to="/about" className="btn-secondary min-h-14 px-8 text-lg">
            Learn more
          </Link>
        </div>
      </div>
    </div>
  );
}
