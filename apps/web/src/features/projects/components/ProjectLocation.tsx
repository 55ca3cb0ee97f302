import type { CarbonProject } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { countryName } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { CountryFlag } from './CountryFlag';

/** The country's flag, named in the reader's language for screen readers, then the registry's location text. */
export function ProjectLocation({ project }: { project: Pick<CarbonProject, 'location' | 'country'> }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <CountryFlag code={project.country} label={countryName(project.country, currentLanguage())} />
      <Typography variant="body2">{project.location}</Typography>
    </Box>
  );
}
