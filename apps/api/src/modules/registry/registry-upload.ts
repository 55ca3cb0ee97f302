import type { FastifyRequest } from 'fastify';
import { FILE_FIELD, registryIntegrationTexts } from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import type { CsvUpload } from './registry-import.service';

/** The one file of the multipart body, at most REGISTRY_CSV_MAX_BYTES, with the import's refusals (as modules/files reads its uploads). */
export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart())
    throw new AppError('REGISTRY__CSV_UNSUPPORTED', registryIntegrationTexts.csvUnsupported, {
      fields: { [FILE_FIELD]: [registryIntegrationTexts.csvUnsupported] },
    });
  const part = await request.file();
  if (!part || part.fieldname !== FILE_FIELD)
    throw AppError.validation({ [FILE_FIELD]: [registryIntegrationTexts.csvMissingFile] }, registryIntegrationTexts.csvMissingFile);
  try {
    return { bytes: await part.toBuffer(), originalName: part.filename || null };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('REGISTRY__CSV_TOO_LARGE', registryIntegrationTexts.csvTooLarge, { fields: { [FILE_FIELD]: [registryIntegrationTexts.csvTooLarge] } });
    throw error;
  }
}
