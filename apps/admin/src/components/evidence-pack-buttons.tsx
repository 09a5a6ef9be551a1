import { ADMIN_MESSAGES, type EvidencePackFormat } from '@school/contracts';
import { Button, useSession } from '@school/ui';
import { useState } from 'react';
import { useNotify } from '../lib/notice';

/** Downloads one trainee's pack (the API needs the bearer token, so a plain link cannot do). */
export function TraineePackButtons({ placementId, name }: { placementId: string; name: string }) {
  const { client } = useSession();
  const notify = useNotify();
  const [pending, setPending] = useState<EvidencePackFormat | null>(null);
  const download = async (format: EvidencePackFormat) => {
    setPending(format);
    try {
      const blob = await client.call('staffEvidencePack', { params: { placementId, format } });
      const url = URL.createObjectURL(new Blob([blob], { type: format === 'pdf' ? 'application/pdf' : 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `evidence-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${format}`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      notify.error(`The evidence pack could not be downloaded. ${ADMIN_MESSAGES.genericFailure}`);
    } finally {
      setPending(null);
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={pending !== null}
        aria-label={`Evidence PDF of ${name}`}
        onClick={() => download('pdf')}
      >
        Evidence PDF
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={pending !== null}
        aria-label={`Evidence CSV of ${name}`}
        onClick={() => download('csv')}
      >
        Evidence CSV
      </Button>
    </>
  );
}
