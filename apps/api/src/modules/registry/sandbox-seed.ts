// Over 300 lines on purpose: most of it is the demo catalogue (SANDBOX_PROJECTS), data that reads best in one place.
import { formatVerraSerial, type CreditType, type ProjectType, type VerraSerial } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { insertBlocks, insertProjects, type NewSandboxBlock } from './sandbox-registry.repository';

interface VintagePlan {
  year: number;
  /** Blocks issued for this vintage, contiguous and sharing one issuance number. */
  blocks: number;
  minUnits: number;
  maxUnits: number;
  /** How many of the first blocks were already retired by earlier buyers. */
  retired: number;
}

interface SandboxProjectPlan {
  projectId: string;
  name: string;
  description: string;
  location: string;
  country: string;
  type: ProjectType;
  technology: string;
  methodology: string;
  methodologyName: string;
  programCode: string;
  creditType: CreditType;
  developer: string;
  sectoralScope: number;
  coBenefits: string[];
  ccb: boolean;
  verifier: string;
  firstSerial: bigint;
  firstIssuance: number;
  vintages: VintagePlan[];
}

const SDG = {
  1: 'SDG 1: No Poverty',
  3: 'SDG 3: Good Health and Well-being',
  5: 'SDG 5: Gender Equality',
  6: 'SDG 6: Clean Water and Sanitation',
  7: 'SDG 7: Affordable and Clean Energy',
  8: 'SDG 8: Decent Work and Economic Growth',
  11: 'SDG 11: Sustainable Cities and Communities',
  13: 'SDG 13: Climate Action',
  14: 'SDG 14: Life Below Water',
  15: 'SDG 15: Life on Land',
} as const;

const small = (year: number, blocks: number, retired = 0): VintagePlan => ({ year, blocks, minUnits: 500, maxUnits: 5_000, retired });
const large = (year: number, blocks: number, retired = 0): VintagePlan => ({ year, blocks, minUnits: 20_000, maxUnits: 250_000, retired });

