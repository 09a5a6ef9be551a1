import type { ApiClient } from '@school/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

/** `videoId` is the stored video's id (the lesson's video_lecture_id_slug, storage prefix stripped). */
export function fetchVideoUrl(client: ApiClient, videoId: string, signal?: AbortSignal): Promise<string> {
  return client.call('videoUrl', { query: { url: videoId }, signal }).then((r) => r.url);
}

export const videoUrlQuery = (client: ApiClient, videoId: string) =>
  queryOptions({
    queryKey: ['video-url', videoId],
    queryFn: ({ signal }) => fetchVideoUrl(client, videoId, signal),
    // The URL is signed for a few minutes; the player asks again when it stops working.
    staleTime: 4 * 60_000,
    retry: false,
  });

/** A short-lived signed URL of a lesson video. */
export function useVideoUrl(videoId: string | null) {
  const { client } = useSession();
  return useQuery({ ...videoUrlQuery(client, videoId ?? ''), enabled: !!videoId });
}
