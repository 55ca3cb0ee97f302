import Api from '@mui/icons-material/Api';
import Business from '@mui/icons-material/Business';
import Code from '@mui/icons-material/Code';
import Groups from '@mui/icons-material/Groups';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import Security from '@mui/icons-material/Security';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import type SvgIcon from '@mui/material/SvgIcon';

export const GROUP_ICONS: Record<string, typeof SvgIcon> = {
  'carbon-operations': LocalFireDepartment,
  management: Business,
  compliance: VerifiedUser,
  'team-management': Groups,
  'security-monitoring': Security,
  'api-management': Api,
  'system-monitoring': MonitorHeart,
  'developer-tools': Code,
  help: HelpOutline,
};
