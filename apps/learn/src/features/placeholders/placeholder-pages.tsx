import { usePageTitle } from '../../lib/use-page-title';

/** /student/my-learning: a placeholder. */
export function MyLearningPage() {
  usePageTitle('My learning');
  return (
    <div className="ui-page ui-page--padded">
      <h1>My learning</h1>
      <p className="ui-muted">This page is coming soon.</p>
    </div>
  );
}

/** /student/help: a placeholder. */
export function HelpPage() {
  usePageTitle('Help');
  return (
    <div className="ui-page ui-page--padded">
      <h1>Help</h1>
      <p className="ui-muted">This page is coming soon.</p>
    </div>
  );
}
