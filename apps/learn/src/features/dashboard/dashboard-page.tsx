import { ErrorView, useSession } from '@school/ui';

/** The student's home: a greeting and their classes. */
export function DashboardPage() {
  const { user } = useSession();
  if (!user) return <ErrorView />;
  return (
    <section className="dashboard">
      <h1>Welcome back, {user.first_name}</h1>
    </section>
  );
}