/** Demo projects of the sandbox registry: the kinds of VCS projects companies buy from. */
export const SANDBOX_PROJECTS: readonly SandboxProjectPlan[] = [
  {
    projectId: '2250',
    name: 'Bahia Solar Photovoltaic Complex',
    description:
      'Grid-connected 320 MWp solar photovoltaic complex in the semi-arid west of Bahia, displacing fossil generation on the Brazilian national grid.',
    location: 'Bom Jesus da Lapa, Bahia, Brazil',
    country: 'BR',
    type: 'renewable',
    technology: 'Solar photovoltaic',
    methodology: 'ACM0002',
    methodologyName: 'Grid-connected electricity generation from renewable sources',
    programCode: '1168',
    creditType: 'VER',
    developer: 'Verde Energia S.A.',
    sectoralScope: 1,
    coBenefits: [SDG[7], SDG[8], SDG[13]],
    ccb: false,
    verifier: 'AENOR INTERNACIONAL S.A.U.',
    firstSerial: 148_220_001n,
    firstIssuance: 14_210,
    vintages: [small(2021, 12, 2), small(2022, 14), small(2023, 12)],
  },
  {
    projectId: '1748',
    name: 'Rajasthan Solar Park Bundle',
    description: 'Bundle of utility-scale solar parks in the Thar desert supplying the northern Indian grid.',
    location: 'Jodhpur, Rajasthan, India',
    country: 'IN',
    type: 'renewable',
    technology: 'Solar photovoltaic',
    methodology: 'ACM0002',
    methodologyName: 'Grid-connected electricity generation from renewable sources',
    programCode: '262',
    creditType: 'VER',
    developer: 'Suryoday Renewables Pvt. Ltd.',
    sectoralScope: 1,
    coBenefits: [SDG[7], SDG[8], SDG[13]],
    ccb: false,
    verifier: 'EPIC Sustainability Services Pvt. Ltd.',
    firstSerial: 370_896_063n,
    firstIssuance: 7_139,
    vintages: [large(2018, 3, 2), large(2019, 3, 1), large(2020, 2)],
  },
  {
    projectId: '1694',
    name: 'Tamil Nadu Wind Power Project',
    description: 'Wind turbine generators along the Palghat gap feeding the southern regional grid.',
    location: 'Tirunelveli, Tamil Nadu, India',
    country: 'IN',
    type: 'wind',
    technology: 'Onshore wind',
    methodology: 'ACM0002',
    methodologyName: 'Grid-connected electricity generation from renewable sources',
    programCode: '262',
    creditType: 'VER',
    developer: 'Kaveri Wind Energy Ltd.',
    sectoralScope: 1,
    coBenefits: [SDG[7], SDG[8], SDG[13]],
    ccb: false,
    verifier: 'Earthood Services Private Limited',
    firstSerial: 204_118_301n,
    firstIssuance: 9_872,
    vintages: [small(2019, 8, 3), small(2020, 10, 2), small(2021, 10)],
  },
  {
    projectId: '2054',
    name: 'Marsabit Wind Farm',
    description: 'A 310 MW wind farm in northern Kenya, the largest wind power plant in East Africa.',
    location: 'Marsabit County, Kenya',
    country: 'KE',
    type: 'wind',
    technology: 'Onshore wind',
    methodology: 'ACM0002',
    methodologyName: 'Grid-connected electricity generation from renewable sources',
    programCode: '262',
    creditType: 'VER',
    developer: 'Rift Valley Wind Power Ltd.',
    sectoralScope: 1,
    coBenefits: [SDG[1], SDG[7], SDG[8], SDG[13]],
    ccb: false,
    verifier: 'RINA Services S.p.A.',
    firstSerial: 512_004_001n,
    firstIssuance: 11_506,
    vintages: [large(2020, 2, 1), large(2021, 3), small(2022, 10)],
  },
  {
    projectId: '3107',
    name: 'Texas Panhandle Wind Energy',
    description: 'Wind farm in the Texas Panhandle selling power into the ERCOT market.',
    location: 'Carson County, Texas, United States',
    country: 'US',
    type: 'wind',
    technology: 'Onshore wind',
    methodology: 'ACM0002',
    methodologyName: 'Grid-connected electricity generation from renewable sources',
    programCode: '262',
    creditType: 'VER',
    developer: 'Prairie Gust Renewables LLC',
    sectoralScope: 1,
    coBenefits: [SDG[7], SDG[13]],
    ccb: false,
    verifier: 'Aster Global Environmental Solutions, Inc.',
    firstSerial: 690_100_001n,
    firstIssuance: 16_044,
    vintages: [small(2023, 8), small(2024, 8)],
  },
  {
    projectId: '1360',
    name: 'Tambopata-Bahuaja Forest Conservation (REDD+)',
    description: 'Avoided deforestation in the buffer zone of the Tambopata National Reserve, with Brazil-nut concession holders as partners.',
    location: 'Madre de Dios, Peru',
    country: 'PE',
    type: 'forestry',
    technology: 'REDD+ (avoided unplanned deforestation)',
    methodology: 'VM0007',
    methodologyName: 'REDD+ Methodology Framework (REDD+MF)',
    programCode: '1024',
    creditType: 'VER',
    developer: 'Bosques Amazónicos S.A.C.',
    sectoralScope: 14,
    coBenefits: ['CCB Gold: Biodiversity', SDG[1], SDG[5], SDG[13], SDG[15]],
    ccb: true,
    verifier: 'SCS Global Services',
    firstSerial: 823_550_001n,
    firstIssuance: 12_001,
    vintages: [large(2018, 3, 2), large(2019, 3, 1), large(2020, 3), small(2021, 10)],
  },
  {
    projectId: '1477',
    name: 'Central Kalimantan Peat Forest Conservation (REDD+)',
    description: 'Protection of tropical peat swamp forest bordering Tanjung Puting National Park, home to Bornean orangutans.',
    location: 'Seruyan, Central Kalimantan, Indonesia',
    country: 'ID',
    type: 'forestry',
    technology: 'REDD+ (avoided planned deforestation)',
    methodology: 'VM0007',
    methodologyName: 'REDD+ Methodology Framework (REDD+MF)',
    programCode: '1024',
    creditType: 'VER',
    developer: 'Borneo Peatland Conservation PT',
    sectoralScope: 14,
    coBenefits: ['CCB Gold: Biodiversity', 'CCB Gold: Community', SDG[1], SDG[13], SDG[15]],
    ccb: true,
    verifier: 'SCS Global Services',
    firstSerial: 1_042_000_001n,
    firstIssuance: 13_377,
    vintages: [large(2019, 2, 1), large(2020, 3), large(2021, 2), small(2022, 8)],
  },
  {
    projectId: '2433',
    name: 'Kenya Clean Cookstoves Programme',
    description: 'Distribution of efficient wood-burning cookstoves to rural households, cutting fuelwood use and indoor smoke.',
    location: 'Kakamega and Bungoma Counties, Kenya',
    country: 'KE',
    type: 'cookstoves',
    technology: 'Improved cookstoves',
    methodology: 'VMR0006',
    methodologyName: 'Installation of high-efficiency firewood cookstoves',
    programCode: '1257',
    creditType: 'VER',
    developer: 'Jiko Safi Ltd.',
    sectoralScope: 3,
    coBenefits: [SDG[3], SDG[5], SDG[7], SDG[13], SDG[15]],
    ccb: false,
    verifier: 'Earthood Services Private Limited',
    firstSerial: 1_210_400_001n,
    firstIssuance: 15_220,
    vintages: [small(2020, 8, 3), small(2021, 12, 2), small(2022, 14), small(2023, 16)],
  },
  {
    projectId: '3012',
    name: 'North Sumatra Mangrove Restoration',
    description: 'Restoration of degraded mangroves and abandoned aquaculture ponds along the Strait of Malacca coast.',
    location: 'Langkat, North Sumatra, Indonesia',
    country: 'ID',
    type: 'blue_carbon',
    technology: 'Mangrove restoration',
    methodology: 'VM0033',
    methodologyName: 'Methodology for Tidal Wetland and Seagrass Restoration',
    programCode: '1350',
    creditType: 'VER',
    developer: 'Pesisir Biru Foundation',
    sectoralScope: 14,
    coBenefits: ['CCB Gold: Biodiversity', SDG[1], SDG[13], SDG[14]],
    ccb: true,
    verifier: 'RINA Services S.p.A.',
    firstSerial: 1_330_700_001n,
    firstIssuance: 16_301,
    vintages: [small(2022, 10, 1), small(2023, 12), small(2024, 8)],
  },
  {
    projectId: '1893',
    name: 'Ohio Valley Landfill Gas Capture',
    description: 'Collection and flaring of landfill gas with electricity generation at a municipal solid-waste landfill.',
    location: 'Belmont County, Ohio, United States',
    country: 'US',
    type: 'methane_capture',
    technology: 'Landfill gas capture and utilisation',
    methodology: 'ACM0001',
    methodologyName: 'Flaring or use of landfill gas',
    programCode: '257',
    creditType: 'VER',
    developer: 'Buckeye Renewable Gas LLC',
    sectoralScope: 13,
    coBenefits: [SDG[7], SDG[11], SDG[13]],
    ccb: false,
    verifier: 'Aster Global Environmental Solutions, Inc.',
    firstSerial: 402_960_001n,
    firstIssuance: 10_118,
    vintages: [small(2018, 6, 4), small(2019, 8, 2), small(2020, 8)],
  },
  {
    projectId: '2745',
    name: 'Minas Gerais Swine Farm Methane Recovery',
    description: 'Anaerobic digesters on swine farms capture manure methane and burn it for heat and power.',
    location: 'Patos de Minas, Minas Gerais, Brazil',
    country: 'BR',
    type: 'methane_capture',
    technology: 'Manure methane recovery',
    methodology: 'AMS-III.D',
    methodologyName: 'Methane recovery in animal manure management systems',
    programCode: '1189',
    creditType: 'VER',
    developer: 'AgroBiogás Ltda.',
    sectoralScope: 15,
    coBenefits: [SDG[6], SDG[7], SDG[13]],
    ccb: false,
    verifier: 'AENOR INTERNACIONAL S.A.U.',
    firstSerial: 958_300_001n,
    firstIssuance: 14_874,
    vintages: [small(2021, 6, 1), small(2022, 8), small(2023, 8)],
  },
];

