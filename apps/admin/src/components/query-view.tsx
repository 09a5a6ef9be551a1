import { isApiError } from '@school/contracts';
import { Button, ErrorView, LoadingIndicator } from '@school/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Renders a query's data, or its loading and error placeholders (learning spec, section 8:
 * failed page loads show an error or loading placeholder; missing content the 404 view).
 */
export function QueryView<T>({
  query,
  children,
  homePath = '/admin/courses',
  label = 'this page',
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  homePath?: string;
  label?: string;
}) {
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <ErrorView homePath={homePath} />;
    return <LoadError label={label} onRetry={() => query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

export function LoadError({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <div className="admin-load-error" role="alert">
      <p>We could not load {label}. Please try again later.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
