import { usePageTitle } from '../../lib/use-page-title';

function Placeholder({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <h1 className="admin-page-header__title">{title}</h1>
      <p className="ui-empty ui-empty--quiet">{text}</p>
    </div>
  );
}

/** /admin/lessons-library: placeholder (learning spec, section 2). */
export const LessonsLibraryPage = () => <Placeholder title="Lessons Library" text="The lessons library is coming soon." />;
