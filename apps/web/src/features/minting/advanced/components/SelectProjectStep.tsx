import { mintingTexts, registryTexts, type CarbonProject } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../../components/TextInput';
import { useWizardProjects } from '../api/projects';
import { translateMintMessage } from '../mint-messages';

/** Step 1: choose the carbon project whose credits become tokens. */
export function SelectProjectStep({
  selected,
  onSelect,
  onNext,
}: {
  selected: CarbonProject | null;
  onSelect: (project: CarbonProject) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [missing, setMissing] = useState(false);
  const projects = useWizardProjects(search);
  const items = projects.data?.items ?? [];

  const next = () => {
    if (!selected) {
      setMissing(true);
      return;
    }
    onNext();
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextInput label={t('mintWizard.select.search')} value={search} onChange={(event) => setSearch(event.target.value)} type="search" />
      {projects.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      {projects.isError && <Alert severity="error">{translateMintMessage(t, registryTexts.loadProjectsFailed)}</Alert>}
      {projects.isSuccess && items.length === 0 && <Alert severity="info">{t('mintWizard.select.none')}</Alert>}
      <RadioGroup
        aria-label={t('mintWizard.select.label')}
        value={selected?.id ?? ''}
        onChange={(event) => {
          const project = items.find((item) => item.id === event.target.value);
          if (project) {
            setMissing(false);
            onSelect(project);
          }
        }}
      >
        {items.map((project) => (
          <FormControlLabel
            key={project.id}
            value={project.id}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', py: 1, mr: 0, borderBottom: 1, borderColor: 'divider' }}
            label={
              <Box sx={{ pt: 0.75 }}>
                <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                  {project.name}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {t('mintWizard.select.facts', { id: project.id, location: project.location, methodology: project.methodology, vintage: project.vintage })}
                </Typography>
                <Chip size="small" label={t(`projects.types.${project.type}`)} sx={{ mt: 0.5 }} />
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {missing && (
        <Alert severity="warning" role="alert">
          {translateMintMessage(t, mintingTexts.selectProject)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={next}>
          {t('mintWizard.next')}
        </Button>
      </Box>
    </Box>
  );
}
