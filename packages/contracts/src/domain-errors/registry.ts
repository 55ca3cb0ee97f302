import { registryTexts } from '../projects';
import { domainError } from './define';

/** The registry domain's business failures (docs/architecture.md "Errors"). */
export const registryErrors = {
  /** The range overlaps VCUs some tenant already imported: a serial range is never tokenised twice. */
  REGISTRY__SERIAL_OVERLAP: domainError('CONFLICT', registryTexts.overlap),
  /** The registry holds the range as locked or retired (or under another lock reference). */
  REGISTRY__BLOCK_NOT_ISSUED: domainError('CONFLICT', registryTexts.blockNotIssued),
  /** Fewer free units in the registry than a mint needs to import. */
  REGISTRY__NOT_ENOUGH_FREE_UNITS: domainError('CONFLICT', 'The registry has fewer free tCO2e for this project than are needed.'),
  /** Fewer available imported units than a mint reserves. */
  REGISTRY__INSUFFICIENT_UNITS: domainError('CONFLICT', 'Fewer imported VCUs are available than were requested.'),
  /** Fewer tokenised, unretired units of a mint than a retirement burns. */
  REGISTRY__NOT_ENOUGH_TOKENISED_UNITS: domainError('CONFLICT', "Fewer of this token's VCUs are not yet retired than were requested."),
} as const;
