import { ShopLink } from '@/components/ui/shop-link';
import { PageTitle } from '@/components/ui/page-title';

/** Unknown routes and rendering errors both land here (spec §8). */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <PageTitle title="Page not found" />
      <h1 className="text-3xl font-bold sm:text-4xl">Oh no, this route doesn't exist!</h1>
      <p className="mt-4 text-lg text-muted">The page you were looking for is not here.</p>
      <ShopLink to="/home" className="btn-primary mt-8">
        Back to Home
      </ShopLink>
    </div>
  );
}
