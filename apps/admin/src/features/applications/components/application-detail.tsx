import { type Application, ELIGIBILITY_RULES, type EligibilityRule } from '@school/contracts';
import { formatDateTime, LoadingIndicator, Modal } from '@school/ui';
import { useRouteQuery } from '../../../lib/route-query';
import { stateLabel } from '../state-label';

type Field = [label: string, value: (a: Application) => string | null];

const yesNo = (v: 'true' | 'false' | null) => (v === null ? 'Not asked' : v === 'true' ? 'Yes' : 'No');
const FLAG_TEXT = { true: 'Met', false: 'Not met', null: 'To confirm' } as const;

/** Every field of an application, grouped as on the form. */
export const DETAIL_GROUPS: [title: string, fields: Field[]][] = [
  [
    'Programme',
    [
      ['Course', (a) => a.course],
      ['Submitted', (a) => formatDateTime(a.created_date)],
      ['Status', (a) => stateLabel(a.status)],
    ],
  ],
  [
    'Personal details',
    [
      ['Full name', (a) => a.full_name],
      ['Email', (a) => a.email],
      ['Age', (a) => a.age],
      ['Date of birth', (a) => `${a.dobDate} ${a.dobMonth} ${a.dobYear}`],
      ['Gender', (a) => a.gender],
      ['Ethnicity', (a) => a.ethnicity],
      ['Marital status', (a) => a.marital_status],
    ],
  ],
  [
    'Contact details',
    [
      ['Address', (a) => a.full_address],
      ['City', (a) => a.city],
      ['State', (a) => stateLabel(a.state)],
      ['Postcode', (a) => a.postcode],
      ['LinkedIn', (a) => a.linkedin],
      ['Phone', (a) => a.phone],
      ['Secondary phone', (a) => a.secondary_phone],
    ],
  ],
  [
    'Education',
    [
      ['Highest qualification', (a) => a.highest_qualification],
      ['University', (a) => a.uni_name],
      ['Degree', (a) => a.degree_name],
      ['Country of study', (a) => a.country_study],
      ['Field of study', (a) => a.field_study],
      ['Qualification type', (a) => a.qualification_type],
      ['Academic result', (a) => a.academic_result],
      ['Graduation year', (a) => a.grad_year],
    ],
  ],
  [
    'English and experience',
    [
      ['English qualification', (a) => `${a.english_qualification}: ${a.english_score}`],
      ['Previous employment', (a) => a.prev_employment],
      ['Employment details', (a) => a.employment_details],
      ['Previous leadership', (a) => a.prev_leadership],
      ['Leadership details', (a) => a.leadership_details],
    ],
  ],
  [
    'Declarations',
    [
      ['Malaysian citizen', (a) => yesNo(a.is_citizen)],
      ['Can take part full time', (a) => yesNo(a.can_participate)],
      ['Has a device and internet', (a) => yesNo(a.can_device)],
      ['Can relocate', (a) => yesNo(a.can_relocate)],
    ],
  ],
];

export function ApplicationDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  // File links in the answer are signed for a few minutes only, so the detail is never cached long.
  const query = useRouteQuery(
    'adminApplicationDetail',
    { params: { applicationId: id ?? '' } },
    { select: (r) => r.data, enabled: id !== null, staleTime: 0, gcTime: 0 },
  );
  const a = query.data;
  return (
    <Modal open={id !== null} onClose={onClose} title={a ? a.full_name : 'Application'} size="lg">
      {query.isPending ? (
        <LoadingIndicator />
      ) : query.isError || !a ? (
        <p role="alert">This application could not be loaded.</p>
      ) : (
        <div className="admin-application-detail">
          {DETAIL_GROUPS.map(([title, fields]) => (
            <section key={title} className="admin-application-detail__group">
              <h3>{title}</h3>
              <dl>
                {fields.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value(a) || '–'}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          {a.eligibility && (
            <section className="admin-application-detail__group">
              <h3>Eligibility screening</h3>
              <p className="ui-muted ui-muted--small">Flags from the programme's rules; an admin confirms every application.</p>
              <dl>
                {(Object.keys(ELIGIBILITY_RULES) as EligibilityRule[]).map((rule) => (
                  <div key={rule}>
                    <dt>{ELIGIBILITY_RULES[rule]}</dt>
                    <dd>{FLAG_TEXT[String(a.eligibility![rule]) as 'true' | 'false' | 'null']}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          <section className="admin-application-detail__group">
            <h3>Documents</h3>
            <ul>
              <li>{a.resume ? <a href={a.resume}>Download resume</a> : 'No resume uploaded'}</li>
              <li>{a.transcript ? <a href={a.transcript}>Download transcript</a> : 'No transcript uploaded'}</li>
            </ul>
          </section>
        </div>
      )}
    </Modal>
  );
}
