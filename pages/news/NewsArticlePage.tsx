import { DeleteOutlined, LikeFilled, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Flex, Input, Pagination, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import { session, useRuntime } from '../../runtime';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { DATE_TIME_FORMAT } from '../../runtime/schema/properties';
import { ScreenHeader } from '../../runtime/shell/ScreenHeader';

interface Article {
  title: string;
  content: string;
  authorName?: string;
  publishTime?: string;
}

interface LikeInfo {
  likeCount: number;
  liked: boolean;
  commentCount: number;
  likers: string[];
}

interface Comment {
  id: number;
  replyToId?: number | null;
  content: string;
  userName?: string;
  createTime?: string;
  likeCount: number;
  liked: boolean;
  mine: boolean;
}

/** Comments shown per page, oldest first. */
const COMMENTS_PER_PAGE = 20;
/** Longest comment the server takes. */
const COMMENT_MAX = 500;

/**
 * An enterprise headline as its readers see it: the article, who likes it, and its comments with
 * their replies and likes; the reader likes the article or a comment, writes, answers and deletes
 * their own comments. Every figure is the server's answer after the step.
 */
export function NewsArticlePage() {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useScreenSearch();
  const id = Number(search.get('id'));
  const userId = session.user()?.userId ?? 0;
  const [version, setVersion] = useState(0);
  const [current, setCurrent] = useState(1);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<Comment>();
  const [busy, setBusy] = useState(false);

  const valid = Number.isInteger(id) && id > 0;
  const article = useCallAnswer<Article>('getEnterpriseNewsById', valid ? { query: { id } } : undefined);
  const likes = useCallAnswer<LikeInfo>(
    'likeEnterpriseNewsInfo',
    valid ? { query: { enterpriseNewsId: id } } : undefined,
    version,
  );
  const comments = useCallAnswer<{ records: Comment[]; total: number }>(
    'getEnterpriseCommentData',
    valid ? { query: { enterpriseNewsId: id, current, size: COMMENTS_PER_PAGE } } : undefined,
    version,
  );

  /** One step of the reader's (a like, a comment), then the figures read again. */
  const step = async (send: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await send();
      setVersion((v) => v + 1);
      if (done) void message.success(done);
      return true;
    } catch {
      // The API client has shown the server's message.
      return false;
    } finally {
      setBusy(false);
    }
  };

  const likeArticle = () =>
    step(() =>
      api.callDynamic(likes.data?.liked ? 'cancelLikeEnterpriseNews' : 'likeEnterpriseNews', {
        query: { enterpriseNewsId: id, userId },
      }),
    );
  const likeComment = (comment: Comment) =>
    step(() =>
      api.callDynamic(comment.liked ? 'cancelLikeComment' : 'likeComment', { query: { commentId: comment.id, userId } }),
    );
  const removeComment = (comment: Comment) =>
    step(() => api.callDynamic('delComment', { query: { id: comment.id } }), t('common.deleted'));
  const send = async () => {
    const body = { content: text.trim(), ...(replyTo ? { replyToId: replyTo.id } : {}) };
    if (await step(() => api.callDynamic('newComment', { params: { enterpriseNewsId: id }, body }), t('article.sent'))) {
      setText('');
      setReplyTo(undefined);
    }
  };

  const close = () => void navigate(-1);
  if (!valid) return <Alert type="warning" showIcon message={t('common.notFound')} />;
  if (article.error) return <Alert type="error" showIcon message={article.error} />;
  if (!article.data) return <Spin />;
  const records = comments.data?.records ?? [];
  const byId = new Map(records.map((comment) => [comment.id, comment]));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <ScreenHeader title={article.data.title} onClose={close} />
      <Typography.Text type="secondary">
        {[article.data.authorName, article.data.publishTime ? dayjs(article.data.publishTime).format(DATE_TIME_FORMAT) : '']
          .filter(Boolean)
          .join(' · ')}
      </Typography.Text>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{article.data.content}</Typography.Paragraph>
      <Flex align="center" gap="middle" wrap>
        <Button
          icon={likes.data?.liked ? <LikeFilled /> : <LikeOutlined />}
          type={likes.data?.liked ? 'primary' : 'default'}
          aria-pressed={likes.data?.liked ?? false}
          disabled={busy || !likes.data}
          onClick={() => void likeArticle()}
        >
          {t('article.likes', { count: likes.data?.likeCount ?? 0 })}
        </Button>
        <Typography.Text type="secondary">
          <MessageOutlined /> {t('article.comments', { count: likes.data?.commentCount ?? 0 })}
        </Typography.Text>
        {likes.data?.likers.length ? (
          <Typography.Text type="secondary">
            {t('article.likedBy', { names: likes.data.likers.join(t('article.separator')) })}
          </Typography.Text>
        ) : null}
      </Flex>
      {likes.error ? <Alert type="error" showIcon message={likes.error} /> : null}

      <Card size="small" title={t('article.comments', { count: comments.data?.total ?? 0 })}>
        {comments.error ? <Alert type="error" showIcon message={comments.error} /> : null}
        <Spin spinning={comments.loading}>
          {records.length === 0 && !comments.loading ? <Empty description={t('article.noComments')} /> : null}
          <Space orientation="vertical" style={{ width: '100%' }}>
            {records.map((comment) => {
              const answered = comment.replyToId ? byId.get(comment.replyToId) : undefined;
              return (
                <div key={comment.id} data-comment={comment.id} style={{ paddingLeft: comment.replyToId ? 24 : 0 }}>
                  <Typography.Text strong>{comment.userName}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {comment.createTime ? dayjs(comment.createTime).format(DATE_TIME_FORMAT) : ''}
                  </Typography.Text>
                  {answered ? (
                    <Tag style={{ marginInlineStart: 8 }}>{t('article.replyTo', { name: answered.userName })}</Tag>
                  ) : null}
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>
                    {comment.content}
                  </Typography.Paragraph>
                  <Space size={0}>
                    <Button
                      type="link"
                      size="small"
                      icon={comment.liked ? <LikeFilled aria-hidden /> : <LikeOutlined aria-hidden />}
                      aria-pressed={comment.liked}
                      // Named with the count it shows (WCAG 2.5.3, label in name), not as an aside in brackets.
                      aria-label={`${t('article.likeComment')}: ${comment.likeCount}`}
                      disabled={busy}
                      onClick={() => void likeComment(comment)}
                    >
                      {comment.likeCount}
                    </Button>
                    <Button type="link" size="small" onClick={() => setReplyTo(comment)}>
                      {t('article.reply')}
                    </Button>
                    {comment.mine ? (
                      <Popconfirm
                        title={t('article.confirmDelete')}
                        okText={t('common.ok')}
                        cancelText={t('common.cancel')}
                        onConfirm={() => void removeComment(comment)}
                      >
                        <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                          {t('common.delete')}
                        </Button>
                      </Popconfirm>
                    ) : null}
                  </Space>
                </div>
              );
            })}
          </Space>
        </Spin>
        {(comments.data?.total ?? 0) > COMMENTS_PER_PAGE ? (
          <Pagination
            align="end"
            current={current}
            pageSize={COMMENTS_PER_PAGE}
            total={comments.data?.total ?? 0}
            showSizeChanger={false}
            onChange={setCurrent}
          />
        ) : null}
        <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
          {replyTo ? (
            <Tag closable onClose={() => setReplyTo(undefined)}>
              {t('article.replyTo', { name: replyTo.userName })}
            </Tag>
          ) : null}
          <Input.TextArea
            aria-label={t('article.write')}
            placeholder={t('article.write')}
            value={text}
            maxLength={COMMENT_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="primary" disabled={busy || !text.trim()} onClick={() => void send()}>
            {t('article.send')}
          </Button>
        </Space>
      </Card>
    </Space>
  );
}
