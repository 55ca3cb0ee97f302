import { PROJECT_TYPES, actsForWholeTenant, canAccess, type ProjectType } from '@carbonledger/contracts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { useAuthStore } from '../../lib/auth-store';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useProjectStats } from './api/project-stats';
import { useProjects } from './api/projects';
import { ProjectCard } from './components/ProjectCard';
import { ImportVcuDialog } from './components/ImportVcuDialog';
import { ProjectDetailDialog } from './components/ProjectDetailDialog';
import { BuyCreditsDialog } from './components/BuyCreditsDialog';
import { PurchaseOrdersSection } from './components/PurchaseOrdersSection';

const PAGE_SIZE = 12;
/** Typing waits this long before searching, so a word is one request, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

type TypeFilter = 'all' | ProjectType;

/** docs/product.md §2 /carbon-projects: search, type filter, stats, project cards with the mint and purchase actions, detail (?project=<id>), VCU import for minters, the purchase orders. */
export default function CarbonProjectsPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const user = useAuthStore((state) => state.user);
  const session = useAuthStore((state) => state.session);
  const canMint = Boolean(user && session && canAccess(user.role, session.permissions, 'tokens', 'mint'));
  const [params, setParams] = useSearchParams();
  const detailId = params.get('project');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const [page, setPage] = useState(1);
  const [importOpen, setImportOpen] = useState(false);
  const [buying, setBuying] = useState<{ id: string; name: string } | null>(null);
  const canReadTokens = Boolean(user && session && canAccess(user.role, session.permissions, 'tokens', 'read'));

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const stats = useProjectStats();
  const projects = useProjects({ search, type, page, pageSize: PAGE_SIZE });
  const typesPresent = PROJECT_TYPES.filter((candidate) => stats.data?.byType.some((entry) => entry.type === candidate));
  const pages = projects.data ? Math.ceil(projects.data.total / PAGE_SIZE) : 0;
  const amount = (value: string | undefined) => (value === undefined ? undefined : formatNumber(BigInt(value), language));

  const openDetail = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('project', id);
      else next.delete('project');
      return next;
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title={name}
        subtitle={t('projects.subtitle')}
        actions={
          canMint && (
            <Button variant="contained" startIcon={<FileDownloadOutlined />} onClick={() => setImportOpen(true)}>
              {t('projects.import.open')}
            </Button>
          )
        }
      />

      <Box
        component="section"
        aria-label={t('projects.stats.label')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
      >
        <StatCard label={t('projects.stats.projects')} value={stats.data ? formatNumber(stats.data.projectCount, language) : undefined} />
        <StatCard label={t('projects.stats.total')} value={amount(stats.data?.totalCredits)} />
        <StatCard label={t('projects.stats.available')} value={amount(stats.data?.availableCredits)} />
        <StatCard label={t('projects.stats.retired')} value={amount(stats.data?.retiredCredits)} />
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          label={t('projects.search')}
          placeholder={t('projects.searchPlaceholder')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          size="small"
          type="search"
          sx={{ minWidth: { xs: '100%', sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label={t('projects.typeFilter')}
          value={type}
          onChange={(_event, value: TypeFilter | null) => {
            if (!value) return;
            setType(value);
            setPage(1);
          }}
          // Unselected buttons take MUI's action grey, just under WCAG contrast on white; the secondary text colour passes.
          sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' } }}
        >
          <ToggleButton value="all">{t('common.all')}</ToggleButton>
          {typesPresent.map((candidate) => (
            <ToggleButton key={candidate} value={candidate}>
              {t(`projects.types.${candidate}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>

      {projects.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      {(projects.isError || stats.isError) && (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void projects.refetch();
                void stats.refetch();
              }}
            >
              {t('projects.retry')}
            </Button>
          }
        >
          {t('projects.loadFailed')}
        </Alert>
      )}
      {projects.data && projects.data.items.length === 0 && <Alert severity="info">{t('projects.empty')}</Alert>}
      {projects.data && projects.data.items.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } }}>
          {projects.data.items.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              canMint={canMint}
              onDetails={() => openDetail(project.id)}
              onBuy={canMint ? () => setBuying({ id: project.id, name: project.name }) : undefined}
            />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination count={pages} page={page} onChange={(_event, value) => setPage(value)} sx={{ alignSelf: 'center' }} aria-label={t('projects.pagination')} />
      )}

      {canReadTokens && <PurchaseOrdersSection showCompany={Boolean(user && actsForWholeTenant(user.role))} />}

      <ProjectDetailDialog projectId={detailId} canMint={canMint} onClose={() => openDetail(null)} onBuy={canMint ? setBuying : undefined} />
      {canMint && <BuyCreditsDialog project={buying} onClose={() => setBuying(null)} />}
      {canMint && <ImportVcuDialog open={importOpen} onClose={() => setImportOpen(false)} />}
    </Box>
  );
}
