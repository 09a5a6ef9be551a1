import { VIDEO_AUTO_COMPLETE_SECONDS } from '@school/contracts';
import { LoadingIndicator, routeKey, useRouteQuery } from '@school/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type SyntheticEvent } from 'react';
import '../lesson.css';

/** True once the video is close enough to its end to count as watched. */
export function isNearEnd(currentTime: number, duration: number): boolean {
  return Number.isFinite(duration) && duration > 0 && duration - currentTime <= VIDEO_AUTO_COMPLETE_SECONDS;
}

export interface VideoPlayerProps {
  videoId: string;
  title: string;
  /** Signed URL of the WebVTT captions, when the video has them. */
  captionsUrl: string | null;
  /** Called (at most once per lesson view) when 60 seconds or less remain, or the video ends. */
  onNearEnd: () => void;
  /** Where the student stopped last time (seconds); the video opens there. */
  startAt?: number | null;
  /** Keeps the student's place: called every few seconds of playback, on pause and when leaving. */
  onPosition?: (seconds: number) => void;
}

/** How often, in seconds of playback, the place is kept. */
const KEEP_EVERY_SECONDS = 5;

/** The lesson video from a short-lived signed URL; a fresh URL is fetched when the old one stops working. */
export function VideoPlayer({ videoId, title, captionsUrl, onNearEnd, startAt = null, onPosition }: VideoPlayerProps) {
  // `videoId` is the stored video's id (the lesson's video_lecture_id_slug, storage prefix stripped).
  const url = useRouteQuery(
    'videoUrl',
    { query: { url: videoId } },
    // The URL is signed for a few minutes; the player asks again when it stops working.
    { select: (r) => r.url, enabled: !!videoId, staleTime: 4 * 60_000, retry: false, keepPrevious: false },
  );
  const queryClient = useQueryClient();
  const reported = useRef(false);
  const resumeAt = useRef<number | null>(startAt && startAt > 0 ? startAt : null);
  const kept = useRef<number>(startAt ?? 0);
  const keepPlace = useRef(onPosition);
  useEffect(() => {
    keepPlace.current = onPosition;
  }, [onPosition]);

  const keep = (seconds: number, force = false) => {
    if (!Number.isFinite(seconds) || (!force && Math.abs(seconds - kept.current) < KEEP_EVERY_SECONDS)) return;
    kept.current = seconds;
    keepPlace.current?.(seconds);
  };

  // Leaving the lesson keeps the place where the student was. This runs as the element goes (a
  // ref's cleanup), while it can still be read: an effect's cleanup runs after refs are cleared.
  const attach = useCallback((v: HTMLVideoElement) => {
    return () => {
      if (v.currentTime > 0 && v.currentTime !== kept.current) {
        kept.current = v.currentTime;
        keepPlace.current?.(v.currentTime);
      }
    };
  }, []);

  const check = (e: SyntheticEvent<HTMLVideoElement>) => {
    const v = e.currentTarget;
    if (!v.paused) keep(v.currentTime);
    // Only playback counts: seeking to the end without playing does not complete the lesson.
    if (!reported.current && !v.paused && isNearEnd(v.currentTime, v.duration)) {
      reported.current = true;
      onNearEnd();
    }
  };

  if (url.isPending) return <LoadingIndicator text="Loading video..." />;
  if (url.isError) return <p className="learn-notice">This video is not available right now.</p>;
  return (
    // The captions track is there whenever the lesson has a captions file (the rule cannot see a conditional child).
    // oxlint-disable-next-line jsx-a11y/media-has-caption
    <video
      key={url.data}
      ref={attach}
      className="learn-video"
      src={url.data}
      // With files in a bucket the video and its captions redirect to another origin: a <track>
      // only follows such a redirect when the video asks for CORS (the bucket allows the apps' origins).
      crossOrigin="anonymous"
      controls
      preload="metadata"
      playsInline
      aria-label={`Video: ${title}`}
      data-testid="lesson-video"
      onTimeUpdate={check}
      onPause={(e) => keep(e.currentTarget.currentTime, true)}
      onEnded={() => {
        if (!reported.current) {
          reported.current = true;
          onNearEnd();
        }
      }}
      onLoadedMetadata={(e) => {
        if (resumeAt.current !== null) {
          e.currentTarget.currentTime = resumeAt.current;
          resumeAt.current = null;
        }
      }}
      onError={(e) => {
        // The signed URL has probably expired: ask for a new one and carry on where the student was.
        resumeAt.current = e.currentTarget.currentTime || null;
        void queryClient.invalidateQueries({ queryKey: routeKey('videoUrl', { query: { url: videoId } }) });
      }}
    >
      {captionsUrl && <track kind="captions" src={captionsUrl} srcLang="en" label="English" default />}
    </video>
  );
}
