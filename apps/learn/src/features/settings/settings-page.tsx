import { AccountSettings, ErrorView, useSession } from '@school/ui';
import { usePageTitle } from '../../lib/use-page-title';
import { reloadPage } from './reload';

/** /student/settings: Profile and Account Settings, with side tabs that scroll to each section. */
export function SettingsPage() {
  const { user } = useSession();
  usePageTitle('Settings');
  if (!user) return <ErrorView homePath="/" />;
  return (
    <div className="ui-page ui-page--padded">
      <h1>Settings</h1>
      <AccountSettings reload={() => reloadPage()} />
    </div>
  );
}
