import { LikeFilled, LikeOutlined, StarFilled, StarOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Space, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { useRuntime } from '../../runtime';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';

interface CourseInfo {
  video: {
    name: string;
    categoryName?: string;
    coverUrl?: string;
    videoUrl: string;
    duration?: number;
    lecturer?: string;
    description?: string;
  };
  likeCount: number;
  collectCount: number;
  learnerCount: number;
  liked: boolean;
  collected: boolean;
  /** Furthest second the caller has watched. */
  progress: number;
}

/** While the video plays, how far the learner has watched is recorded every this many seconds (and on pause and at the end). */
const RECORD_EVERY_S = 10;

/** m:ss (h:mm:ss from an hour). */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * A course of the learning platform as a learner takes it: the video with its cover, the lecturer
 * and description; Like and Collect with their counts, the number of learners, and how far the
 * learner has watched (recorded as they watch, resumed from there). Every figure is the server's
 * answer after the step.
 */
export function VideoCoursePage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const navigate = useNavigate();
  const [search] = useScreenSearch();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const [unplayable, setUnplayable] = useState(false);
  const info = useCallAnswer<CourseInfo>('getEnterpriseVideoInfo', valid ? { query: { id } } : undefined, version);
  /** The furthest second sent to the server in this visit. */
  const recorded = useRef(0);

  const react = async (operationId: string) => {
    setBusy(true);
    try {
      await api.callDynamic(operationId, { query: { videoId: id } });
      setVersion((v) => v + 1);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const record = (seconds: number) => {
    const progress = Math.floor(seconds);
    if (progress <= recorded.current) return;
    recorded.current = progress;
    void api
      .callDynamic('recordVideoView', { body: { videoId: id, progress } }, { silent: true })
      .then(() => setVersion((v) => v + 1))
      .catch(() => {
        // Not recorded this time: the next record sends the furthest point again.
        recorded.current = 0;
      });
  };

  const close = () => void navigate(-1);
  if (!valid) return <Alert type="warning" showIcon message={t('common.notFound')} />;
  if (info.error && !info.data) return <Alert type="error" showIcon message={info.error} />;
  if (!info.data) return <Spin />;
  const { video, likeCount, collectCount, learnerCount, liked, collected, progress } = info.data;
  const duration = video.duration ?? 0;
  const finished = duration > 0 && progress >= duration;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <ScreenHeader title={video.name} onClose={close} />
      <Typography.Text type="secondary">
        {[
          video.categoryName,
          video.lecturer ? t('course.lecturer', { name: video.lecturer }) : '',
          duration ? clock(duration) : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Text>
      <video
        aria-label={t('course.player', { name: video.name })}
        src={video.videoUrl}
        poster={video.coverUrl || undefined}
        controls
        preload="metadata"
        style={{ width: '100%', maxHeight: 540, background: '#000' }}
        onLoadedMetadata={(event) => {
          // The learner goes on from where they stopped, unless they had finished.
          if (progress > 0 && !finished && progress < event.currentTarget.duration) event.currentTarget.currentTime = progress;
        }}
        onTimeUpdate={(event) => {
          if (event.currentTarget.currentTime >= recorded.current + RECORD_EVERY_S) record(event.currentTarget.currentTime);
        }}
        onPause={(event) => record(event.currentTarget.currentTime)}
        onEnded={(event) => record(Math.max(event.currentTarget.duration, duration))}
        onError={() => setUnplayable(true)}
      />
      {unplayable ? <Alert type="warning" showIcon message={t('course.cannotPlay')} description={video.videoUrl} /> : null}
      <Flex align="center" gap="middle" wrap>
        {[
          {
            on: liked,
            icons: [<LikeFilled key="on" />, <LikeOutlined key="off" />],
            calls: ['cancelLikeEnterpriseVideo', 'likeEnterpriseVideo'],
            text: t('course.likes', { count: likeCount }),
          },
          {
            on: collected,
            icons: [<StarFilled key="on" />, <StarOutlined key="off" />],
            calls: ['cancelCollectEnterpriseVideo', 'collectEnterpriseVideo'],
            text: t('course.collects', { count: collectCount }),
          },
        ].map(({ on, icons, calls, text }) => (
          <Button
            key={calls[1]}
            icon={on ? icons[0] : icons[1]}
            type={on ? 'primary' : 'default'}
            aria-pressed={on}
            disabled={busy}
            onClick={() => void react(String(on ? calls[0] : calls[1]))}
          >
            {text}
          </Button>
        ))}
        <Typography.Text type="secondary">
          <TeamOutlined /> {t('course.learners', { count: learnerCount })}
        </Typography.Text>
        <Typography.Text role="status">
          {finished
            ? t('course.finished')
            : progress > 0
              ? t('course.progress', { at: clock(progress), of: duration ? clock(duration) : '--' })
              : t('course.notStarted')}
        </Typography.Text>
      </Flex>
      {info.error ? <Alert type="error" showIcon message={info.error} /> : null}
      {video.description ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{video.description}</Typography.Paragraph>
      ) : null}
    </Space>
  );
}