/** A fixed pseudo-random amount per block, so every seeded sandbox holds the same serials. */
function blockUnits(plan: VintagePlan, projectId: string, index: number): bigint {
  const seed = (Number(projectId) * 7919 + plan.year * 104_729 + index * 1_299_709) % 1_000_003;
  const steps = Math.floor((plan.maxUnits - plan.minUnits) / 10) + 1;
  return BigInt(plan.minUnits + (seed % steps) * 10);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function sandboxBlocksFor(tenantId: string, project: SandboxProjectPlan): NewSandboxBlock[] {
  const blocks: NewSandboxBlock[] = [];
  let next = project.firstSerial;
  project.vintages.forEach((vintage, vintageIndex) => {
    const issuance = String(project.firstIssuance + vintageIndex * 37);
    const issuanceDate = `${vintage.year + 1}-${pad(3 + ((Number(project.projectId) + vintageIndex) % 7))}-${pad(5 + ((vintageIndex * 3) % 20))}`;
    for (let index = 0; index < vintage.blocks; index += 1) {
      const units = blockUnits(vintage, project.projectId, index);
      const serial: VerraSerial = {
        form: 'current',
        issuance,
        blockStart: next,
        blockEnd: next + units - 1n,
        programCode: project.programCode,
        creditType: project.creditType,
        country: project.country,
        sectoralScope: project.sectoralScope,
        projectId: project.projectId,
        vintageStart: `${vintage.year}-01-01`,
        vintageEnd: `${vintage.year}-12-31`,
        additionalCertification: project.ccb,
      };
      const retired = index < vintage.retired;
      blocks.push({
        tenantId,
        projectId: project.projectId,
        serialNumber: formatVerraSerial(serial),
        blockStart: serial.blockStart,
        blockEnd: serial.blockEnd,
        vintageStart: serial.vintageStart,
        vintageEnd: serial.vintageEnd,
        status: retired ? 'retired' : 'issued',
        issuanceDate,
        verifier: project.verifier,
        reference: retired ? `VCS-RET-${issuance}-${index + 1}` : null,
      });
      next += units;
    }
    // Registries leave gaps between issuances.
    next += 1_000_000n;
  });
  return blocks;
}

/**
 * Fills the tenant's sandbox registry with the demo projects and their issued blocks.
 * Idempotent: a project that exists keeps its blocks as they are (some may be locked).
 */
export async function seedSandboxRegistry(tx: Tx, tenantId: string): Promise<void> {
  const created = new Set(
    await insertProjects(
      tx,
      SANDBOX_PROJECTS.map((project) => ({
        tenantId,
        projectId: project.projectId,
        name: project.name,
        description: project.description,
        location: project.location,
        country: project.country,
        type: project.type,
        technology: project.technology,
        methodology: project.methodology,
        methodologyName: project.methodologyName,
        developer: project.developer,
        standard: 'VCS',
        sectoralScope: project.sectoralScope,
        coBenefits: project.coBenefits,
      })),
    ),
  );
  await insertBlocks(
    tx,
    SANDBOX_PROJECTS.filter((project) => created.has(project.projectId)).flatMap((project) => sandboxBlocksFor(tenantId, project)),
  );
}
