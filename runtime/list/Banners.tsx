import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageSchema } from '../../generated/meta';
import { useCallAnswer } from './useCallAnswer';

interface Banner {
  id: number;
  title: string;
  imageUrl: string;
  linkUrl?: string;
}

/** The banner's title, laid over its picture: light on a dark band, readable over any picture and in either theme. */
const TITLE: CSSProperties = {
  position: 'absolute',
  insetInlineStart: 16,
  bottom: 12,
  maxWidth: 'calc(100% - 32px)',
  padding: '4px 12px',
  borderRadius: 4,
  background: '#1f1f1f',
  color: '#ffffff',
  fontSize: 18,
  fontWeight: 600,
};

/**
 * The enabled banners of a screen (`banners` of its page schema), in their order, one at a time:
 * its picture with its title laid over it, a link when it leads to a screen of the platform, and
 * buttons for the previous, the next and each banner. Nothing moves by itself, and nothing is
 * shown while the screen has no banner or they cannot be read: the list below is the screen.
 */
export function Banners({ position }: { position: NonNullable<PageSchema['banners']> }) {
  const { t } = useTranslation();
  const { data } = useCallAnswer<{ records: Banner[] }>('getBannerList', { query: { position, current: 1, size: 10 } });
  const [chosen, setChosen] = useState(0);
  const banners = data?.records ?? [];
  const index = Math.min(chosen, banners.length - 1);
  const banner = banners[index];
  if (!banner) return null;
  const picture = (
    <div style={{ position: 'relative', height: 'clamp(120px, 20vw, 240px)', borderRadius: 8, overflow: 'hidden' }}>
      <img
        src={banner.imageUrl}
        alt=""
        style={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'right center', display: 'block' }}
      />
      <span style={TITLE}>{banner.title}</span>
    </div>
  );
  const step = (by: number) => setChosen((index + by + banners.length) % banners.length);
  return (
    <section aria-label={t('common.banners')} aria-roledescription={t('common.carousel')}>
      {/* An address of the platform opens in it; another is no link. */}
      {banner.linkUrl?.startsWith('/') ? <Link to={banner.linkUrl}>{picture}</Link> : picture}
      {banners.length > 1 ? (
        <Flex justify="center" align="center" gap="small" style={{ marginTop: 8 }}>
          <Button
            type="text"
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('common.previousBanner')}
            onClick={() => step(-1)}
          />
          {banners.map((entry, at) => (
            <Button
              key={entry.id}
              type={at === index ? 'primary' : 'default'}
              shape="circle"
              size="small"
              aria-label={entry.title}
              aria-current={at === index}
              onClick={() => setChosen(at)}
            />
          ))}
          <Button type="text" size="small" icon={<RightOutlined />} aria-label={t('common.nextBanner')} onClick={() => step(1)} />
        </Flex>
      ) : null}
    </section>
  );
}
