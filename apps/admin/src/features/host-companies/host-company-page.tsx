import { ADMIN_MESSAGES, type HostCompany, isApiError, type SaveHostCompanyInput } from '@school/contracts';
import { Button, TextAreaField, TextField, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { fieldError } from '../../lib/api-errors';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { HostFiguresCard } from './host-figures';
import './host-companies.css';

type Draft = Required<Pick<SaveHostCompanyInput, 'name' | 'registration_number'>> & {
  sites: { name: string; address: string }[];
  contacts: { name: string; role: string; email: string; phone: string }[];
};
const EMPTY_SITE = { name: '', address: '' };
const EMPTY_CONTACT = { name: '', role: '', email: '', phone: '' };
const EMPTY: Draft = { name: '', registration_number: '', sites: [EMPTY_SITE], contacts: [] };

const draftOf = (c: HostCompany): Draft => ({
  name: c.name,
  registration_number: c.registration_number,
  sites: c.sites,
  contacts: c.contacts,
});

/** /admin/host-companies/new and /admin/host-companies/{id}: a host company's details, sites and contacts. */
export function HostCompanyPage() {
  const { id = '' } = useParams();
  const query = useRouteQuery('adminHostCompany', { params: { hostCompanyId: id } }, { enabled: id !== 'new', select: (r) => r.data });
  usePageTitle(id === 'new' ? 'Add host company' : (query.data?.name ?? 'Host company'));
  if (id === 'new') return <HostCompanyForm />;
  return (
    <QueryView query={query} label="the host company" homePath={paths.hostCompanies}>
      {(company) => <HostCompanyForm key={company.id_slug} company={company} />}
    </QueryView>
  );
}

function HostCompanyForm({ company }: { company?: HostCompany }) {
  const [draft, setDraft] = useState<Draft>(company ? draftOf(company) : EMPTY);
  const notify = useNotify();
  const { go } = useSession();
  const create = useRouteMutation('adminCreateHostCompany', { invalidates: invalidations.adminCreateHostCompany });
  const update = useRouteMutation('adminUpdateHostCompany', { invalidates: invalidations.adminUpdateHostCompany });
  const saving = company ? update : create;
  const err = saving.error;
  const title = company ? company.name : 'Add host company';

  const setSite = (i: number, key: 'name' | 'address', value: string) =>
    setDraft((d) => ({ ...d, sites: d.sites.map((s, j) => (j === i ? { ...s, [key]: value } : s)) }));
  const setContact = (i: number, key: keyof typeof EMPTY_CONTACT, value: string) =>
    setDraft((d) => ({ ...d, contacts: d.contacts.map((c, j) => (j === i ? { ...c, [key]: value } : c)) }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const done = {
      onSuccess: (r: { data: HostCompany }) => {
        notify.success(`${r.data.name} is saved.`, { page: paths.hostCompanies });
        go(paths.hostCompanies);
      },
      onError: (error: unknown) => !isApiError(error) && notify.error(ADMIN_MESSAGES.genericFailure),
    };
    if (company) update.mutate({ params: { hostCompanyId: company.id_slug }, body: draft }, done);
    else create.mutate({ body: draft }, done);
  };

  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title={title} back={{ to: paths.hostCompanies, label: 'Host companies' }} />
      {company && <HostFiguresCard figures={company.figures} />}
      <form className="admin-card ui-stack" aria-label={title} onSubmit={onSubmit} noValidate>
        {err && isApiError(err) && <p role="alert">{err.message}</p>}
        <TextField
          label="Company name"
          required
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          error={fieldError(err, 'name')}
        />
        <TextField
          label="Registration number"
          required
          value={draft.registration_number}
          onChange={(e) => setDraft({ ...draft, registration_number: e.target.value })}
          error={fieldError(err, 'registration_number')}
          hint="As registered with SSM; the placements CSV names the company by it"
        />
        <fieldset className="admin-host-group ui-stack">
          <legend>Sites</legend>
          {fieldError(err, 'sites') && <p role="alert">{fieldError(err, 'sites')}</p>}
          {draft.sites.map((s, i) => (
            <div key={i} className="admin-host-row">
              <TextField label={`Site ${i + 1} name`} required value={s.name} onChange={(e) => setSite(i, 'name', e.target.value)} />
              <TextAreaField
                label={`Site ${i + 1} address`}
                rows={2}
                value={s.address}
                onChange={(e) => setSite(i, 'address', e.target.value)}
              />
              {draft.sites.length > 1 && (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setDraft({ ...draft, sites: draft.sites.filter((_, j) => j !== i) })}
                >
                  Remove site {i + 1}
                </Button>
              )}
            </div>
          ))}
          <div>
            <Button type="button" size="sm" variant="secondary" onClick={() => setDraft({ ...draft, sites: [...draft.sites, EMPTY_SITE] })}>
              Add a site
            </Button>
          </div>
        </fieldset>
        <fieldset className="admin-host-group ui-stack">
          <legend>Contacts</legend>
          {draft.contacts.length === 0 && <p className="ui-empty ui-empty--quiet">No contact yet.</p>}
          {draft.contacts.map((c, i) => (
            <div key={i} className="admin-host-row">
              <TextField label={`Contact ${i + 1} name`} required value={c.name} onChange={(e) => setContact(i, 'name', e.target.value)} />
              <TextField label={`Contact ${i + 1} role`} value={c.role} onChange={(e) => setContact(i, 'role', e.target.value)} />
              <TextField
                label={`Contact ${i + 1} email`}
                type="email"
                required
                value={c.email}
                onChange={(e) => setContact(i, 'email', e.target.value)}
                error={fieldError(err, `contacts.${i}.email`)}
              />
              <TextField
                label={`Contact ${i + 1} phone`}
                type="tel"
                value={c.phone}
                onChange={(e) => setContact(i, 'phone', e.target.value)}
              />
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => setDraft({ ...draft, contacts: draft.contacts.filter((_, j) => j !== i) })}
              >
                Remove contact {i + 1}
              </Button>
            </div>
          ))}
          <div>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => setDraft({ ...draft, contacts: [...draft.contacts, EMPTY_CONTACT] })}
            >
              Add a contact
            </Button>
          </div>
        </fieldset>
        <div>
          <Button type="submit" disabled={saving.isPending}>
            {company ? 'Save host company' : 'Add host company'}
          </Button>
        </div>
      </form>
    </div>
  );
}
