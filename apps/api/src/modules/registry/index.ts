/** The registry module's face: the registry a request works against, and the VCU records minting, projects and retirements change or read. */
export type { RegistryAdapter, RegistryProvider, RetirementDetails } from './registry.adapter';
export { registryProviderOf } from './registry.provider';
export { registryRoutes } from './registry.routes';
export { seedSandboxRegistry } from './sandbox-seed';
export {
  availableUnits,
  freeRegistryUnits,
  importFreeUnits,
  importVcuBlock,
  lockAvailableBlocks,
  lockReservation,
  markTokenised,
  releaseReservation,
  releaseVcuBlock,
  reserveUnits,
  retireTokenisedUnits,
  unitsOf,
  type VcuBlockRecord,
  type VcuImporter,
} from './vcu-blocks.service';
export { importedBlocks, importedBlocksOfProject } from './vcu-blocks.queries';
