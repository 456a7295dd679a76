import { memo } from 'react';
import { formatCount } from '@web-shared/lib/count';

/** How many kiosks the search and filters leave, of all the console knows. */
export const ListCount = memo(function ListCount({
  shown,
  total,
}: {
  shown: number;
  total: number;
}) {
  return (
    <p className="text-sm text-muted">
      {shown === 0
        ? 'No kiosks match'
        : `Showing ${formatCount(shown)} of ${formatCount(total)} kiosks`}
    </p>
  );
});
