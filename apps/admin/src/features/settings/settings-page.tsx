import { AccountSettings } from '@school/ui';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';
import { reloadPage } from './reload';

/**
 * /admin/settings and /instructor/settings: the staff's own Profile and Account Settings, the same
 * sections as the students' settings, in the console's layout.
 */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <div className="ui-page ui-stack ui-stack--loose admin-settings">
      <PageHeader title="Settings" subtitle="Your name, password, email and calendar." />
      <AccountSettings reload={() => reloadPage()} />
    </div>
  );
}
