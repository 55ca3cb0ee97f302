import { z } from 'zod';
import {
  API_TIMEOUT_MS,
  carbonProjectSchema,
  formatVerraSerial,
  projectStatsSchema,
  registryTexts,
  registryVcuBlockSchema,
  type CarbonProject,
} from '@carbonledger/contracts';
import { AppError } from '../../lib/app-error';
import type { RegistryAdapter } from './registry.adapter';

export interface VerraRegistryOptions {
  /** Base URL of the Verra-format registry API, e.g. https://registry.example/api/v1/. */
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
}

const remoteProjectSchema = carbonProjectSchema.omit({ registry: true });
const projectPageSchema = z.object({ items: z.array(remoteProjectSchema), total: z.number().int().min(0) });
const referenceSchema = z.object({ reference: z.string().min(1).max(200) });

function unavailable(cause?: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', registryTexts.registryUnavailable, { cause });
}

/** Registry answers to a state change, as the platform's errors. */
function changeRefused(status: number): AppError {
  if (status === 404) return new AppError('NOT_FOUND', registryTexts.blockNotFound, { fields: { serialNumber: [registryTexts.blockNotFound] } });
  if (status === 409)
    return new AppError('REGISTRY__BLOCK_NOT_ISSUED', registryTexts.blockNotIssued, { fields: { serialNumber: [registryTexts.blockNotIssued] } });
  if (status === 400 || status === 422) return AppError.validation({ serialNumber: [registryTexts.issuanceMismatch] }, registryTexts.issuanceMismatch);
  return unavailable(new Error(`registry answered ${status}`));
}

/**
 * A registry reached over HTTP with Verra's data model: projects, issued VCU blocks named
 * by serial, and lock/unlock/retire calls that answer with the registry's reference.
 * Answers are validated; anything unexpected counts as the registry being unavailable.
 */
export function verraRegistry(options: VerraRegistryOptions): RegistryAdapter {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unavailable(error);
    }
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, json };
  }

  async function read<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    const { status, json } = await call('GET', path);
    if (status === 404) return null;
    if (status !== 200) throw unavailable(new Error(`registry answered ${status} to GET ${path}`));
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw unavailable(parsed.error);
    return parsed.data;
  }

  async function change(path: string, body: unknown): Promise<{ reference: string }> {
    const { status, json } = await call('POST', path, body);
    if (status !== 200 && status !== 201) throw changeRefused(status);
    const parsed = referenceSchema.safeParse(json);
    if (!parsed.success) throw unavailable(parsed.error);
    return parsed.data;
  }

  const asProject = (project: z.infer<typeof remoteProjectSchema>): CarbonProject => ({ ...project, registry: 'verra' });

  return {
    id: 'verra',

    async listProjects({ search, type, page, pageSize }) {
      const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (search) query.set('search', search);
      if (type) query.set('type', type);
      const result = await read(`projects?${query.toString()}`, projectPageSchema);
      if (!result) throw unavailable(new Error('project search answered 404'));
      return { items: result.items.map(asProject), total: result.total };
    },

    async projectStats() {
      const stats = await read('projects/stats', projectStatsSchema);
      if (!stats) throw unavailable(new Error('project statistics answered 404'));
      return stats;
    },

    async getProject(projectId) {
      const project = await read(`projects/${encodeURIComponent(projectId)}`, remoteProjectSchema);
      return project ? asProject(project) : null;
    },

    async listVcuBlocks(projectId) {
      return (await read(`projects/${encodeURIComponent(projectId)}/vcu-blocks`, z.array(registryVcuBlockSchema))) ?? [];
    },

    lockSerialRange(serial, holder) {
      return change('vcu-blocks/lock', { serialNumber: formatVerraSerial(serial), holder });
    },

    async unlockSerialRange(serial, reference) {
      await change('vcu-blocks/unlock', { serialNumber: formatVerraSerial(serial), reference });
    },

    markRetired(serial, details) {
      return change('vcu-blocks/retire', { serialNumber: formatVerraSerial(serial), ...details });
    },
  };
}
