import { intakeOptions } from '@school/catalogue/data';
import { type IntakeMailResponse, type MailPreviewResponse, unknownPlaceholderMessage, unknownPlaceholders } from '@school/contracts';
import {
  Button,
  ButtonLink,
  formatDateTime,
  routeKey,
  SelectField,
  TextAreaField,
  TextField,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import { type FormEvent, useId, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { errorMessage, fieldError } from '../../lib/api-errors';
import { useIntakeParam } from '../../lib/intakes';
import { useNotify } from '../../lib/notice';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import '../../components/admissions/admissions.css';
import './admissions-mail.css';

type IntakeMail = IntakeMailResponse['data'];
type Template = IntakeMail['templates'][number];

const person = (p: { first_name: string; last_name: string } | null) => (p ? `${p.first_name} ${p.last_name}`.trim() : 'A former admin');

/** /admin/applications/mail?intake=: the intake's admissions mail: where replies go, and the words of each message. */
export function AdmissionsMailPage() {
  const [intake, setIntake] = useIntakeParam();
  usePageTitle('Admissions mail');
  const intakes = intakeOptions();
  const query = useRouteQuery('admissionsIntakeMail', { params: { intake } }, { select: (r) => r.data });
  return (
    <div className="ui-page ui-stack ui-stack--loose admin-mail-templates">
      <PageHeader
        title="Admissions mail"
        subtitle="What applicants of this intake are emailed at each step, and where their replies go."
        back={{ to: paths.applications, label: 'Applications' }}
        actions={
          <ButtonLink variant="secondary" to={paths.admissionsRubric(intake)}>
            Rubric
          </ButtonLink>
        }
      />
      {intakes.length > 1 && (
        <SelectField
          label="Intake"
          options={intakes}
          value={intake}
          onChange={(e) => setIntake(e.target.value)}
          className="admin-mail-templates__intake"
        />
      )}
      <QueryView query={query} label="the intake's mail" homePath={paths.applications}>
        {(mail) => (
          <>
            <ReplyToForm key={`${mail.intake}:${mail.reply_to ?? ''}`} mail={mail} />
            <Templates mail={mail} />
          </>
        )}
      </QueryView>
    </div>
  );
}

function ReplyToForm({ mail }: { mail: IntakeMail }) {
  const notify = useNotify();
  const id = useId();
  const [value, setValue] = useState(mail.reply_to ?? '');
  const params = { intake: mail.intake };
  const save = useRouteMutation('admissionsSetReplyTo', {
    invalidates: () => [routeKey('admissionsIntakeMail', { params })],
    onSuccess: (answer) =>
      notify.success(
        answer.data.reply_to
          ? `Replies to this intake's admissions mail now go to ${answer.data.reply_to}.`
          : "This intake's admissions mail is sent from no-reply again.",
      ),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ params, body: { reply_to: value.trim() || null } });
  };
  const apiError = save.isError ? save.error : null;
  return (
    <section className="admin-card ui-stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section-title">
        Reply-to address
      </h2>
      <form className="admin-form admin-mail-templates__reply-to" noValidate onSubmit={submit}>
        <TextField
          label="Replies go to"
          type="email"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={fieldError(apiError, 'reply_to')}
          hint="Every admissions email of this intake carries it as Reply-To. Empty: sent from no-reply alone."
        />
        {apiError && !fieldError(apiError, 'reply_to') && (
          <p role="alert" className="admin-admissions-alert">
            {errorMessage(apiError)}
          </p>
        )}
        <div className="admin-form__actions">
          <Button type="submit" loading={save.isPending} disabled={value.trim() === (mail.reply_to ?? '')}>
            {save.isPending ? 'Saving...' : 'Save address'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Templates({ mail }: { mail: IntakeMail }) {
  const id = useId();
  const [kind, setKind] = useState(mail.templates[0].kind);
  const template = mail.templates.find((t) => t.kind === kind)!;
  return (
    <section className="admin-card ui-stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section-title">
        Messages
      </h2>
      <SelectField
        label="Message"
        options={mail.templates.map((t) => ({
          value: t.kind,
          label: `${t.label}${t.versions.length ? ` (version ${t.versions[0].version})` : ''}`,
        }))}
        value={kind}
        onChange={(e) => setKind(e.target.value as Template['kind'])}
      />
      <TemplateEditor key={`${mail.intake}:${kind}:${template.versions[0]?.version ?? 0}`} intake={mail.intake} template={template} />
      <Versions template={template} />
    </section>
  );
}

function TemplateEditor({ intake, template }: { intake: string; template: Template }) {
  const notify = useNotify();
  const current = template.versions[0] ?? template.default;
  const [subject, setSubject] = useState(current.subject);
  const [body, setBody] = useState(current.body);
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [preview, setPreview] = useState<MailPreviewResponse['data'] | null>(null);
  const params = { intake, kind: template.kind };
  const save = useRouteMutation('admissionsSaveMailTemplate', {
    invalidates: () => [routeKey('admissionsIntakeMail', { params: { intake } })],
    onSuccess: (answer) =>
      notify.success(`${template.label}: version ${answer.data.version} saved. The next ${template.label.toLowerCase()} email uses it.`),
  });
  const show = useRouteMutation('admissionsPreviewMailTemplate', { invalidates: () => [], onSuccess: (answer) => setPreview(answer.data) });
  // Checked here as the API checks it, so the admin sees the unknown name before sending.
  const check = () => {
    const found: typeof errors = {};
    const inSubject = unknownPlaceholders(template.kind, subject);
    const inBody = unknownPlaceholders(template.kind, body);
    if (!subject.trim()) found.subject = 'Subject is required';
    else if (inSubject.length) found.subject = unknownPlaceholderMessage(inSubject, template.kind);
    if (!body.trim()) found.body = 'Body is required';
    else if (inBody.length) found.body = unknownPlaceholderMessage(inBody, template.kind);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check()) save.mutate({ params, body: { language: 'en', subject, body } });
  };
  const onPreview = () => {
    if (check()) show.mutate({ params, body: { language: 'en', subject, body } });
  };
  const apiError = (save.isError ? save.error : null) ?? (show.isError ? show.error : null);
  const dirty = subject !== current.subject || body !== current.body;
  return (
    <div className="ui-stack">
      <p className="ui-muted ui-muted--small">
        {template.versions[0]
          ? `Mailed now: version ${template.versions[0].version}, saved by ${person(template.versions[0].created_by)} on ${formatDateTime(template.versions[0].created_at)}.`
          : 'Mailed now: the default message.'}{' '}
        Language: English.
      </p>
      <form className="admin-form" noValidate onSubmit={submit}>
        <TextField
          label="Subject"
          required
          maxLength={200}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          error={errors.subject ?? fieldError(apiError, 'subject')}
        />
        <TextAreaField
          label="Body"
          required
          rows={12}
          maxLength={10000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={errors.body ?? fieldError(apiError, 'body')}
          hint={`Paragraphs are separated by a blank line; the button to the applicant's private link follows them. Placeholders: ${template.placeholders
            .map((p) => `{{${p}}}`)
            .join(', ')}.`}
        />
        {apiError && !fieldError(apiError, 'subject') && !fieldError(apiError, 'body') && (
          <p role="alert" className="admin-admissions-alert">
            {errorMessage(apiError)}
          </p>
        )}
        <div className="admin-form__actions admin-mail-templates__actions">
          <Button
            variant="ghost"
            onClick={() => {
              setSubject(template.default.subject);
              setBody(template.default.body);
            }}
          >
            Start from the default
          </Button>
          <Button variant="secondary" onClick={onPreview} loading={show.isPending}>
            Preview
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty && template.versions.length > 0}>
            {save.isPending ? 'Saving...' : 'Save as new version'}
          </Button>
        </div>
      </form>
      {preview && <Preview preview={preview} />}
    </div>
  );
}

function Preview({ preview }: { preview: MailPreviewResponse['data'] }) {
  const id = useId();
  return (
    <section className="ui-stack admin-mail-templates__preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        Preview
      </h3>
      <p className="ui-muted ui-muted--small">
        Filled in from the application of {preview.application.full_name}. The link in a preview opens nothing.
      </p>
      <p>
        <strong>Subject:</strong> {preview.subject}
      </p>
      <iframe className="admin-mail-templates__frame" title={`Preview of ${preview.subject}`} sandbox="" srcDoc={preview.html} />
    </section>
  );
}

function Versions({ template }: { template: Template }) {
  if (template.versions.length === 0) return <p className="ui-muted ui-muted--small">No version saved yet: the default message is sent.</p>;
  return (
    <div className="admin-mail-templates__versions">
      <table className="admin-table" aria-label={`Versions of ${template.label}`}>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Subject</th>
            <th scope="col">Saved by</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {template.versions.map((v, i) => (
            <tr key={v.version}>
              <td data-label="Version">
                {v.version}
                {i === 0 && <span className="admin-table__sub">Mailed now</span>}
              </td>
              <td data-label="Subject">{v.subject}</td>
              <td data-label="Saved by">{person(v.created_by)}</td>
              <td data-label="When">{formatDateTime(v.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
