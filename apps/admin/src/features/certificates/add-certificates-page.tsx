import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_MESSAGES,
  CreateCertificateSchema,
  DEFAULT_CERTIFICATE_PROVIDER,
  DEFAULT_SORTS,
  isApiError,
  PAGE_SIZES,
} from '@school/contracts';
import { Button, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { z } from 'zod';
import { ListFrame } from '../../components/list-frame';
import { PickList } from '../../components/pick-list';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { listQuery, useListParams } from '../../lib/list-params';
import { useNotify } from '../../lib/notice';
import { COHORT_TABS, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { invalidations } from '../../lib/invalidations';

/** /admin/cohorts/{id}/add-certificates: link existing certificates, or create one and link it. */
export function AddCertificatesPage() {
  const { id = '' } = useParams();
  const cohort = useRouteQuery('adminCohortDetail', { params: { cohortId: id } }, { select: (r) => r.data });
  usePageTitle(cohort.data ? `Certificates of ${cohort.data.title}` : 'Add certificates');
  return (
    <QueryView query={cohort} label="the cohort" homePath={paths.cohorts}>
      {(c) => (
        <div className="ui-page ui-stack ui-stack--loose">
          <PageHeader
            title={`Add certificates to ${c.title}`}
            back={{ to: paths.cohort(id, COHORT_TABS.certifications), label: c.title }}
          />
          <CreateCertificateForm cohortId={id} />
          <ExistingCertificates cohortId={id} />
        </div>
      )}
    </QueryView>
  );
}

function ExistingCertificates({ cohortId }: { cohortId: string }) {
  const list = useListParams(DEFAULT_SORTS.certificates);
  const certificates = useRouteQuery('adminCertificateList', {
    query: { ...listQuery(list, PAGE_SIZES.certificates), exclude_cohort_id_slug: cohortId },
  });
  const link = useRouteMutation('adminAddCertificate', { invalidates: invalidations.adminAddCertificate });
  const notify = useNotify();
  return (
    <section className="ui-stack" aria-labelledby="existing-certificates">
      <h2 id="existing-certificates" className="admin-section-title">
        Existing certificates
      </h2>
      <ListFrame
        label="Certificates not linked to the cohort"
        query={certificates}
        pageSize={PAGE_SIZES.certificates}
        list={list}
        sortField="title"
        searchPlaceholder="Search certificates..."
        empty={list.search ? 'No certificate matches your search.' : 'Every certificate is already linked to this cohort.'}
      >
        {(rows) => (
          <PickList
            label="Certificates"
            rows={rows}
            rowKey={(c) => c.id_slug}
            renderTitle={(c) => c.title}
            renderSub={(c) => (
              <>
                {c.provider.join(', ')} · {c.cohorts_count} {c.cohorts_count === 1 ? 'cohort' : 'cohorts'}
              </>
            )}
            renderAction={(c) => (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Add ${c.title}`}
                loading={link.isPending && link.variables?.body.certificate_id_slug === c.id_slug}
                onClick={() =>
                  link.mutate(
                    { params: { cohortId }, body: { certificate_id_slug: c.id_slug } },
                    {
                      onSuccess: () => notify.success(`Certificate added to the cohort: ${c.title}.`),
                      onError: (e) => notify.error(isApiError(e) && e.status === 409 ? e.message : ADMIN_MESSAGES.genericFailure),
                    },
                  )
                }
              >
                Add
              </Button>
            )}
          />
        )}
      </ListFrame>
    </section>
  );
}

/** The form keeps one provider; the API takes a list. */
const CertificateFormSchema = z.object({
  title: CreateCertificateSchema.shape.title,
  provider: z.string().trim().min(1, { error: 'Provider is required' }).max(200),
});

function CreateCertificateForm({ cohortId }: { cohortId: string }) {
  const create = useRouteMutation('adminCertificateCreate', { invalidates: invalidations.adminCertificateCreate });
  const link = useRouteMutation('adminAddCertificate', { invalidates: invalidations.adminAddCertificate });
  const notify = useNotify();
  const form = useForm<z.input<typeof CertificateFormSchema>, unknown, z.output<typeof CertificateFormSchema>>({
    resolver: zodResolver(CertificateFormSchema),
    defaultValues: { title: '', provider: DEFAULT_CERTIFICATE_PROVIDER },
  });
  const { errors } = form.formState;
  const busy = create.isPending || link.isPending;

  const onSubmit = form.handleSubmit(async ({ title, provider }) => {
    try {
      const { id_slug } = await create.mutateAsync({ body: { title, provider: [provider] } });
      await link.mutateAsync({ params: { cohortId }, body: { certificate_id_slug: id_slug } });
      notify.success(`Certificate created and added to the cohort: ${title}.`);
      form.reset();
    } catch {
      notify.error(ADMIN_MESSAGES.genericFailure);
    }
  });

  return (
    <form className="admin-form admin-card" onSubmit={onSubmit} noValidate aria-labelledby="new-certificate">
      <h2 id="new-certificate" className="admin-section-title">
        New certificate
      </h2>
      <div className="admin-form__grid">
        <TextField label="Certificate title" required {...form.register('title')} error={errors.title?.message} />
        <TextField label="Provider" required {...form.register('provider')} error={errors.provider?.message} />
      </div>
      <div className="admin-form__actions">
        <Button type="submit" loading={busy}>
          Create and add to cohort
        </Button>
      </div>
    </form>
  );
}
