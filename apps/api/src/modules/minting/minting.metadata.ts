import { address } from '@solana/kit';
import type { TokenMetadataInput } from '@carbonledger/chain';
import { API_BASE_PATH, REGISTRY_NAMES, fileStoreCidOfLogo, formatBaseUnits, type CarbonProject, type TokenMetadataDocument } from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import type { MintingDeps } from './minting.deps';
import * as repository from './minting.repository';

/** Where a project mint's metadata JSON is served: the on-chain uri, so wallets and explorers show the serial ranges behind the token. */
export function tokenMetadataUri(publicBaseUrl: string, mint: string): string {
  return `${publicBaseUrl}${API_BASE_PATH}/public/tokens/${mint}/metadata.json`;
}

/**
 * Stands in for the mint address when fees are estimated before the mint exists: base58
 * addresses are at most 44 characters, so the estimate is never below the real rent.
 */
export const LONGEST_MINT_ADDRESS = '1'.repeat(44);

/** On-chain metadata of a project+vintage mint: the registry facts a holder can read from the token itself. */
export function projectMintMetadata(
  project: Pick<CarbonProject, 'id' | 'registry' | 'methodology'>,
  vintage: number,
  token: { name: string; symbol: string },
  uri: string,
): TokenMetadataInput {
  return {
    name: token.name,
    symbol: token.symbol,
    uri,
    additionalFields: [
      ['projectId', project.id],
      ['registry', REGISTRY_NAMES[project.registry]],
      ['methodology', project.methodology],
      ['vintage', String(vintage)],
    ],
  };
}

/** A logo of the product's file store is published under this deployment's origin; any other logo is https (the contract's rule). */
function logoImageUrl(publicBaseUrl: string, logoUrl: string): string {
  const cid = fileStoreCidOfLogo(logoUrl);
  return cid ? `${publicBaseUrl}${API_BASE_PATH}/files/${cid}` : logoUrl;
}

/**
 * The public metadata document of a project mint (the on-chain uri): registry facts and the
 * serial ranges tokenised into it, read live so later mints and retirements show up. Its unit
 * count (supply) is the chain's: a burn made outside the platform lowers it even though no
 * serial range was retired for it.
 */
export async function tokenMetadataDocument(deps: MintingDeps, mintAddress: string): Promise<TokenMetadataDocument> {
  const projectMint = await deps.context.db.asSystem((tx) => repository.findProjectMintByAddress(tx, mintAddress));
  if (!projectMint) throw AppError.notFound('Token');
  const supply = (await deps.context.chain.getMint(address(mintAddress)))?.supply ?? 0n;
  return deps.context.db.withTenant(projectMint.tenantId, async (tx) => {
    const project = await deps.registry(tx).getProject(projectMint.projectId);
    const ranges = await repository.serialRangesOfMint(tx, mintAddress);
    const presentation = await repository.latestPresentationOfMint(tx, mintAddress);
    const registryName = REGISTRY_NAMES[projectMint.registry];
    const projectName = project?.name ?? projectMint.name;
    const methodology = project?.methodology ?? '';
    return {
      name: projectMint.name,
      symbol: projectMint.symbol,
      description:
        presentation?.description ??
        `${projectName}, vintage ${projectMint.vintage}: 1 token = 1 tCO2e of verified carbon units (${registryName} ${projectMint.projectId}).`,
      ...(presentation?.logoUrl ? { image: logoImageUrl(deps.publicBaseUrl, presentation.logoUrl) } : {}),
      attributes: [
        { trait_type: 'Registry', value: registryName },
        { trait_type: 'Project', value: `${projectName} (${projectMint.projectId})` },
        { trait_type: 'Methodology', value: methodology },
        { trait_type: 'Vintage', value: String(projectMint.vintage) },
        { trait_type: 'Supply (tCO2e)', value: formatBaseUnits(supply, projectMint.decimals) },
      ],
      properties: {
        registry: projectMint.registry,
        projectId: projectMint.projectId,
        projectName,
        methodology,
        vintage: projectMint.vintage,
        serialRanges: ranges.map((range) => ({
          serialNumber: range.serialNumber,
          units: (range.blockEnd - range.blockStart + 1n).toString(),
          status: range.status,
        })),
        supply: supply.toString(),
        decimals: projectMint.decimals,
      },
    };
  });
}
