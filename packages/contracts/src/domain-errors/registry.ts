import { registryTexts } from '../projects';
import { registryIntegrationTexts } from '../registry';
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
  /** The upload is not a multipart file, or its bytes are not UTF-8 text (NUL bytes, binary content). */
  REGISTRY__CSV_UNSUPPORTED: domainError('UNSUPPORTED_MEDIA_TYPE', registryIntegrationTexts.csvUnsupported),
  /** The CSV is larger than REGISTRY_CSV_MAX_BYTES. */
  REGISTRY__CSV_TOO_LARGE: domainError('PAYLOAD_TOO_LARGE', registryIntegrationTexts.csvTooLarge),
  /** The file is text but not a Verra export: wrong header, no rows, too many rows or broken quoting. */
  REGISTRY__CSV_INVALID: domainError('VALIDATION_ERROR', registryIntegrationTexts.csvHeader),
} as const;
