import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The help center's articles, in the order its list shows them (their texts live in features/help/articles). */
export const HELP_TOPICS = [
  'getting-started',
  'roles-and-permissions',
  'wallet-approval',
  'minting',
  'retiring-and-certificates',
  'verification',
  'kyc',
  'api-and-webhooks',
  'phantom-custom-token',
  'support',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

/** The Phantom article has its own route (docs/product.md §2); every other article opens inside /help. */
export function helpTopicPath(topic: HelpTopic): string {
  return topic === 'phantom-custom-token' ? '/help/phantom-custom-token' : `/help?article=${topic}`;
}

/** The "?" beside a screen's title: opens the help article about that screen. */
export function HelpLink({ topic }: { topic: HelpTopic }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('help.link')}>
      <IconButton component={RouterLink} to={helpTopicPath(topic)} aria-label={t('help.link')} size="small" color="primary">
        <HelpOutline fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
