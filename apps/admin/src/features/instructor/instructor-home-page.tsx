import { StandardLayout, useSession } from '@school/ui';

/** Instructors' home. */
export function InstructorHomePage() {
  const { user, logout } = useSession();
  return (
    <StandardLayout user={user} onLogout={logout}>
      <section>
        <h1>Welcome, {user?.first_name}</h1>
      </section>
    </StandardLayout>
  );
}
