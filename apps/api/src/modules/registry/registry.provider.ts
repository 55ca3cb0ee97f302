import type { AppConfig } from '../../config';
import type { RegistryProvider } from './registry.adapter';
import { sandboxRegistry } from './sandbox-registry';
import { verraRegistry } from './verra-registry';

/** The registry behind projects, minting and retirements: Verra when REGISTRY_API_URL is set, else each tenant's embedded sandbox. */
export function registryProviderOf(config: Pick<AppConfig, 'registryApiUrl' | 'registryApiKey'>): RegistryProvider {
  if (!config.registryApiUrl) return sandboxRegistry;
  const verra = verraRegistry({ baseUrl: config.registryApiUrl, apiKey: config.registryApiKey });
  return () => verra;
}
