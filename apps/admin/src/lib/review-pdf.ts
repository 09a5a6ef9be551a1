import { useSession } from '@school/ui';
import { useState } from 'react';

/** Downloads a frozen review's PDF through the coach's route (admins may use it too). */
export function useReviewPdf(cohortId: string, userIdSlug: string) {
  const { client } = useSession();
  const [failed, setFailed] = useState(false);
  const download = async (week: number) => {
    setFailed(false);
    try {
      const blob = await client.call('coachOjtReviewPdf', { params: { cohortId, userIdSlug, week } });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `review-week-${week}-${userIdSlug}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setFailed(true);
    }
  };
  return { download, failed };
}
