import {
  ADMIN_MESSAGES,
  type AdminProjectSettings,
  DEFAULT_PROJECT_MAX_BYTES,
  isApiError,
  PROJECT_FILE_TYPES,
  PROJECT_MAX_BYTES_CEILING,
} from '@school/contracts';
import { Button, routeKey, TextAreaField, TextField, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useNotify } from '../../lib/notice';
import { COURSE_TABS, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { RubricTemplatePicker } from './components/rubric-templates';
import { type DraftCriterion, fromDraft, newCriterionId, toDraft } from './rubric-draft';
import './authoring.css';

const MB = 1024 * 1024;

/** A project lesson's settings: instructions (text and PDFs), accepted types, maximum size and the rubric. */
export function ProjectSettingsPage() {
  const { courseId = '', lessonId = '' } = useParams();
  const query = useRouteQuery('adminProjectSettings', { params: { lessonId } }, { select: (r) => r.data });
  usePageTitle(query.data ? `Project settings · ${query.data.lesson_title}` : 'Project settings');
  return (
    <QueryView query={query} label="the project settings" homePath={paths.course(courseId, COURSE_TABS.curriculum)}>
      {(settings) => (
        <ProjectSettingsForm key={settings.lesson_id_slug} settings={settings} courseId={courseId || settings.course_id_slug} />
      )}
    </QueryView>
  );
}

function ProjectSettingsForm({ settings, courseId }: { settings: AdminProjectSettings; courseId: string }) {
  const { client } = useSession();
  const notify = useNotify();
  const lessonId = settings.lesson_id_slug;
  const [instructions, setInstructions] = useState(settings.project.instructions);
  const [files, setFiles] = useState(settings.instructions_files.map(({ id_slug, name }) => ({ id_slug, name })));
  const [types, setTypes] = useState<string[]>(settings.project.accepted_types);
  const [maxMb, setMaxMb] = useState(String(Math.round((settings.project.max_size_bytes / MB) * 10) / 10));
  const [rubric, setRubric] = useState<DraftCriterion[]>(toDraft(settings.project.rubric));
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const save = useRouteMutation('adminUpdateProjectSettings', {
    invalidates: () => [routeKey('adminProjectSettings', { params: { lessonId } }), routeKey('projectView')],
  });

  const updateCriterion = (i: number, change: (c: DraftCriterion) => DraftCriterion) =>
    setRubric((all) => all.map((c, k) => (k === i ? change(c) : c)));

  const onUpload = async (list: FileList | null) => {
    const file = list?.[0];
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    try {
      const { data } = await client.upload('adminUploadProjectFile', form, { params: { lessonId } });
      setFiles((all) => [...all, { id_slug: data.id_slug, name: data.name }]);
    } catch (e) {
      notify.error(isApiError(e) ? e.message : ADMIN_MESSAGES.genericFailure);
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = fromDraft(rubric);
    if ('error' in checked) return setError(checked.error);
    const bytes = Math.round(Number(maxMb) * MB);
    if (!Number.isFinite(bytes) || bytes < 1024 || bytes > PROJECT_MAX_BYTES_CEILING)
      return setError(`Maximum size must be between 0.01 and ${PROJECT_MAX_BYTES_CEILING / MB} MB`);
    if (types.length === 0) return setError('Accept at least one file type');
    save.mutate(
      {
        params: { lessonId },
        body: {
          instructions,
          instructions_file_ids: files.map((f) => f.id_slug),
          accepted_types: types as (typeof PROJECT_FILE_TYPES)[number][],
          max_size_bytes: bytes,
          rubric: checked.rubric,
        },
      },
      {
        onSuccess: () => notify.success('Project settings saved.'),
        onError: (err) => setError(isApiError(err) ? err.message : ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  const maxPoints = rubric.reduce((sum, c) => sum + Math.max(0, ...c.levels.map((l) => Number(l.points) || 0)), 0);

  return (
    <div className="ui-page ui-page--narrow ui-stack ui-stack--loose">
      <PageHeader
        title={`Project settings · ${settings.lesson_title}`}
        subtitle="What students read and hand in, and the rubric graders score it with."
        back={{ to: paths.course(courseId, COURSE_TABS.curriculum), label: 'Curriculum' }}
      />
      <form className="ui-stack" onSubmit={onSubmit} noValidate aria-label="Project settings">
        <TextAreaField label="Instructions" rows={6} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
        <section className="ui-stack" aria-labelledby="project-files">
          <h2 id="project-files" className="admin-subtitle">
            Instruction files (PDF)
          </h2>
          {files.length === 0 ? (
            <p className="ui-muted ui-muted--small">No files.</p>
          ) : (
            <ul className="admin-pick-list">
              {files.map((f) => (
                <li key={f.id_slug} className="admin-pick-list__item">
                  <span>{f.name}</span>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${f.name}`}
                    onClick={() => setFiles((all) => all.filter((x) => x.id_slug !== f.id_slug))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <label className="admin-file-input">
            <span>{uploading ? 'Uploading...' : 'Add a PDF'}</span>
            <input
              type="file"
              accept=".pdf,application/pdf"
              disabled={uploading}
              onChange={(e) => {
                void onUpload(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        </section>
        <fieldset className="admin-authoring__fieldset">
          <legend className="admin-subtitle">Accepted file types</legend>
          {PROJECT_FILE_TYPES.map((t) => (
            <label key={t} className="admin-authoring__check">
              <input
                type="checkbox"
                checked={types.includes(t)}
                onChange={(e) => setTypes((all) => (e.target.checked ? [...all, t] : all.filter((x) => x !== t)))}
              />
              {t}
            </label>
          ))}
        </fieldset>
        <TextField
          label="Maximum size (MB)"
          type="number"
          min={0.01}
          max={PROJECT_MAX_BYTES_CEILING / MB}
          step="0.1"
          value={maxMb}
          onChange={(e) => setMaxMb(e.target.value)}
          hint={`Default ${DEFAULT_PROJECT_MAX_BYTES / MB} MB, at most ${PROJECT_MAX_BYTES_CEILING / MB} MB.`}
        />
        <section className="ui-stack" aria-labelledby="project-rubric">
          <h2 id="project-rubric" className="admin-subtitle">
            Rubric
          </h2>
          <p className="ui-muted ui-muted--small">
            The grade is the points of the chosen levels over the best level of each criterion ({maxPoints} points now). Without criteria,
            graders give a grade from 0 to 100.
          </p>
          <RubricTemplatePicker
            rubric={rubric}
            onUse={(template) => {
              setRubric(toDraft(template.rubric));
              notify.success(`Rubric replaced by the template ${template.title}. Save the project settings to keep it.`);
            }}
          />
          {rubric.map((c, i) => (
            <fieldset key={c.id} className="admin-authoring__fieldset ui-stack">
              <legend className="admin-subtitle">Criterion {i + 1}</legend>
              <div className="admin-row">
                <TextField
                  label={`Criterion ${i + 1} title`}
                  value={c.title}
                  onChange={(e) => updateCriterion(i, (x) => ({ ...x, title: e.target.value }))}
                />
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="admin-danger-text"
                  onClick={() => setRubric((all) => all.filter((_, k) => k !== i))}
                >
                  Remove criterion {i + 1}
                </Button>
              </div>
              {c.levels.map((l, j) => (
                <div key={j} className="admin-row admin-authoring__level">
                  <TextField
                    label={`Criterion ${i + 1} level ${j + 1}`}
                    value={l.title}
                    onChange={(e) =>
                      updateCriterion(i, (x) => ({ ...x, levels: x.levels.map((y, k) => (k === j ? { ...y, title: e.target.value } : y)) }))
                    }
                  />
                  <TextField
                    label={`Criterion ${i + 1} level ${j + 1} points`}
                    type="number"
                    min={0}
                    max={1000}
                    value={l.points}
                    onChange={(e) =>
                      updateCriterion(i, (x) => ({
                        ...x,
                        levels: x.levels.map((y, k) => (k === j ? { ...y, points: e.target.value } : y)),
                      }))
                    }
                  />
                  <TextAreaField
                    className="admin-authoring__level-description"
                    label={`Criterion ${i + 1} level ${j + 1} description`}
                    rows={2}
                    maxLength={2000}
                    value={l.description}
                    onChange={(e) =>
                      updateCriterion(i, (x) => ({
                        ...x,
                        levels: x.levels.map((y, k) => (k === j ? { ...y, description: e.target.value } : y)),
                      }))
                    }
                  />
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove level ${j + 1} of criterion ${i + 1}`}
                    onClick={() => updateCriterion(i, (x) => ({ ...x, levels: x.levels.filter((_, k) => k !== j) }))}
                  >
                    Remove
                  </Button>
                </div>
              ))}
              <Button
                type="button"
                size="sm"
                variant="secondary"
                disabled={c.levels.length >= 10}
                onClick={() => updateCriterion(i, (x) => ({ ...x, levels: [...x.levels, { title: '', points: '', description: '' }] }))}
              >
                Add level to criterion {i + 1}
              </Button>
            </fieldset>
          ))}
          <Button
            type="button"
            variant="secondary"
            disabled={rubric.length >= 30}
            onClick={() =>
              setRubric((all) => [...all, { id: newCriterionId(all), title: '', levels: [{ title: '', points: '', description: '' }] }])
            }
          >
            Add criterion
          </Button>
        </section>
        {error && (
          <p className="admin-danger-text" role="alert">
            {error}
          </p>
        )}
        <div className="admin-form__actions">
          <Button type="submit" loading={save.isPending}>
            Save project settings
          </Button>
        </div>
      </form>
    </div>
  );
}
